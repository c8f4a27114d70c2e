import { HAS_MORE_HEADER, type TApiError } from '@portal/contract';
import { storage } from './storage';
import { FROM_CACHE_HEADER } from '../sw/names';

export class ApiError extends Error {
  /** True when the answer already sent the person to /inloggen (401, 403, 500): show nothing more. */
  redirected = false;
  constructor(
    readonly status: number,
    readonly body: TApiError,
  ) {
    super(body.message);
  }
}

type Options = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** A bearer token other than the stored one (e.g. the activation ticket); false sends none. */
  token?: string | false;
  /** Leave 401/403/500 to the caller instead of sending the user to /inloggen. */
  handleAuthErrors?: boolean;
  signal?: AbortSignal;
  /** Reads the headers of a successful answer (e.g. a paged read's X-Has-More). */
  onHeaders?: (headers: Headers) => void;
};

const DEFAULT_API_BASE = '/api';
let apiBase = DEFAULT_API_BASE;

/** The base address of every call: `/api` until the customer lookup names one. */
export function getApiBase(): string {
  return apiBase;
}

/**
 * The customer lookup's `api_url` becomes the base address (spec section 3), falling back to /api.
 * Only an address on the page's own origin is taken: the API sends no CORS headers and the page's
 * Content-Security-Policy allows connections to its own origin only, so another origin would fail
 * every call (e.g. a PUBLIC_URL of localhost while the page is opened on 127.0.0.1).
 */
export function setApiBase(apiUrl: string | null | undefined) {
  apiBase = DEFAULT_API_BASE;
  if (!apiUrl) return;
  try {
    const url = new URL(apiUrl, window.location.origin);
    if (url.origin === window.location.origin && (url.protocol === 'https:' || url.protocol === 'http:')) apiBase = url.pathname.replace(/\/+$/, '') || DEFAULT_API_BASE;
  } catch {
    /* not an address: keep /api */
  }
}

let onAuthFailure: (status: number) => void = () => {};
const REDIRECTING = [401, 403, 500];

/** A failure the app already handled by leading to /inloggen: callers show no toast or banner for it. */
export function isRedirected(error: unknown): boolean {
  return error instanceof ApiError && error.redirected;
}

/** The ApiError of a failed answer (and the move to /inloggen for 401, 403 and 500 unless the caller handles them). */
export function apiFailure(status: number, data: unknown, handleAuthErrors: boolean | undefined): ApiError {
  const body = (data as TApiError | null)?.message ? (data as TApiError) : { message: 'Er is iets misgegaan. Probeer het later opnieuw.' };
  const error = new ApiError(status, body);
  if (!handleAuthErrors && REDIRECTING.includes(status)) {
    error.redirected = true;
    onAuthFailure(status);
  }
  return error;
}
/** The app decides what a 401, 403 or 500 does (the spec: back to /inloggen). */
export function setAuthFailureHandler(handler: (status: number) => void) {
  onAuthFailure = handler;
}

export function apiUrl(path: string, query: Options['query'] = {}): string {
  const params = new URLSearchParams();
  params.set('language', 'nl');
  // Occupant calls name the chosen project.
  const projectId = storage.projectId();
  if (path.startsWith('/occupant/') && projectId && !('project_id' in query)) params.set('project_id', String(projectId));
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) params.set(key, String(value));
  return `${apiBase}${path}?${params}`;
}

type EarlyAnswer = { ok: boolean; status: number; data: unknown };
type EarlyCall = { url: string; token: string | null; response: Promise<Response>; answer?: EarlyAnswer };
const earlyHolder = globalThis as { __portalEarly?: EarlyCall };

/** Fired on window when an answer came from the service worker's cache (offline): the page shows the offline state. */
export const OFFLINE_ANSWER_EVENT = 'portal:offline-answer';

async function readAnswer(response: Response): Promise<EarlyAnswer> {
  if (response.headers.get(FROM_CACHE_HEADER)) window.dispatchEvent(new Event(OFFLINE_ANSWER_EVENT));
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  return { ok: response.ok, status: response.status, data };
}

