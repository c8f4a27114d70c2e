import { useId, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Select } from './select';

export type MasterItem = {
  id: number; title: string; href: string; meta?: string; isNew?: boolean;
  /** A tick before the title (e.g. a survey already filled in); `doneLabel` is what screen readers and the dropdown say. */
  done?: boolean; doneLabel?: string;
};
export type MasterGroup = { key: string | number; name: string; items: MasterItem[] };

type Props = {
  /** Names the list (navigation landmark and the dropdown's label). */
  label: string;
  /** Either groups (with a heading each) or one flat list. */
  groups: MasterGroup[];
  selectedId: number | null;
  /** First option of the dropdown when nothing is open yet. */
  placeholder?: string;
  /** Under the list (and under the dropdown below 640 px), e.g. a button that loads more items. */
  footer?: ReactNode;
  children: ReactNode;
};

/**
 * A list beside its detail (max 1440 px wide); below 640 px the list becomes a labelled dropdown
 * that opens the chosen item. The open item is marked with aria-current.
 */
export function MasterDetail({ label, groups, selectedId, placeholder = 'Kies een onderwerp', footer, children }: Props) {
  const [, navigate] = useLocation();
  const selectId = useId();
  const grouped = groups.length > 1 || (groups[0]?.name ?? '') !== '';
  const all = groups.flatMap((g) => g.items);
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-[15rem_minmax(0,1fr)] sm:gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
      <div className="flex min-w-0 flex-col gap-3 self-start">
        <div className="flex flex-col gap-1 sm:hidden">
          <label htmlFor={selectId} className="text-sm font-medium text-slate-800">{label}</label>
          <Select
            id={selectId}
            value={selectedId ?? ''}
            onChange={(event) => {
              const item = all.find((i) => String(i.id) === event.target.value);
              if (item) navigate(item.href);
            }}
          >
            {selectedId === null && <option value="">{placeholder}</option>}
            {grouped
              ? groups.map((group) => (
                  <optgroup key={group.key} label={group.name}>
                    {group.items.map((item) => <option key={item.id} value={item.id}>{optionText(item)}</option>)}
                  </optgroup>
                ))
              : all.map((item) => <option key={item.id} value={item.id}>{optionText(item)}</option>)}
          </Select>
        </div>

        <nav aria-label={label} className="hidden rounded-lg bg-white p-2 shadow-sm ring-1 ring-slate-200 sm:block">
          {groups.map((group) => (
            <div key={group.key} className="mb-2 last:mb-0">
              {grouped && <h2 className="px-3 pb-1 pt-2 text-sm font-bold uppercase tracking-wide text-slate-600">{group.name}</h2>}
              <ul className="flex flex-col gap-0.5">
                {group.items.map((item) => {
                  const current = item.id === selectedId;
                  return (
                    <li key={item.id}>
                      <Link
                        to={item.href}
                        aria-current={current ? 'page' : undefined}
                        className={`flex flex-col rounded-md border-l-4 px-3 py-2 text-sm ${current ? 'border-brand bg-slate-100 font-semibold text-slate-900' : 'border-transparent text-slate-800 hover:bg-slate-50'}`}
                      >
                        <span className="flex items-start justify-between gap-2">
                          <span className="flex items-start gap-2">
                            {item.done !== undefined && <DoneMark done={item.done} label={item.doneLabel} />}
                            <span>{item.title}</span>
                          </span>
                          {item.isNew && <span className="shrink-0 rounded-full bg-brand px-2 py-0.5 text-xs font-bold text-on-brand">Nieuw</span>}
                        </span>
                        {item.meta && <span className="text-xs font-normal text-slate-600">{item.meta}</span>}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </nav>
        {footer}
      </div>

      <div className="min-w-0">{children}</div>
    </div>
  );
}

function optionText(item: MasterItem): string {
  const done = item.done ? `✓ ${item.title} (${item.doneLabel ?? 'gereed'})` : null;
  return [done ?? item.title, item.meta, item.isNew ? '(nieuw)' : null].filter(Boolean).join(' – ');
}

/** A tick for a done item, an empty circle for an open one (decorative; the label is spoken). */
function DoneMark({ done, label }: { done: boolean; label?: string }) {
  return (
    <>
      <svg viewBox="0 0 20 20" className={`mt-0.5 size-4 shrink-0 ${done ? 'text-green-700' : 'text-slate-400'}`} aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        {done ? <path d="M4 10.5l4 4 8-9" strokeLinecap="round" strokeLinejoin="round" /> : <circle cx="10" cy="10" r="6.5" />}
      </svg>
      {done && <span className="sr-only">{label ?? 'gereed'}: </span>}
    </>
  );
}
