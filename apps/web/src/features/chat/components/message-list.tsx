import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { TChatMessage } from '@portal/contract';
import { LoadMoreButton } from '../../../ui/load-more';
import { formatChatTime } from '../format';
import { chatTexts } from '../texts';

type Props = {
  messages: TChatMessage[];
  /** Whether a message is the viewer's side (shown on the right, in the project colour). */
  isOwn: (message: TChatMessage) => boolean;
  senderName: (message: TChatMessage) => string;
  emptyText: string;
  /** Older messages remain on the server: 'Oudere berichten laden' at the top of the list. */
  older?: { busy: boolean; failed: boolean; onLoad: () => void } | null;
};

/**
 * The conversation, oldest first, in a scroll box of at most the viewport minus 465 px (spec section
 * 9) that keeps the newest message in view. Messages of the other side that arrive while the page is
 * open are announced in a polite live region. Older messages load on demand at the top; the reader
 * keeps their place when they arrive, and keyboard focus moves to the list when the last ones came.
 */
export function MessageList({ messages, isOwn, senderName, emptyText, older = null }: Props) {
  const labelId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const seen = useRef<Set<number> | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const lastId = messages.at(-1)?.id ?? 0;
  const firstId = messages[0]?.id ?? 0;
  const lastIsOwn = messages.length > 0 && isOwn(messages.at(-1)!);
  const fromBottom = useRef<number | null>(null);
  const hadOlder = useRef(!!older);

  // Keep the newest message visible: on the first render, after one's own message, and while the
  // reader has not scrolled up to read older ones.
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (box && (stickToBottom.current || lastIsOwn)) box.scrollTop = box.scrollHeight;
  }, [lastId, lastIsOwn]);

  // Older messages came in above: keep what the reader was looking at where it was.
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (box && fromBottom.current !== null) box.scrollTop = box.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [firstId]);

  // The button goes once the oldest message is there; focus stays in the conversation.
  useEffect(() => {
    if (hadOlder.current && !older && (!document.activeElement || document.activeElement === document.body)) {
      boxRef.current?.focus();
    }
    hadOlder.current = !!older;
  }, [older]);

  // ... and when the box changes size (a rotated phone, a resized window).
  useEffect(() => {
    const box = boxRef.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stickToBottom.current) box.scrollTop = box.scrollHeight;
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (seen.current === null) {
      seen.current = new Set(messages.map((m) => m.id));
      return;
    }
    const fresh = messages.filter((m) => !seen.current!.has(m.id));
    fresh.forEach((m) => seen.current!.add(m.id));
    const incoming = fresh.filter((m) => !isOwn(m));
    if (incoming.length) setAnnouncement(incoming.map((m) => chatTexts.newMessage(senderName(m), m.message)).join(' '));
  }, [messages, isOwn, senderName]);

  return (
    <div className="flex flex-col gap-2">
      <h2 id={labelId} className="sr-only">{chatTexts.messages}</h2>
      <div
        ref={boxRef}
        role="region"
        aria-labelledby={labelId}
        // A scrollable region must be reachable by keyboard (WCAG 2.1.1), hence the tabIndex.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        onScroll={(event) => {
          const box = event.currentTarget;
          stickToBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < 48;
        }}
        className="max-h-[calc(100vh-465px)] min-h-48 overflow-y-auto rounded-md bg-slate-50 p-3 ring-1 ring-slate-200 [overflow-anchor:none]"
        data-testid="chat-messages"
      >
        {older && (
          <LoadMoreButton
            className="mb-3"
            label={chatTexts.loadOlder}
            busy={older.busy}
            failed={older.failed}
            onLoad={() => {
              const box = boxRef.current;
              if (box) fromBottom.current = box.scrollHeight - box.scrollTop;
              older.onLoad();
            }}
          />
        )}
        {messages.length === 0 ? (
          <p className="p-4 text-center text-slate-700">{emptyText}</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {messages.map((m) => {
              const own = isOwn(m);
              return (
                <li key={m.id} className={`flex ${own ? 'justify-end' : 'justify-start'}`} data-own={own || undefined}>
                  <div
                    className={`flex max-w-[85%] flex-col gap-1 rounded-lg px-4 py-2 shadow-sm sm:max-w-[70%] ${
                      own ? 'rounded-br-none bg-brand text-on-brand' : 'rounded-bl-none bg-white text-slate-900 ring-1 ring-slate-200'
                    }`}
                  >
                    <p className="text-xs font-semibold">
                      <span className="sr-only">{chatTexts.from} </span>
                      {senderName(m)}
                    </p>
                    <p className="whitespace-pre-wrap break-words">{m.message}</p>
                    <p className="text-xs">
                      <time dateTime={m.created_at}>{formatChatTime(m.created_at)}</time>
                    </p>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </div>
      <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="chat-announcer">{announcement}</div>
    </div>
  );
}
