import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api';

/**
 * A text that is sent as a whole (an answer, a note): refused with `emptyMessage` when blank, kept when sending
 * fails (the server's Dutch message shown, else `failedMessage`), emptied once it is sent.
 */
export function useTextSubmit(send: (text: string) => Promise<void>, messages: { empty: string; failed: string }, onEmpty?: () => void) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!text.trim()) {
      setError(messages.empty);
      onEmpty?.();
      return;
    }
    setBusy(true);
    try {
      await send(text.trim());
      setText('');
      setError(undefined);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : messages.failed);
    } finally {
      setBusy(false);
    }
  };
  return { text, setText, busy, error, setError, submit };
}
