import { useId, useState, type ComponentProps } from 'react';
import { contentStatus, staffContentMessages } from '@portal/contract';
import { Banner } from './banner';
import { ContentArticle } from './content-article';

export const previewTexts = {
  title: 'Voorbeeld',
  resident: 'Als bewoner',
  public: 'Als bezoeker (publiek)',
  notPublic: staffContentMessages.notVisiblePublic,
  notPublicBody: 'Bezoekers zonder inlog zien dit item niet. Zet ‘Zichtbaar voor publiek’ aan om het te tonen.',
  draft: 'Concept: bewoners zien dit nog niet.',
  scheduled: 'Gepland: bewoners zien dit pas vanaf de publicatiedatum.',
} as const;

type Props = {
  /** The item as the portal's pages show it (the same component the resident page uses). */
  article: ComponentProps<typeof ContentArticle>;
  isPublic: boolean;
  publishAt: string | null;
};

/**
 * Shows an item as a resident and as a public visitor sees it, rendered by the portal's own
 * ContentArticle (and SafeHtml), from what the form holds now: a visitor sees nothing of a non-public
 * item, which the preview says instead ("Niet zichtbaar voor publiek").
 */
export function ContentPreview({ article, isPublic, publishAt }: Props) {
  const [as, setAs] = useState<'resident' | 'public'>('resident');
  const name = useId();
  const status = publishAt === null ? 'draft' : /^\d{4}-/.test(publishAt) ? contentStatus(publishAt) : 'draft';
  return (
    <section aria-labelledby={`${name}-title`} className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id={`${name}-title`} className="text-lg font-semibold">{previewTexts.title}</h2>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Bekijk als</legend>
        {(['resident', 'public'] as const).map((option) => (
          <label key={option} className={`cursor-pointer rounded-md border px-3 py-2 text-sm font-semibold has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-blue-800 ${as === option ? 'border-slate-900 bg-slate-900 text-white' : 'border-slate-400 bg-white text-slate-900'}`}>
            <input type="radio" className="sr-only" name={name} value={option} checked={as === option} onChange={() => setAs(option)} />
            {option === 'resident' ? previewTexts.resident : previewTexts.public}
          </label>
        ))}
      </fieldset>
      {status !== 'published' && <Banner tone="warning">{status === 'draft' ? previewTexts.draft : previewTexts.scheduled}</Banner>}
      <div className="rounded-md border border-dashed border-slate-300 p-4" data-testid={`preview-${as}`}>
        {as === 'public' && !isPublic ? (
          <Banner tone="info" title={previewTexts.notPublic}>{previewTexts.notPublicBody}</Banner>
        ) : (
          <ContentArticle {...article} />
        )}
      </div>
    </section>
  );
}
