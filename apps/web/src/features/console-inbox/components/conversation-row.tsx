import { Link } from 'wouter';
import type { TInboxConversation } from '@portal/contract';
import { formatConsoleDateTime } from '../../../lib/console-format';
import { durationLabel, inboxTexts as texts } from '../texts';
import { InboxStatusBadge } from './status-badge';

/** A conversation on the inbox list: who, where, state, assignee, the last message and the time to first answer; a link to it. */
export function ConversationRow({ conversation: c, showProject }: { conversation: TInboxConversation; showProject: boolean }) {
  const where = [c.address ?? (c.kind === 'visitor' ? texts.visitor : null), showProject ? c.project.name : null].filter(Boolean).join(' · ');
  const answered = durationLabel(c.first_answer_seconds);
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold break-words">
          <Link href={`/inbox/${c.id}`} className="text-blue-800 underline underline-offset-2">
            {c.name}
            {c.unread_count > 0 && <span className="sr-only">, {texts.unread(c.unread_count)}</span>}
          </Link>
        </h3>
        {where && <p className="text-sm text-slate-700 break-words">{where}</p>}
        <p className="mt-1 line-clamp-2 text-sm text-slate-900 break-words">
          {c.last_message_from_staff && <span className="font-medium">{texts.fromTeam}</span>}
          {c.last_message_preview}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2 text-sm sm:max-w-[45%] sm:flex-col sm:items-end">
        <span className="flex flex-wrap items-center gap-2">
          {c.unread_count > 0 && (
            <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white" aria-hidden="true">{c.unread_count}</span>
          )}
          <InboxStatusBadge status={c.status} />
        </span>
        <span className="text-slate-700">{formatConsoleDateTime(c.last_message_at)}</span>
        <span className="text-slate-700">{c.assignee ? texts.assignedTo(c.assignee.name) : texts.unassigned}</span>
        <span className="text-slate-700">{answered ? texts.firstAnswer(answered) : texts.noAnswerYet}</span>
      </div>
    </li>
  );
}