function earlyCallFor(url: string, token: string | null): EarlyCall | null {
  const early = earlyHolder.__portalEarly;
  return early && early.url === url && early.token === token ? early : null;
}

/**
 * The first screen's call that index.html made while the app's scripts loaded (the dashboards' project).
 * main.tsx waits a moment for its answer (`settleEarlyCall`) so that the first render shows the data
 * (`earlyData`, a query's initialData) instead of a spinner; the GET that matches it exactly (address
 * and token) takes it once. Measured with Lighthouse (mobile): the dashboards' largest element, the
 * welcome text, came one call and one render after the scripts ran.
 */
export async function settleEarlyCall(waitMs: number): Promise<void> {
  const early = earlyHolder.__portalEarly;
  if (!early || early.answer) return;
  const read = early.response.then(readAnswer).then((answer) => {
    early.answer = answer;
  });
  await Promise.race([read.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, waitMs))]);
}

/** The early call's data for this GET when it answered OK before the first render (read-only: the GET still takes it). */
export function earlyData<T>(path: string, options: Pick<Options, 'query' | 'token'> = {}): T | undefined {
  const token = options.token === false ? null : (options.token ?? storage.token());
  const answer = earlyCallFor(apiUrl(path, options.query), token)?.answer;
  return answer?.ok ? (answer.data as T) : undefined;
}

function takeEarlyCall(url: string, token: string | null): Promise<EarlyAnswer> | null {
  const early = earlyCallFor(url, token);
  if (!early) return null;
  delete earlyHolder.__portalEarly;
  return early.answer ? Promise.resolve(early.answer) : early.response.then(readAnswer);
}

/** Every call adds language=nl (query on GET, body otherwise) and the bearer token when there is one. */
export async function api<T>(path: string, options: Options = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const token = options.token === false ? null : (options.token ?? storage.token());
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (method !== 'GET') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify({ ...((options.body as object) ?? {}), language: 'nl' });
  }
  const url = apiUrl(path, options.query);
  const early = method === 'GET' ? takeEarlyCall(url, token) : null;
  let answer: EarlyAnswer;
  try {
    if (early) answer = await early;
    else {
      const response = await fetch(url, { method, headers, body, signal: options.signal });
      answer = await readAnswer(response);
      if (response.ok) options.onHeaders?.(response.headers);
    }
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, { message: 'Er kan geen verbinding worden gemaakt met de server. Controleer de internet verbinding.' });
  }
  if (!answer.ok) throw apiFailure(answer.status, answer.data, options.handleAuthErrors);
  return answer.data as T;
}

/** One page of a paged read (the contract's paging.ts): the answer as the spec shapes it, and whether more follow. */
export type ApiPage<T> = { data: T; hasMore: boolean };

/** GET one page: `before` and `limit` go in the query, X-Has-More comes back as `hasMore`. */
export async function apiPage<T>(path: string, page: { before?: number; limit?: number }, options: Omit<Options, 'onHeaders'> = {}): Promise<ApiPage<T>> {
  let hasMore = false;
  const data = await api<T>(path, {
    ...options,
    query: { ...options.query, before: page.before, limit: page.limit },
    onHeaders: (headers) => {
      hasMore = headers.get(HAS_MORE_HEADER) === 'true';
    },
  });
  return { data, hasMore };
}

/**
 * A multipart upload (the spec's files[key] pattern: one file under `field`) with the same error
 * handling as `api`: the bearer token, language=nl (in the query), ApiError on failure.
 */
export async function apiUpload<T>(path: string, file: Blob, options: { field?: string; filename?: string; token?: string | false; signal?: AbortSignal } = {}): Promise<T> {
  const token = options.token === false ? null : (options.token ?? storage.token());
  const form = new FormData();
  form.append('language', 'nl');
  form.append(options.field ?? 'image', file, options.filename ?? (file instanceof File ? file.name : 'bestand'));
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { method: 'POST', headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: form, signal: options.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, { message: 'Er kan geen verbinding worden gemaakt met de server. Controleer de internet verbinding.' });
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) throw apiFailure(response.status, data, false);
  return data as T;
}
