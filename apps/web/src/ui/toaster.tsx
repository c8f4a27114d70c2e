import { useSyncExternalStore } from 'react';
import { ApiError, isRedirected } from '../lib/api';

type Toast = { id: number; tone: 'error' | 'success' | 'info'; text: string };
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/**
 * Shows a short message in the corner; errors are announced assertively. A success replaces the error
 * toasts still showing: they told of an attempt that the later success made good (a corrected save, a
 * survey sent at the second try), and a red 'niet opgeslagen' beside a green 'opgeslagen' contradicts it.
 */
export function toast(text: string, tone: Toast['tone'] = 'info', ms = 6000) {
  const id = nextId++;
  const kept = tone === 'success' ? toasts.filter((t) => t.tone !== 'error') : toasts;
  toasts = [...kept, { id, tone, text }];
  emit();
  setTimeout(() => dismiss(id), ms);
}
/**
 * Shows a failed action: the server's message when it sent one, else `fallback`. Nothing when the
 * failure already led to /inloggen (a 401 is swallowed; the login page tells why for 403 and 500).
 */
export function toastError(error: unknown, fallback: string, { useServerMessage = true } = {}) {
  if (isRedirected(error)) return;
  toast(useServerMessage && error instanceof ApiError ? error.message : fallback, 'error');
}

function dismiss(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

const tones = { error: 'bg-red-800 text-white', success: 'bg-green-800 text-white', info: 'bg-slate-800 text-white' };

export function Toaster() {
  const list = useSyncExternalStore(
    (l) => { listeners.add(l); return () => listeners.delete(l); },
    () => toasts,
  );
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4">
      <div aria-live="assertive" className="contents">
        {list.filter((t) => t.tone === 'error').map((t) => <ToastItem key={t.id} toast={t} />)}
      </div>
      <div aria-live="polite" className="contents">
        {list.filter((t) => t.tone !== 'error').map((t) => <ToastItem key={t.id} toast={t} />)}
      </div>
    </div>
  );
}

function ToastItem({ toast: t }: { toast: Toast }) {
  return (
    <div role={t.tone === 'error' ? 'alert' : 'status'} className={`pointer-events-auto flex max-w-lg items-start gap-3 rounded-md px-4 py-3 shadow-lg ${tones[t.tone]}`}>
      <span className="text-sm">{t.text}</span>
      <button type="button" className="ml-2 text-sm underline" onClick={() => dismiss(t.id)}>Sluiten</button>
    </div>
  );
}
