import { useId } from 'react';
import { elementField, elementSpec, type TFormElementDefinition, type TFormFamily, type TFormFieldError, type TFormSectionDefinition } from '@portal/contract';
import { Button } from '../../../ui/button';
import { Select } from '../../../ui/select';
import type { EditorAction } from './reducer';
import { ElementSettings } from './element-settings';
import { ArrowDown, ArrowUp, DragHandle, IconButton, SortableItem } from './sortable';
import { editorTexts as t } from './texts';

/** How the editor names an element (announcements, buttons): 'Keuken kiezen (Keuze met prijzen)'. */
export function elementDisplayName(family: TFormFamily, element: TFormElementDefinition) {
  const spec = elementSpec(family, element.type);
  return t.elementName(spec?.name ?? element.type, element.data.label ?? '');
}

type Props = {
  family: TFormFamily;
  section: TFormSectionDefinition;
  sections: readonly TFormSectionDefinition[];
  element: TFormElementDefinition;
  index: number;
  open: boolean;
  onToggle: () => void;
  dispatch: (action: EditorAction) => void;
  /** The problems at or under this element. */
  problems: readonly TFormFieldError[];
  errorAt: (field: string) => string | undefined;
  uploadImage: (file: File) => Promise<{ url: string }>;
  onMoved: (elementId: string, how: 'up' | 'down' | 'section', toSectionId: string) => void;
  onDuplicate: () => void;
  onRemove: () => void;
  disabled?: boolean;
};

/** One element in the editor: a header (drag grip, name, problems, up/down) and, opened, its settings and actions. */
export function ElementCard({ family, section, sections, element, index, open, onToggle, dispatch, problems, errorAt, uploadImage, onMoved, onDuplicate, onRemove, disabled }: Props) {
  const id = useId();
  const name = elementDisplayName(family, element);
  const base = elementField(section.id, element.id);
  const last = index === section.elements.length - 1;
  // Problems no setting shows (an id used twice, a type of another family) are listed in the card itself.
  const own = problems.filter((p) => p.field === `${base}.id` || p.field === `${base}.type`);
  const move = (to: number, how: 'up' | 'down') => {
    dispatch({ type: 'moveElement', elementId: element.id, toSectionId: section.id, to });
    onMoved(element.id, how, section.id);
  };
  return (
    <SortableItem id={element.id} disabled={disabled}>
      {(handle) => (
        <article
          id={base}
          tabIndex={-1}
          aria-labelledby={`${id}-name`}
          data-element-id={element.id}
          className={`rounded-md border bg-white ${problems.length ? 'border-red-700' : 'border-slate-300'}`}
        >
          <div className="flex flex-wrap items-center gap-1 p-1">
            <DragHandle handle={handle} label={t.drag(name)} disabled={disabled} />
            <h4 className="min-w-36 flex-1">
              <button
                type="button"
                id={`${id}-name`}
                data-focus-key={`toggle:${element.id}`}
                aria-label={t.open(name)}
                aria-describedby={problems.length ? `${id}-count` : undefined}
                aria-expanded={open}
                aria-controls={`${id}-body`}
                onClick={onToggle}
                className="flex min-h-11 w-full min-w-0 flex-col items-start justify-center rounded-md px-2 text-left hover:bg-slate-50"
              >
                <span className="w-full text-sm [overflow-wrap:break-word] font-semibold text-slate-900">{element.data.label?.trim() || t.elementName(elementSpec(family, element.type)?.name ?? element.type, '')}</span>
                <span className="text-xs text-slate-600">
                  {elementSpec(family, element.type)?.name ?? element.type}
                  {problems.length > 0 && <span id={`${id}-count`} className="ml-2 font-semibold text-red-700">{t.problemCount(problems.length)}</span>}
                </span>
              </button>
            </h4>
            <div className="ml-auto flex">
              <IconButton label={t.up(name)} focusKey={`up:${element.id}`} disabled={disabled || index === 0} onClick={() => move(index - 1, 'up')}><ArrowUp /></IconButton>
              <IconButton label={t.down(name)} focusKey={`down:${element.id}`} disabled={disabled || last} onClick={() => move(index + 1, 'down')}><ArrowDown /></IconButton>
            </div>
          </div>
          {open && (
            <div id={`${id}-body`} className="@container flex flex-col gap-4 border-t border-slate-200 p-3">
              {own.length > 0 && (
                <ul className="flex flex-col gap-1 text-sm font-medium text-red-700">
                  {own.map((p) => <li key={p.field + p.message}>{p.message}</li>)}
                </ul>
              )}
              <ElementSettings
                family={family}
                sectionId={section.id}
                element={element}
                onChange={(data) => dispatch({ type: 'changeElement', sectionId: section.id, elementId: element.id, data })}
                errorAt={errorAt}
                uploadImage={uploadImage}
                disabled={disabled}
              />
              {!disabled && (
                <div className="flex flex-col gap-3 border-t border-slate-200 pt-3 @md:flex-row @md:flex-wrap @md:items-end">
                  <Button variant="secondary" aria-label={t.duplicateLabel(name)} onClick={onDuplicate}>{t.duplicate}</Button>
                  {sections.length > 1 && (
                    <div className="flex min-w-0 flex-col gap-1">
                      <label htmlFor={`${id}-move`} className="text-sm font-medium text-slate-800">{t.moveTo}</label>
                      <Select
                        id={`${id}-move`}
                        aria-label={t.moveToLabel(name)}
                        value=""
                        onChange={(event) => {
                          const to = event.target.value;
                          const target = sections.find((s) => s.id === to);
                          if (!target) return;
                          dispatch({ type: 'moveElement', elementId: element.id, toSectionId: to, to: target.elements.length });
                          onMoved(element.id, 'section', to);
                        }}
                      >
                        <option value="">{t.moveToChoose}</option>
                        {sections.filter((s) => s.id !== section.id).map((s) => <option key={s.id} value={s.id}>{s.label?.trim() || t.sectionHeading('')}</option>)}
                      </Select>
                    </div>
                  )}
                  <Button variant="danger" aria-label={t.removeLabel(name)} onClick={onRemove} className="@md:ml-auto">{t.remove}</Button>
                </div>
              )}
            </div>
          )}
        </article>
      )}
    </SortableItem>
  );
}
