import { api, apiFailure, apiPage, apiUpload, apiUrl, ApiError, type ApiPage } from './api';
import { apiUploadWithProgress } from './upload';
import { STAFF_TOKEN_KEY } from './storage';

/**
 * The staff console's session (/beheer), kept apart from the portal's: a resident session opened with
 * "open as resident" in another tab never replaces it. A 401 ends it and sends staff to the console's
 * own login (the portal's /inloggen is for residents and partners).
 */
const TOKEN_KEY = STAFF_TOKEN_KEY;
const RETURN_KEY = 'portal.staff_return_to';
export const CONSOLE_LOGIN = '/beheer/inloggen';

function safe<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}

export const staffSession = {
  token: () => safe(() => localStorage.getItem(TOKEN_KEY), null),
  set: (token: string | null) => safe(() => (token ? localStorage.setItem(TOKEN_KEY, token) : localStorage.removeItem(TOKEN_KEY)), undefined),
  returnTo: () => safe(() => sessionStorage.getItem(RETURN_KEY), null),
  setReturnTo: (path: string | null) => safe(() => (path ? sessionStorage.setItem(RETURN_KEY, path) : sessionStorage.removeItem(RETURN_KEY)), undefined),
};

let onSessionEnded: () => void = () => {
  window.location.assign(CONSOLE_LOGIN);
};
/** The console's router says where to go when the session ended (a client-side navigation). */
export function setStaffSessionEndedHandler(handler: () => void) {
  onSessionEnded = handler;
}

async function guarded<T>(call: (token: string | false) => Promise<T>): Promise<T> {
  try {
    return await call(staffSession.token() ?? false);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && staffSession.token()) {
      staffSession.set(null);
      staffSession.setReturnTo(window.location.pathname + window.location.search);
      onSessionEnded();
    }
    throw error;
  }
}

type StaffOptions = Omit<NonNullable<Parameters<typeof api>[1]>, 'token' | 'handleAuthErrors'>;

/** A call to the API's /staff/... namespace with the console's token; errors stay with the caller. */
export const staffApi = <T>(path: string, options: StaffOptions = {}) =>
  guarded((token) => api<T>(path, { ...options, token, handleAuthErrors: true }));

export const staffApiPage = <T>(path: string, page: { before?: number; limit?: number }, options: StaffOptions = {}): Promise<ApiPage<T>> =>
  guarded((token) => apiPage<T>(path, page, { ...options, token, handleAuthErrors: true }));

export const staffUpload = <T>(path: string, file: Blob, options: { field?: string; filename?: string; signal?: AbortSignal } = {}) =>
  guarded((token) => apiUpload<T>(path, file, { ...options, token }));

/** An upload that tells how much was sent (0..1), for a progress bar. */
export const staffUploadWithProgress = <T>(
  path: string, file: File, onProgress: (fraction: number) => void, options: { field?: string; signal?: AbortSignal; fields?: Record<string, string> } = {},
) =>
  guarded((token) => apiUploadWithProgress<T>(path, file, { ...options, onProgress, token }));

/**
 * A POST whose answer is a file (the activation letters' PDF): the file and the answer's headers. A failed
 * answer is an ApiError with the server's Dutch message, as with staffApi.
 */
export const staffDownload = (path: string, body: object) =>
  guarded(async (token) => {
    let response: Response;
    try {
      response = await fetch(apiUrl(path), {
        method: 'POST',
        headers: { accept: 'application/pdf, application/json', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ ...body, language: 'nl' }),
      });
    } catch {
      throw new ApiError(0, { message: 'Er kan geen verbinding worden gemaakt met de server. Controleer de internet verbinding.' });
    }
    if (!response.ok) throw apiFailure(response.status, await response.json().catch(() => null), true);
    return { blob: await response.blob(), headers: response.headers };
  });

/** A GET whose answer is a file (an export as CSV or XLSX): the file and its name from Content-Disposition. */
export const staffGetFile = (path: string, query: Record<string, string | number | undefined>) =>
  guarded(async (token) => {
    let response: Response;
    try {
      response = await fetch(apiUrl(path, query), {
        headers: { accept: '*/*', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    } catch {
      throw new ApiError(0, { message: 'Er kan geen verbinding worden gemaakt met de server. Controleer de internet verbinding.' });
    }
    if (!response.ok) throw apiFailure(response.status, await response.json().catch(() => null), true);
    const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export';
    return { blob: await response.blob(), filename };
  });
