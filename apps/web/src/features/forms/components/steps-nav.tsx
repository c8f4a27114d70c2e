import { useId, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Select } from '../../../ui/select';
import { formTexts } from '../texts';

export type StepItem = { key: string; label: string; href: string; done: boolean; enabled: boolean; current: boolean };

/**
 * The steps of a form beside it (the sidebar 'Onderdelen'): each with a tick when done, a link when it
 * can be opened, marked as the current page. Below 640 px the list becomes a dropdown above the form.
 */
export function StepsLayout({ title = formTexts.steps, items, aside, children }: { title?: string; items: StepItem[]; aside?: ReactNode; children: ReactNode }) {
  const [, navigate] = useLocation();
  const selectId = useId();
  const headingId = useId();
  const done = items.filter((i) => i.done).length;
  const current = items.find((i) => i.current);
  return (
    // On a phone: the steps, the form, then `aside` (e.g. the send button); from 640 px `aside` sits under the steps.
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-[15rem_minmax(0,1fr)] sm:grid-rows-[auto_1fr] sm:gap-x-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
      <div className="flex min-w-0 flex-col gap-3 self-start sm:col-start-1 sm:row-start-1">
        <div className="flex flex-col gap-1 sm:hidden">
          <label htmlFor={selectId} className="text-sm font-medium text-slate-800">{`${title} (${formTexts.stepsProgress(done, items.length)})`}</label>
          <Select id={selectId} value={current?.key ?? ''} onChange={(event) => {
            const item = items.find((i) => i.key === event.target.value);
            if (item?.enabled) navigate(item.href);
          }}
          >
            {!current && <option value="">{title}</option>}
            {items.map((item) => (
              <option key={item.key} value={item.key} disabled={!item.enabled}>
                {`${item.done ? '✓ ' : ''}${item.label}${item.done ? ` (${formTexts.done})` : item.enabled ? '' : ` (${formTexts.unavailable})`}`}
              </option>
            ))}
          </Select>
        </div>
        <nav aria-labelledby={headingId} className="hidden rounded-lg bg-white p-2 shadow-sm ring-1 ring-slate-200 sm:block">
          <h2 id={headingId} className="flex items-baseline justify-between gap-2 px-3 pb-1 pt-2 text-sm font-bold uppercase tracking-wide text-slate-700">
            {title}
            <span className="text-xs font-semibold normal-case tracking-normal text-slate-600">{formTexts.stepsProgress(done, items.length)}</span>
          </h2>
          <ol className="flex flex-col gap-0.5">
            {items.map((item) => (
              <li key={item.key}>
                {item.enabled ? (
                  <Link
                    to={item.href}
                    aria-current={item.current ? 'step' : undefined}
                    className={`flex items-start gap-2 rounded-md border-l-4 px-3 py-2 text-sm ${item.current ? 'border-brand bg-slate-100 font-semibold text-slate-900' : 'border-transparent text-slate-800 hover:bg-slate-50'}`}
                  >
                    <DoneMark done={item.done} />
                    <span>{item.label}</span>
                  </Link>
                ) : (
                  <span aria-disabled="true" className="flex items-start gap-2 border-l-4 border-transparent px-3 py-2 text-sm text-slate-600">
                    <DoneMark done={item.done} />
                    <span>{item.label}<span className="sr-only"> ({formTexts.unavailable})</span></span>
                  </span>
                )}
              </li>
            ))}
          </ol>
        </nav>
      </div>
      <div className="min-w-0 sm:col-start-2 sm:row-span-2 sm:row-start-1">{children}</div>
      {aside && <div className="min-w-0 self-start sm:col-start-1 sm:row-start-2">{aside}</div>}
    </div>
  );
}

/** A green tick for a done step, an empty circle for one to do; the words are for screen readers. */
function DoneMark({ done }: { done: boolean }) {
  return (
    <>
      <svg viewBox="0 0 20 20" className={`mt-0.5 size-4 shrink-0 ${done ? 'text-green-700' : 'text-slate-400'}`} aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        {done ? <path d="M4 10.5l4 4 8-9" strokeLinecap="round" strokeLinejoin="round" /> : <circle cx="10" cy="10" r="6.5" />}
      </svg>
      <span className="sr-only">{done ? `${formTexts.done}: ` : `${formTexts.notDone}: `}</span>
    </>
  );
}
