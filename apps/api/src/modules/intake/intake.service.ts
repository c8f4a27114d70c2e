import { inArray } from 'drizzle-orm';
import {
  EDITABLE_STATUSES, formatCents, formMessages, isEditableStatus, partnerEntryState,
  type TFormOccupant, type TPartnerFormKind, type TFormPhoto, type TFormSaveBody, type TFormValues, type TIntake, type TIntakeAddressProgress, type TIntakeFormListItem, type TPageQuery,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { toDutchDate } from '../../lib/dates.ts';
import { ConflictError, NotFoundError, UnprocessableError } from '../../lib/errors.ts';
import { pageSize, toPage, type Page } from '../../lib/paging.ts';
import type { Session } from '../auth/session.store.ts';
import {
  actorOf, allSigned, findForm, formEntries, fullAddress, insertEvent, listProjectForms, updateEntry,
  addressFormAccess, type AddressFormAccess, type FormEngine, type FormEntryRow, type FormRow, type ProjectRow,
} from '../form-engine/index.ts';
import { fileUrl, safeFilename } from '../files/index.ts';
import type { ProjectService } from '../project/project.service.ts';
import { countProjectAddresses, countSent, listAddressProgress } from './intake.repository.ts';

export type IntakeServiceDeps = { db: Db; projects: ProjectService; engine: FormEngine };

const FAMILY = 'intake';
type Access = AddressFormAccess;

/** A partner's lists serve intake forms (module intake) and choice forms (module forms) alike. */
const LIST_KINDS: Record<TPartnerFormKind, { module: string; sentStatus: string }> = {
  intake: { module: 'intake', sentStatus: 'sent' },
  choice: { module: 'forms', sentStatus: 'send' },
};
const summaryFilename = (form: FormRow) => safeFilename(`${form.name}.pdf`);
const notFound = () => new NotFoundError(formMessages.notFound);
const lockedError = () => new ConflictError(formMessages.locked);
const editableGuard = inArray(formEntries.status, [...EDITABLE_STATUSES]);

/**
 * Intake forms (opname, spec 2.4, 3.5, 4.2, 7.2): one entry per address, filled in by a resident of the
 * address or by staff of the project's customer (a partner) acting for it. Sections are saved as drafts;
 * sending checks every required field of every section and is final. Editable while the status is '',
 * 'open', 'new' or 'denied' (staff set the last two).
 */
export function createIntakeService({ db, projects, engine }: IntakeServiceDeps) {

  const access = addressFormAccess({ db, projects, family: FAMILY, module: 'intake', notFound, addressUnknown: 'Adres niet gevonden' });
  const { entryOf, ensureEntry } = access;

  async function toIntake(a: Access, row: FormEntryRow | null): Promise<TIntake> {
    const ctx = await engine.entryContext(a.caller, a.form, row);
    // Sent: the PDF of what was sent, made once per version of the entry.
    const entry = row?.sentAt ? await engine.ensureSummary({
      family: FAMILY, form: a.form, entry: row, ctx, projectName: a.project.name, signatures: [], filename: summaryFilename(a.form),
    }) : row;
    const status = entry?.status ?? '';
    return {
      id: a.form.id,
      name: a.form.name,
      description: a.form.description,
      status,
      form: engine.renderSections(FAMILY, a.form.definition, entry?.values ?? {}, ctx).sections,
      address: { id: a.address.id, full_address: fullAddress(a.address) },
      editable: isEditableStatus(status),
      sent_at: entry?.sentAt ? toDutchDate(entry.sentAt) : null,
      download_url: entry?.sentAt && entry.summaryFileId !== null ? fileUrl({ id: entry.summaryFileId, filename: summaryFilename(a.form) }) : '',
      filename: summaryFilename(a.form),
      version: entry?.version ?? 0,
    };
  }

  async function editableEntry(a: Access, version?: number): Promise<{ entry: FormEntryRow; version?: number }> {
    const entry = await ensureEntry(a);
    if (!isEditableStatus(entry.status)) throw lockedError();
    // Version 0 is 'no entry yet': it holds while the entry made just now is untouched.
    if (version === 0) {
      if (entry.version !== 1 || Object.keys(entry.values).length > 0) throw new ConflictError(formMessages.changed);
      return { entry };
    }
    return { entry, version };
  }

  async function save(a: Access, section: number, body: TFormSaveBody): Promise<TIntake> {
    if (!a.form.definition[section]) throw new NotFoundError('Onderdeel niet gevonden');
    const { entry, version } = await editableEntry(a, body.version);
    const row = await engine.saveSection({
      family: FAMILY, form: a.form, entry, section, values: body.values as TFormValues, caller: a.caller, onlyGiven: true, version,
      guard: editableGuard, set: { status: entry.status === '' ? 'open' : entry.status }, refuse: lockedError,
    });
    return toIntake(a, row);
  }

  /** 'Formulier versturen': every required field of every section filled in; final. */
  async function send(a: Access): Promise<TIntake> {
    const entry = await ensureEntry(a);
    if (!isEditableStatus(entry.status)) throw lockedError();
    const ctx = await engine.entryContext(a.caller, a.form, entry);
    const errors = engine.formErrors(FAMILY, a.form.definition, entry.values, ctx.rules);
    if (errors.length) throw new UnprocessableError(formMessages.invalid, errors);
    const row = await db.transaction(async (tx) => {
      const updated = await updateEntry(tx, entry.id, entry.version, { status: 'sent', sentAt: new Date(), locked: true, lockedAt: new Date() }, editableGuard);
      if (updated) await insertEvent(tx, entry.id, actorOf(a.caller), 'sent');
      return updated;
    });
    return toIntake(a, row ?? (await engine.conflictAfter(entry, lockedError)));
  }

  async function uploadTarget(a: Access, section: number, elementId: string): Promise<(data: Buffer) => Promise<TFormPhoto>> {
    if (!a.form.definition[section]) throw new NotFoundError('Onderdeel niet gevonden');
    const { entry } = await editableEntry(a);
    return engine.photoTarget({ family: FAMILY, form: a.form, entry, section, elementId, caller: a.caller });
  }

  const occupants = (a: Access): Promise<TFormOccupant[]> => engine.occupants(a.address.id);

  /** The calls that work the same for a resident and a partner, on an access already checked. */
  const calls = { form: async (a: Access) => toIntake(a, await entryOf(a)), save, send, uploadTarget, occupants };

  async function partnerProject(session: Session, projectId: number, kind: TPartnerFormKind): Promise<ProjectRow> {
    const { project } = await projects.staffProject(session, projectId);
    if (!project.modules.some((m) => m.name === LIST_KINDS[kind].module)) throw new NotFoundError(formMessages.moduleUnavailable);
    return project;
  }

  return {
    occupant: access.occupant,
    partner: access.staff,
    calls,

    /** The project's (active) forms of the kind, with the number of addresses and of those sent. */
    async partnerForms(session: Session, projectId: number, kind: TPartnerFormKind): Promise<TIntakeFormListItem[]> {
      const project = await partnerProject(session, projectId, kind);
      const kindForms = (await listProjectForms(db, project.id)).filter((f) => f.kind === kind);
      const [addressCount, sent] = await Promise.all([
        countProjectAddresses(db, project.id), countSent(db, project.id, kindForms.map((f) => f.id), LIST_KINDS[kind].sentStatus),
      ]);
      return kindForms.map((f) => ({ id: f.id, name: f.name, kind, nr_of_addresses: addressCount, nr_sent: sent.get(f.id) ?? 0 }));
    },

    /** The addresses to fill a form of the kind in for, with each one's progress and state; paged (X-Has-More) and searchable. */
    async partnerAddresses(session: Session, projectId: number, formId: number, kind: TPartnerFormKind, query: { q?: string } & TPageQuery): Promise<Page<TIntakeAddressProgress>> {
      const project = await partnerProject(session, projectId, kind);
      const form = await findForm(db, formId);
      if (!form || form.kind !== kind || form.projectId !== project.id || (kind === 'choice' && !form.isActive)) throw notFound();
      const size = pageSize(query);
      const rows = await listAddressProgress(db, { projectId: project.id, formId: form.id, q: query.q, before: query.before, limit: size + 1 });
      const page = toPage(rows, size);
      return {
        hasMore: page.hasMore,
        items: page.items.map((r) => ({
          id: r.id, full_address: fullAddress(r), status: r.status ?? '',
          state: partnerEntryState(kind, r.entryId === null ? null : {
            status: r.status ?? '', locked: r.locked ?? false, paid: r.paidAt !== null,
            signingRequired: form.requireToSignForm, allSigned: allSigned({ nrOfSignatures: r.nrOfSignatures, signatures: r.signatures ?? {} }),
          }),
          nr_of_sections: form.definition.length, nr_of_sections_done: r.sectionsDone ?? 0,
          // Staff may finish a choice form without the payment (spec 6): what the resident still owes shows here.
          total_not_paid: kind === 'choice' && form.enablePayment && r.locked && r.paidAt === null && (r.amountCents ?? 0) > 0 ? formatCents(r.amountCents!) : null,
        })),
      };
    },
  };
}
export type IntakeService = ReturnType<typeof createIntakeService>;
