import { useId, useState } from 'react';
import {
  elementField, familyElementTypes, newDefinitionId, newFormElement, sectionField,
  type TFormElementKind, type TFormFamily, type TFormFieldError, type TFormSectionDefinition,
} from '@portal/contract';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/field';
import { Select } from '../../../ui/select';
import { ElementCard, elementDisplayName } from './element-card';
import type { EditorAction } from './reducer';
import { ArrowDown, ArrowUp, DragHandle, IconButton, SortableItem, SortableList, TrashIcon } from './sortable';
import { editorTexts as t } from './texts';

type Props = {
  family: TFormFamily;
  section: TFormSectionDefinition;
  sections: readonly TFormSectionDefinition[];
  index: number;
  dispatch: (action: EditorAction) => void;
  problemsUnder: (field: string) => TFormFieldError[];
  errorAt: (field: string) => string | undefined;
  uploadImage: (file: File) => Promise<{ url: string }>;
  openIds: ReadonlySet<string>;
  toggle: (elementId: string, open?: boolean) => void;
  /** Puts focus on the element matching `selector` once the editor has rendered the change, and says `message`. */
  after: (selector: string, message: string) => void;
  /** Every id in the form (a new one must differ from all). */
  takenIds: () => Set<string>;
  disabled?: boolean;
};

/** One section: its name, its elements (sortable), adding an element of the family's types, and its own moves. */
export function SectionCard({ family, section, sections, index, dispatch, problemsUnder, errorAt, uploadImage, openIds, toggle, after, takenIds, disabled }: Props) {
  const id = useId();
  const types = familyElementTypes(family);
  const [kind, setKind] = useState<TFormElementKind>(types[1]?.kind ?? types[0]!.kind);
  const label = section.label ?? '';
  const nameOf = (elementId: string) => {
    const element = section.elements.find((e) => e.id === elementId);
    return element ? elementDisplayName(family, element) : elementId;
  };
  const moveSection = (to: number, how: 'up' | 'down') => {
    dispatch({ type: 'moveSection', sectionId: section.id, to });
    after(`[data-focus-key="section-${how}:${section.id}"]:not(:disabled)||[data-focus-key="section-toggle:${section.id}"]`, t.movedTo(t.sectionHeading(label), to + 1, sections.length));
  };
  const add = () => {
    const element = newFormElement(family, kind, takenIds());
    dispatch({ type: 'addElement', sectionId: section.id, element });
    toggle(element.id, true);
    after(`[name="${elementField(section.id, element.id, 'data.label')}"]`, t.added(types.find((x) => x.kind === kind)!.spec.name));
  };
  return (
    <SortableItem id={section.id} disabled={disabled}>
      {(handle) => (
        <section aria-labelledby={`${id}-heading`} className="@container flex flex-col gap-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
          <div className="flex flex-wrap items-center gap-1">
            <DragHandle handle={handle} label={t.dragSection(label)} disabled={disabled} />
            <h3 id={`${id}-heading`} tabIndex={-1} data-focus-key={`section-toggle:${section.id}`} className="min-w-36 flex-1 text-base font-bold text-slate-900 [overflow-wrap:break-word]">
              {t.sectionHeading(label)}
            </h3>
            <div className="ml-auto flex">
              <IconButton label={t.sectionUp(label)} focusKey={`section-up:${section.id}`} disabled={disabled || index === 0} onClick={() => moveSection(index - 1, 'up')}><ArrowUp /></IconButton>
              <IconButton label={t.sectionDown(label)} focusKey={`section-down:${section.id}`} disabled={disabled || index === sections.length - 1} onClick={() => moveSection(index + 1, 'down')}><ArrowDown /></IconButton>
              <IconButton label={`${t.removeSection}: ${label || t.sectionHeading('')}`} tone="danger" disabled={disabled} onClick={() => {
                dispatch({ type: 'removeSection', sectionId: section.id });
                after('[data-focus-key="add-section"]', t.removed(t.sectionHeading(label)));
              }}><TrashIcon /></IconButton>
            </div>
          </div>
          <TextField
            label={t.sectionLabel}
            name={sectionField(section.id, 'label')}
            value={label}
            error={errorAt(sectionField(section.id, 'label')) ?? errorAt(sectionField(section.id, 'id'))}
            disabled={disabled}
            onChange={(event) => dispatch({ type: 'renameSection', sectionId: section.id, label: event.target.value })}
          />
          {section.elements.length === 0 ? (
            <p className="text-sm text-slate-700">{t.emptySection}</p>
          ) : (
            <SortableList
              ids={section.elements.map((e) => e.id)}
              nameOf={nameOf}
              onMove={(elementId, to) => dispatch({ type: 'moveElement', elementId, toSectionId: section.id, to })}
            >
              <ol className="flex flex-col gap-2" aria-label={t.sectionHeading(label)}>
                {section.elements.map((element, i) => (
                  <ElementCard
                    key={element.id}
                    family={family}
                    section={section}
                    sections={sections}
                    element={element}
                    index={i}
                    open={openIds.has(element.id)}
                    onToggle={() => toggle(element.id)}
                    dispatch={dispatch}
                    problems={problemsUnder(`sections.${section.id}.elements.${element.id}`)}
                    errorAt={errorAt}
                    uploadImage={uploadImage}
                    disabled={disabled}
                    onMoved={(elementId, how, toSectionId) => {
                      const target = sections.find((s) => s.id === toSectionId)!;
                      const name = nameOf(elementId);
                      if (how === 'section') after(`[data-focus-key="toggle:${elementId}"]`, t.movedToSection(name, target.label ?? ''));
                      else after(`[data-focus-key="${how}:${elementId}"]:not(:disabled)||[data-focus-key="toggle:${elementId}"]`, t.movedTo(name, i + (how === 'up' ? 0 : 2), section.elements.length));
                    }}
                    onDuplicate={() => {
                      const newId = newDefinitionId('e', takenIds());
                      dispatch({ type: 'duplicateElement', sectionId: section.id, elementId: element.id, newId });
                      toggle(newId, true);
                      after(`[data-focus-key="toggle:${newId}"]`, t.duplicated(elementDisplayName(family, element)));
                    }}
                    onRemove={() => {
                      const next = section.elements[i + 1] ?? section.elements[i - 1];
                      dispatch({ type: 'removeElement', sectionId: section.id, elementId: element.id });
                      after(next ? `[data-focus-key="toggle:${next.id}"]` : `[id="${id}-add"]`, t.removed(elementDisplayName(family, element)));
                    }}
                  />
                ))}
              </ol>
            </SortableList>
          )}
          {!disabled && (
            <div className="flex flex-col gap-2 @md:flex-row @md:items-end">
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <label htmlFor={`${id}-add`} className="text-sm font-medium text-slate-800">{t.addElementType}</label>
                <Select id={`${id}-add`} value={kind} onChange={(event) => setKind(event.target.value as TFormElementKind)}>
                  {types.map((type) => <option key={type.type} value={type.kind}>{type.spec.name}</option>)}
                </Select>
              </div>
              <Button variant="secondary" onClick={add}>{t.addElement}</Button>
            </div>
          )}
        </section>
      )}
    </SortableItem>
  );
}
