import { ApiError, apiFailure, apiUrl } from './api';
import { storage } from './storage';

/**
 * A multipart upload (one file under `field`, like apiUpload) that tells how much was sent: fetch
 * cannot, XMLHttpRequest's upload events can, so a photo's progress can be shown. Same token, query
 * (language=nl) and errors as `api`. Without a file (null) only the text fields are sent.
 */
export function apiUploadWithProgress<T>(
  path: string,
  file: File | null,
  options: { onProgress: (fraction: number) => void; field?: string; token?: string | false; signal?: AbortSignal; fields?: Record<string, string> },
): Promise<T> {
  const token = options.token === false ? null : (options.token ?? storage.token());
  const form = new FormData();
  form.append('language', 'nl');
  // Text fields go before the file, so that the server has them when the file arrives.
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  if (file) form.append(options.field ?? 'image', file, file.name);
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiUrl(path));
    request.setRequestHeader('accept', 'application/json');
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let data: unknown = null;
      try {
        data = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        data = null;
      }
      if (request.status >= 200 && request.status < 300) resolve(data as T);
      else reject(apiFailure(request.status, data, false));
    };
    request.onerror = () => reject(new ApiError(0, { message: 'Er kan geen verbinding worden gemaakt met de server. Controleer de internet verbinding.' }));
    request.onabort = () => reject(new DOMException('Upload afgebroken', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
