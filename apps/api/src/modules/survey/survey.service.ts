import {
  surveyMessages, validateSurveyV1, validateSurveyV2,
  type TProject, type TPublicSurveyList, type TSurvey, type TSurveyElement, type TSurveyListItem, type TSurveyPhoto,
  type TSurveySubmitBody, type TSurveyValue,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { toDutchDate } from '../../lib/dates.ts';
import { ConflictError, ForbiddenError, HttpError, NotFoundError, UnprocessableError } from '../../lib/errors.ts';
import { hashToken, newVisitorCode } from '../../lib/tokens.ts';
import type { RateLimiter } from '../auth/rate-limit.ts';
import type { Session } from '../auth/session.store.ts';
import type { NewItemRegistry } from '../project/new-items.ts';
import { fileUrl, processImage, type FilesService } from '../files/index.ts';
import type { ProjectService } from '../project/project.service.ts';
import {
  countOpenSurveys, deleteAbandonedPhotos, hasOpenedAt, isAnswerableNow, deleteUnusedPhotos, findPhoto, findResponse, findSurvey, insertPhoto, insertResponse, listPhotos, listSurveys, photoFileReadable,
  type Respondent, type SurveyPhoto, type SurveyResponseRow, type SurveyRow,
} from './survey.repository.ts';
import type { SurveyAnswers } from './survey.table.ts';

export type SurveyServiceDeps = {
  db: Db;
  projects: ProjectService;
  limiter: RateLimiter;
  newItems: NewItemRegistry;
  /** The portal's files (storage driver plus the files table); survey photos are owner 'survey'. */
  files: FilesService;
  /** Public submits and uploads per IP address per 15 minutes. */
  limits: { client: number };
  /** Largest photo upload in bytes. */
  photoMaxBytes: number;
  log?: (error: unknown, msg: string) => void;
};

/** A respondent may keep this many uploaded photos per survey before submitting. */
export const PHOTOS_PER_SURVEY = 30;
const FILE_OWNER = 'survey';

/** Who is asking: a resident at an address, or a visitor with their code. */
type Caller = { kind: 'occupant'; session: Session } | { kind: 'public'; unique: string | null };

type Context = { survey: SurveyRow; project: TProject; respondent: Respondent | null; caller: Caller };

const hasSurveys = (project: Pick<TProject, 'modules'>) => project.modules.some((m) => m.name === 'survey');
const notFound = () => new NotFoundError(surveyMessages.surveyNotFound);
/** Said when a closed survey is opened without answers, or answers arrive after it closed. */
export const SURVEY_CLOSED = 'Deze enquête is gesloten en kan niet meer worden ingevuld.';

/** A resident's photo is a file like any other (/api/files/..., signed for the session in the answer); a visitor's is read with their code. */
function photoUrl(photo: Pick<SurveyPhoto, 'id' | 'surveyId' | 'fileId' | 'filename'>, caller: Caller): string {
  return caller.kind === 'occupant'
    ? fileUrl({ id: photo.fileId, filename: photo.filename })
    : `/api/public/survey/${photo.surveyId}/${caller.unique}/photo/${photo.id}`;
}

function toPhoto(photo: SurveyPhoto, caller: Caller): TSurveyPhoto {
  return { id: photo.id, image_width: photo.imageWidth, image_height: photo.imageHeight, url: photoUrl(photo, caller) };
}

const cleanText = (value: unknown): TSurveyValue => (typeof value === 'string' ? (value.trim() ? value.trim() : null) : (value as TSurveyValue) ?? null);

/**
 * Surveys (enquêtes) of a project: residents answer per address, visitors of a public project per
 * visitor code. A survey is answered once; the answers come back with the survey, so it shows
 * read-only on every device. Only projects whose module list has 'survey' have surveys.
 */
export function createSurveyService(deps: SurveyServiceDeps) {
  const { db, projects, limiter, files } = deps;
  const log = deps.log ?? (() => {});

  // Residents (their own address's photos) and the project's staff read survey photos through /api/files.
  files.registerOwner(FILE_OWNER, async (fileId, viewer) => {
    if (viewer.kind === 'occupant') return (await photoFileReadable(db, fileId, { addressId: viewer.addressId })) ? {} : null;
    if (viewer.kind === 'staff') return (await photoFileReadable(db, fileId, { customerIds: viewer.customerIds })) ? {} : null;
    return null;
  });

  // The survey tile counts the surveys this address has not answered yet.
  deps.newItems.register(async ({ addressId, projectId }) => ({ survey: await countOpenSurveys(db, projectId, addressId) }));

  async function occupantProject(session: Session, projectId?: number): Promise<TProject> {
    if (session.addressId === null) throw new ForbiddenError();
    const project = await projects.occupantProject(session, projectId);
    if (!hasSurveys(project)) throw new NotFoundError(surveyMessages.moduleUnavailable);
    return project;
  }

  async function publicProject(projectId: number): Promise<TProject> {
    const project = await projects.publicProject(projectId);
    if (!hasSurveys(project)) throw new NotFoundError(surveyMessages.moduleUnavailable);
    return project;
  }

  const respondentOf = (caller: Caller): Respondent | null =>
    caller.kind === 'occupant' ? { addressId: caller.session.addressId! } : caller.unique ? { visitorTokenHash: hashToken(caller.unique) } : null;

  /**
   * The survey, if the caller may see it: a resident's own project (any of their projects), or a
   * public survey of a public project. Everything else is the same 404.
   */
  async function contextFor(caller: Caller, surveyId: number): Promise<Context> {
    const survey = await findSurvey(db, surveyId);
    if (!survey) throw notFound();
    let project: TProject;
    try {
      if (caller.kind === 'occupant') {
        project = await projects.occupantProject(caller.session, survey.projectId);
      } else {
        if (!survey.isPublic) throw notFound();
        project = await projects.publicProject(survey.projectId);
      }
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) throw notFound();
      throw error;
    }
    if (!hasSurveys(project)) throw notFound();
    // Before it opens a survey does not exist for residents and visitors.
    if (!hasOpenedAt(survey)) throw notFound();
    return { survey, project, respondent: respondentOf(caller), caller };
  }

  /** One survey for reading: a closed one only with this respondent's answers. */
  async function readable(ctx: Context): Promise<TSurvey> {
    const response = ctx.respondent ? await findResponse(db, ctx.survey.id, ctx.respondent) : null;
    if (!response && !isAnswerableNow(ctx.survey)) throw new NotFoundError(SURVEY_CLOSED);
    return toSurvey(ctx, response);
  }

  async function toSurvey(ctx: Context, response: SurveyResponseRow | null): Promise<TSurvey> {
    const { survey } = ctx;
    const head = { id: survey.id, name: survey.name, done: response !== null, submitted_at: response ? toDutchDate(response.submittedAt) : null };
    if (survey.version === 1) {
      const given = new Map(response?.answers.version === 1 ? response.answers.answers.map((a) => [a.question_id, a.answer]) : []);
      return { ...head, version: 1, questions: survey.questions.map((q) => ({ id: q.id, question: q.question, type: q.type, answer: given.get(q.id) ?? null })) };
    }
    const values = response?.answers.version === 2 ? response.answers.values : {};
    const photos = response && ctx.respondent ? await listPhotos(db, survey.id, ctx.respondent) : [];
    const photoById = new Map(photos.map((p) => [p.id, p]));
    return {
      ...head,
      version: 2,
      form: survey.form.map((section) => ({
        id: section.id,
        label: section.label ?? null,
        elements: section.elements.map((element): TSurveyElement => {
          const value = element.type === 's_title' ? null : (values[element.id] ?? null);
          const photo = element.type === 's_photoinput' && typeof value === 'number' ? photoById.get(value) : undefined;
          return { ...element, value, photo: photo ? toPhoto(photo, ctx.caller) : null } as TSurveyElement;
        }),
      })),
    };
  }

  /** Checks the answers against the survey and returns them as stored; throws 422 with per-field errors. */
  async function checkedAnswers(ctx: Context, body: TSurveySubmitBody): Promise<{ answers: SurveyAnswers; photoIds: number[] }> {
    const { survey } = ctx;
    if (survey.version === 1) {
      const answers = body.answers ?? [];
      const errors = validateSurveyV1(survey.questions, answers);
      if (errors.length) throw new UnprocessableError(surveyMessages.invalid, errors);
      const given = new Map(answers.map((a) => [a.question_id, a.answer]));
      return {
        answers: {
          version: 1,
          answers: survey.questions.map((q) => {
            const answer = given.get(q.id)!;
            return { question_id: q.id, answer: typeof answer === 'string' ? answer.trim() : answer };
          }),
        },
        photoIds: [],
      };
    }
    const values = body.values ?? {};
    const photos = ctx.respondent ? await listPhotos(db, survey.id, ctx.respondent) : [];
    const errors = validateSurveyV2(survey.form, values, (elementId, photoId) => photos.some((p) => p.id === photoId && p.elementId === elementId));
    if (errors.length) throw new UnprocessableError(surveyMessages.invalid, errors);
    const stored: Record<string, TSurveyValue> = {};
    const photoIds: number[] = [];
    for (const element of survey.form.flatMap((s) => s.elements)) {
      if (element.type === 's_title') continue;
      const value = cleanText(values[element.id]);
      stored[element.id] = Array.isArray(value) && value.length === 0 ? null : value;
      if (element.type === 's_photoinput' && typeof value === 'number') photoIds.push(value);
    }
    return { answers: { version: 2, values: stored }, photoIds };
  }

  async function submit(ctx: Context, body: TSurveySubmitBody, occupantId: number | null) {
    const respondent = ctx.respondent!;
    if (await findResponse(db, ctx.survey.id, respondent)) throw new ConflictError(surveyMessages.alreadyDone);
    if (!isAnswerableNow(ctx.survey)) throw new ConflictError(SURVEY_CLOSED);
    const { answers, photoIds } = await checkedAnswers(ctx, body);
    const row = await insertResponse(db, {
      surveyId: ctx.survey.id, projectId: ctx.survey.projectId, respondent, occupantId, version: ctx.survey.version, answers,
    });
    if (!row) throw new ConflictError(surveyMessages.alreadyDone); // a submit at the same moment won
    // Photos uploaded but not kept in the answers (replaced ones) go.
    const unusedKeys = await deleteUnusedPhotos(db, ctx.survey.id, respondent, photoIds);
    await Promise.all(unusedKeys.map((key) => files.storage.delete(key).catch((error: unknown) => log(error, 'survey photo not removed'))));
    if (respondent.addressId !== undefined) await projects.invalidateNewItems({ addressId: respondent.addressId });
    return { success: true as const, message: surveyMessages.sent };
  }

  /** Checks that the element takes photos and the survey is still open, before the file is read. */
  async function uploadTarget(ctx: Context, elementId: string) {
    const { survey } = ctx;
    const respondent = ctx.respondent!;
    const element = survey.version === 2 ? survey.form.flatMap((s) => s.elements).find((e) => e.id === elementId) : undefined;
    if (!element || element.type !== 's_photoinput') {
      throw new UnprocessableError(surveyMessages.photoNotAPhotoField, [{ field: 'element_id', message: surveyMessages.photoNotAPhotoField }]);
    }
    if (await findResponse(db, survey.id, respondent)) throw new ConflictError(surveyMessages.alreadyDone);
    if (!isAnswerableNow(survey)) throw new ConflictError(SURVEY_CLOSED);
    if ((await listPhotos(db, survey.id, respondent)).length >= PHOTOS_PER_SURVEY) {
      const message = `U kunt bij deze enquête maximaal ${PHOTOS_PER_SURVEY} foto’s toevoegen.`;
      throw new UnprocessableError(message, [{ field: 'image', message }]);
    }
    /** Stores the photo: png/jpeg by content, upright, scaled to the element's size, without metadata. */
    return async (data: Buffer): Promise<TSurveyPhoto> => {
      const image = await processImage(data, { type: surveyMessages.photoType }, { maxWidth: element.data.image_width, maxHeight: element.data.image_height });
      const filename = image.contentType === 'image/png' ? 'foto.png' : 'foto.jpg';
      const photo = await db.transaction(async (tx) => {
        const file = await files.store({ filename, mime: image.contentType, data: image.data, owner: FILE_OWNER }, tx);
        const row = await insertPhoto(tx, {
          surveyId: survey.id, elementId, addressId: respondent.addressId ?? null, visitorTokenHash: respondent.visitorTokenHash ?? null,
          fileId: file.id, imageWidth: image.width, imageHeight: image.height,
        });
        return { ...row, filename: file.filename };
      });
      return toPhoto(photo, ctx.caller);
    };
  }

  async function photo(ctx: Context, photoId: number) {
    const row = ctx.respondent ? await findPhoto(db, ctx.survey.id, photoId, ctx.respondent) : null;
    const stored = row ? await files.open(row.file) : null;
    if (!row || !stored) throw new NotFoundError('Foto niet gevonden');
    return { ...stored, contentType: row.file.mime };
  }

  const throttle = (client: string) => limiter.hit([{ key: `survey:client:${client}`, max: deps.limits.client }]);
  const occupant = (session: Session): Caller => ({ kind: 'occupant', session });
  const visitor = (unique: string | null): Caller => ({ kind: 'public', unique });

  return {
    async occupantList(session: Session, projectId?: number): Promise<TSurveyListItem[]> {
      const project = await occupantProject(session, projectId);
      return listSurveys(db, project.id, { addressId: session.addressId! }, { publicOnly: false });
    },

    /** A visitor's code is kept when it is well-formed (it may come from the chat); otherwise a new one is issued. */
    /** The public surveys with the visitor's code: the one sent, else a new one (the route sends it as a header). */
    async publicList(projectId: number, unique: string | undefined): Promise<{ unique: string; surveys: TPublicSurveyList }> {
      const project = await publicProject(projectId);
      const code = unique ?? newVisitorCode();
      return { unique: code, surveys: await listSurveys(db, project.id, { visitorTokenHash: hashToken(code) }, { publicOnly: true }) };
    },

    async occupantSurvey(session: Session, surveyId: number): Promise<TSurvey> {
      return readable(await contextFor(occupant(session), surveyId));
    },

    async publicSurvey(surveyId: number, unique: string | undefined): Promise<TSurvey> {
      return readable(await contextFor(visitor(unique ?? null), surveyId));
    },

    async occupantSubmit(session: Session, surveyId: number, body: TSurveySubmitBody) {
      return submit(await contextFor(occupant(session), surveyId), body, session.occupantId);
    },

    async publicSubmit(surveyId: number, unique: string, body: TSurveySubmitBody, client: string) {
      const ctx = await contextFor(visitor(unique), surveyId);
      await throttle(client);
      return submit(ctx, body, null);
    },

    /** Resolves who uploads to what before the file is read, so that a refused upload costs no parsing. */
    async occupantUploadTarget(session: Session, surveyId: number, elementId: string) {
      return uploadTarget(await contextFor(occupant(session), surveyId), elementId);
    },

    async publicUploadTarget(surveyId: number, unique: string, elementId: string, client: string) {
      const ctx = await contextFor(visitor(unique), surveyId);
      await throttle(client);
      return uploadTarget(ctx, elementId);
    },

    /** The sweep job: photos of respondents who never submitted, older than a day, go with their files. */
    async sweepAbandonedPhotos(olderThanHours = 24): Promise<number> {
      const keys = await deleteAbandonedPhotos(db, olderThanHours);
      await Promise.all(keys.map((key) => files.storage.delete(key).catch((error: unknown) => log(error, 'survey photo not removed'))));
      return keys.length;
    },

    async publicPhoto(surveyId: number, unique: string, photoId: number) {
      return photo(await contextFor(visitor(unique), surveyId), photoId);
    },
  };
}
export type SurveyService = ReturnType<typeof createSurveyService>;
