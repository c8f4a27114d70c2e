import { useId, useState } from 'react';
import type { TScheduleEntry } from '@portal/contract';
import { ContentArticle } from '../../../ui/content-article';
import { scheduleTexts } from '../texts';

/** One day's entries as disclosures (closed unless asked for by position, from 0); important ones say so first. */
export function DayView({ heading, entries, openItemNr }: { heading: string; entries: TScheduleEntry[]; openItemNr: number | null }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <h2 id={headingId} className="mb-3 text-xl font-bold">{heading}</h2>
      {entries.length === 0 ? <p className="text-slate-700">{scheduleTexts.nothingThatDay}</p> : (
        <ul className="flex flex-col gap-2">
          {entries.map((entry, index) => (
            <Disclosure key={`${entry.item.id}-${index}`} entry={entry} initiallyOpen={index === openItemNr} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Disclosure({ entry, initiallyOpen }: { entry: TScheduleEntry; initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const panelId = useId();
  const { item } = entry;
  const title = entry.title || item.title;
  return (
    <li className={`rounded-md border ${item.highlight ? 'border-amber-700 bg-amber-50' : 'border-slate-200'}`} data-highlight={item.highlight || undefined}>
      <h3>
        <button type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}
          className="flex min-h-11 w-full items-center justify-between gap-3 px-4 py-3 text-left font-semibold">
          <span>
            {item.highlight && <strong className="text-amber-900">{scheduleTexts.important}</strong>}
            {title}
            {entry.is_new && <span className="ml-2 rounded-full bg-brand px-2 py-0.5 text-xs font-bold text-on-brand">{scheduleTexts.new}</span>}
          </span>
          <svg viewBox="0 0 24 24" className={`size-5 shrink-0 transition ${open ? 'rotate-180' : ''}`} fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true"><path d="M6 9l6 6 6-6" /></svg>
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="border-t border-slate-200 bg-white px-4 py-4">
        <ContentArticle
          title={title}
          hideTitle
          imageUrl={item.image_url}
          accessRequired={item.access_to_home_required}
          iconUrls={item.icon_urls}
          indicators={item.indicators}
          html={item.content}
          partners={entry.partners}
          intro={entry.description && <p className="whitespace-pre-line font-medium text-slate-800">{entry.description}</p>}
        />
      </div>
    </li>
  );
}
