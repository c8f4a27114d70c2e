import { useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import {
  newDefinitionId, problemsAt, sectionField, validateFormDefinition,
  type TFormFamily, type TFormFieldError, type TFormSectionDefinition,
} from '@portal/contract';
import { Button } from '../../../ui/button';
import { useDefinitionEditor } from './reducer';
import { SectionCard } from './section-card';
import { SortableList } from './sortable';
import { editorTexts as t } from './texts';

export type DefinitionEditorProps = {
  kind: TFormFamily;
  value: TFormSectionDefinition[];
  onChange(next: TFormSectionDefinition[]): void;
  /** Problems from the server (a refused save or publish); the editor adds its own live ones (the same validator). */
  problems: Array<{ field: string; message: string }>;
  /** Stores an image (an option's picture, a drawing, an image in a text) and answers its link. */
  uploadImage(file: File): Promise<{ url: string }>;
  /** The resident's renderer on the unsaved draft (app/console/form-preview.tsx). */
  renderPreview?: (kind: TFormFamily, sections: TFormSectionDefinition[]) => ReactNode;
  disabled?: boolean;
};

/** The element a problem's field belongs to ('sections.{s}.elements.{e}...'), if any. */
const elementOf = (field: string) => /^sections\.([^.]+)\.elements\.([^.]+)/.exec(field);

/**
 * The builder's editor of a form's sections and elements (all four families, the element registry of
 * form-elements.ts): add, rename, remove and reorder sections; add elements of the family's types, edit
 * every setting, duplicate, remove, reorder (drag with mouse, touch or keyboard, or the up/down buttons)
 * and move them to another section; undo and redo. Problems are checked live with the server's validator
 * (validateFormDefinition) and shown at the setting they name, with a list linking to each. Beside it (below
 * it on a phone) the preview: the resident's real renderer on the unsaved draft.
 */
export function DefinitionEditor({ kind, value, onChange, problems, uploadImage, renderPreview, disabled }: DefinitionEditorProps) {
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const { dispatch, canUndo, canRedo } = useDefinitionEditor(value, onChange);

  const shown = useMemo(() => {
    const seen = new Set<string>();
    return [...validateFormDefinition(kind, value), ...problems].filter((p) => {
      const key = `${p.field}\n${p.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }, [kind, value, problems]);
  const errorAt = useCallback((field: string) => shown.find((p) => p.field === field)?.message, [shown]);
  const problemsUnder = useCallback((field: string): TFormFieldError[] => problemsAt(shown, field), [shown]);

  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback((elementId: string, open?: boolean) => setOpenIds((current) => {
    const next = new Set(current);
    if (open ?? !next.has(elementId)) next.add(elementId);
    else next.delete(elementId);
    return next;
  }), []);

  // Focus after a change: the list is rendered anew, so focus goes where the person expects it
  // (the moved item's button, the new element's first setting); the live region says what happened.
  const [announcement, setAnnouncement] = useState('');
  const pendingFocus = useRef<string | null>(null);
  const [focusTick, setFocusTick] = useState(0);
  const after = useCallback((selectors: string, message: string) => {
    pendingFocus.current = selectors;
    setAnnouncement(message);
    setFocusTick((n) => n + 1);
  }, []);
  useEffect(() => {
    const wanted = pendingFocus.current;
    if (!wanted || !root.current) return;
    for (const selector of wanted.split('||')) {
      const target = root.current.querySelector<HTMLElement>(selector.trim());
      if (target) {
        pendingFocus.current = null;
        target.scrollIntoView?.({ block: 'nearest' });
        target.focus();
        return;
      }
    }
  }, [focusTick, value, openIds]);

  const takenIds = useCallback(() => new Set(value.flatMap((s) => [s.id, ...s.elements.map((e) => e.id)])), [value]);
  const addSection = () => {
    const sectionId = newDefinitionId('s', takenIds());
    dispatch({ type: 'addSection', section: { id: sectionId, label: t.newSection(value.length + 1), elements: [] } });
    after(`[name="${sectionField(sectionId, 'label')}"]`, t.added(t.newSection(value.length + 1)));
  };
  const goTo = (event: MouseEvent, field: string) => {
    event.preventDefault();
    const element = elementOf(field);
    if (element) toggle(element[2]!, true);
    const fallbacks = element ? [`[id="${element[0]}"]`] : field.startsWith('sections.') ? [`[name="${field.replace(/\.id$/, '.label')}"]`] : [];
    after([`[name="${field}"]`, ...fallbacks, '[data-focus-key="add-section"]'].join('||'), '');
  };
  const nameOfSection = (sectionId: string) => t.sectionHeading(value.find((s) => s.id === sectionId)?.label ?? '');

  // The preview follows the draft without slowing the typing down.
  const previewSections = useDeferredValue(value);

  return (
    // Laid out by its own width (container queries), not the window's: the page may put settings beside it.
    <div ref={root} className="@container">
      <div className={`grid gap-6 ${renderPreview ? '@3xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]' : ''}`}>
        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">{t.title}</h2>
            {!disabled && (
              <div className="flex gap-2">
                <Button variant="secondary" disabled={!canUndo} onClick={() => { dispatch({ type: 'undo' }); setAnnouncement(t.undone); }}>{t.undo}</Button>
                <Button variant="secondary" disabled={!canRedo} onClick={() => { dispatch({ type: 'redo' }); setAnnouncement(t.redone); }}>{t.redo}</Button>
              </div>
            )}
          </div>
          <p aria-live="polite" className="sr-only">{announcement}</p>
          {renderPreview && (
            // On a phone the preview is below the editor: a way there without scrolling past every question.
            <a
              href={`#${id}-preview`}
              onClick={(event) => {
                event.preventDefault();
                const heading = document.getElementById(`${id}-preview`);
                heading?.scrollIntoView({ block: 'start' });
                heading?.focus({ preventScroll: true });
              }}
              className="self-start text-sm font-semibold text-slate-900 underline underline-offset-2 @3xl:hidden"
            >
              {t.toPreview}
            </a>
          )}
          {shown.length > 0 && (
            <div data-problem-summary="" className="rounded-md border-l-4 border-red-700 bg-red-50 p-4 text-red-900">
              <h3 className="text-base font-semibold">{t.summaryTitle(shown.length)}</h3>
              <p className="text-sm">{t.summaryHint}</p>
              <ul className="mt-2 flex max-h-64 list-disc flex-col gap-1 overflow-y-auto pl-5 text-sm">
                {shown.map((p) => (
                  <li key={`${p.field}\n${p.message}`}>
                    <a href={`#${p.field}`} onClick={(event) => goTo(event, p.field)} className="font-medium text-red-900 underline underline-offset-2 hover:no-underline">{p.message}</a>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {value.length === 0 ? (
            <p className="text-sm text-slate-700">{t.noSections}</p>
          ) : (
            <SortableList ids={value.map((s) => s.id)} nameOf={nameOfSection} onMove={(sectionId, to) => dispatch({ type: 'moveSection', sectionId, to })}>
              <ol className="flex flex-col gap-4" aria-labelledby={`${id}-title`}>
                {value.map((section, i) => (
                  <SectionCard
                    key={section.id}
                    family={kind}
                    section={section}
                    sections={value}
                    index={i}
                    dispatch={dispatch}
                    problemsUnder={problemsUnder}
                    errorAt={errorAt}
                    uploadImage={uploadImage}
                    openIds={openIds}
                    toggle={toggle}
                    after={after}
                    takenIds={takenIds}
                    disabled={disabled}
                  />
                ))}
              </ol>
            </SortableList>
          )}
          {!disabled && <Button variant="secondary" className="self-start" data-focus-key="add-section" onClick={addSection}>{t.addSection}</Button>}
        </div>
        {renderPreview && (
          <aside aria-labelledby={`${id}-preview`} className="flex min-w-0 flex-col gap-3 self-start rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 @3xl:sticky @3xl:top-4 @3xl:max-h-[calc(100vh-2rem)] @3xl:overflow-y-auto">
            <h2 id={`${id}-preview`} tabIndex={-1} className="text-lg font-semibold text-slate-900">{t.preview}</h2>
            <p className="text-sm text-slate-700">{t.previewHint}</p>
            <div className="rounded-md border border-dashed border-slate-300 p-3 sm:p-4" data-testid="form-preview">
              {renderPreview(kind, previewSections)}
            </div>
          </aside>
        )}
      </div>
    </div>
  );
}
