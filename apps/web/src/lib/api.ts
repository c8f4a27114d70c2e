import type { TApiError } from '@portal/contract';
import { storage } from './storage';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: TApiError,
  ) {
    super(body.message);
  }
  /** Per-field messages of a 422, keyed by field name. */
  fieldErrors(): Record<string, string> {
    return Object.fromEntries((this.body.errors ?? []).map((e) => [e.field, e.message]));
  }
}

type Options = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** A bearer token other than the stored one (e.g. the activation ticket); false sends none. */
  token?: string | false;
  /** Leave 401/403/500 to the caller instead of sending the user to /inloggen. */
  handleAuthErrors?: boolean;
  signal?: AbortSignal;
};

export const API_BASE = '/api';

let onAuthFailure: (status: number) => void = () => {};
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
  return `${API_BASE}${path}?${params}`;
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
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), { method, headers, body, signal: options.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, { message: 'Er kan geen verbinding worden gemaakt met de server. Controleer de internet verbinding.' });
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = new ApiError(response.status, (data as TApiError | null)?.message ? (data as TApiError) : { message: 'Er is iets misgegaan. Probeer het later opnieuw.' });
    if (!options.handleAuthErrors && [401, 403, 500].includes(response.status)) onAuthFailure(response.status);
    throw error;
  }
  return data as T;
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
  if (!response.ok) {
    const error = new ApiError(response.status, (data as TApiError | null)?.message ? (data as TApiError) : { message: 'Er is iets misgegaan. Probeer het later opnieuw.' });
    if ([401, 403, 500].includes(response.status)) onAuthFailure(response.status);
    throw error;
  }
  return data as T;
}
