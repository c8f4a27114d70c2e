import type { TChatMessage } from '@portal/contract';
import { formatConsoleDateTime } from '../../../lib/console-format';
import { inboxTexts } from '../texts';

const texts = inboxTexts.conversation;

/** The conversation's messages, oldest first: the team's on the right, the resident's or visitor's on the left. */
export function Messages({ messages }: { messages: TChatMessage[] }) {
  if (!messages.length) return <p className="text-slate-700">{texts.noMessages}</p>;
  return (
    <ol className="flex flex-col gap-3" aria-label={texts.messages}>
      {messages.map((m) => {
        const team = m.from_user_name !== null;
        return (
          <li key={m.id} className={`flex ${team ? 'justify-end' : 'justify-start'}`}>
            <div className={`max-w-[85%] rounded-lg px-3 py-2 ${team ? 'bg-blue-50 ring-1 ring-blue-200' : 'bg-white ring-1 ring-slate-300'}`}>
              <p className="text-xs font-semibold text-slate-700">
                {team ? `${texts.team} · ${m.from_user_name}` : (m.from_address_name ?? texts.you)} · <time dateTime={m.created_at}>{formatConsoleDateTime(m.created_at)}</time>
              </p>
              <p className="whitespace-pre-wrap break-words text-slate-900">{m.message}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
