import { queryOptions } from '@tanstack/react-query';
import { surveyPaths, VISITOR_UNIQUE_HEADER, type TPublicSurveyList, type TSuccess, type TSurvey, type TSurveyListItem, type TSurveyPhoto, type TSurveySubmitBody } from '@portal/contract';
import { api } from '../../lib/api';
import { apiUploadWithProgress } from '../../lib/upload';
import { audienceKey, type Audience } from '../../lib/audience';
import { storage } from '../../lib/storage';

/** Surveys are read by residents and by visitors of a public project (who carry their visitor code). */
export type SurveyAudience = Extract<Audience, { kind: 'occupant' | 'public' }>;

export const surveyKeys = {
  all: ['surveys'] as const,
  list: (audience: SurveyAudience) => [...surveyKeys.all, 'list', ...audienceKey(audience)] as const,
  detail: (audience: SurveyAudience, id: number) => [...surveyKeys.all, 'detail', ...audienceKey(audience), id] as const,
};

/** The visitor's code for this project; the list call issues one when the browser has none yet. */
const visitorCode = (audience: SurveyAudience) => (audience.kind === 'public' ? storage.visitorUnique(audience.projectId) : null);

async function listSurveys(audience: SurveyAudience, signal: AbortSignal): Promise<TSurveyListItem[]> {
  if (audience.kind === 'occupant') return api<TSurveyListItem[]>(surveyPaths.occupantList, { signal });
  const surveys = await api<TPublicSurveyList>(surveyPaths.publicList(audience.projectId), {
    query: { unique: visitorCode(audience) }, token: false, signal,
    onHeaders: (headers) => {
      const unique = headers.get(VISITOR_UNIQUE_HEADER);
      if (unique) storage.setVisitorUnique(audience.projectId, unique);
    },
  });
  return surveys;
}

export const surveyQueries = {
  list: (audience: SurveyAudience) => queryOptions({ queryKey: surveyKeys.list(audience), queryFn: ({ signal }) => listSurveys(audience, signal) }),
  detail: (audience: SurveyAudience, id: number) =>
    queryOptions({
      queryKey: surveyKeys.detail(audience, id),
      queryFn: ({ signal }) =>
        audience.kind === 'occupant'
          ? api<TSurvey>(surveyPaths.occupantSurvey(id), { signal })
          : api<TSurvey>(surveyPaths.publicSurvey(id), { query: { unique: visitorCode(audience) }, token: false, signal }),
    }),
};

function requireCode(audience: SurveyAudience & { kind: 'public' }): string {
  const code = visitorCode(audience);
  // The list (always loaded first) stores the code; without one the page must be reloaded.
  if (!code) throw new Error('visitor code missing');
  return code;
}

export const surveyApi = {
  /** Sends the answers: `{ answers }` for version 1, `{ values }` for version 2. */
  submit: (audience: SurveyAudience, id: number, body: Omit<TSurveySubmitBody, 'language'>) =>
    audience.kind === 'occupant'
      ? api<TSuccess>(surveyPaths.occupantSurvey(id), { body, handleAuthErrors: false })
      : api<TSuccess>(surveyPaths.publicSubmit(id, requireCode(audience)), { body, token: false }),

  /** Uploads a photo for a photo element (multipart field `image`), telling its progress. */
  uploadPhoto: (audience: SurveyAudience, id: number, elementId: string, file: File, onProgress: (fraction: number) => void) =>
    audience.kind === 'occupant'
      ? apiUploadWithProgress<TSurveyPhoto>(surveyPaths.occupantUpload(id, elementId), file, { onProgress })
      : apiUploadWithProgress<TSurveyPhoto>(surveyPaths.publicUpload(id, requireCode(audience), elementId), file, { onProgress, token: false }),
};
