import { ApiError } from './api';

/**
 * "The connection is back": the browser's 'online' event and the app's connectivity watcher (which
 * sees the server answer /polling again and then fires CONNECTION_RESTORED_EVENT on window) both
 * announce it, so that work waiting for a connection (a form section that could not be saved) is sent
 * again at once. The watcher imports only the event's name, so this stays out of the first page load.
 */
export const CONNECTION_RESTORED_EVENT = 'portal:connection-restored';

/** Calls `listener` each time the connection returns; returns the unsubscribe. */
export function onConnectionRestored(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener(CONNECTION_RESTORED_EVENT, listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener(CONNECTION_RESTORED_EVENT, listener);
  };
}

/** A call that reached no server (no connection, or the server is down): worth trying again later. */
export function isConnectionError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}
