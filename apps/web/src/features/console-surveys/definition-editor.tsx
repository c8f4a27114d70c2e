import { useId } from 'react';
import {
  newDefinitionId, SURVEY_ELEMENT_TYPES, SURVEY_QUESTION_TYPES, SURVEY_SCALE_MAX, SURVEY_SELECT_TYPES, SURVEY_SMILEY_ICONS, surveyElementName, surveyQuestionName,
  type TStaffSurveyQuestion, type TSurveyElementDefinition, type TSurveySectionDefinition,
} from '@portal/contract';
import { Button } from '../../ui/button';
import { Checkbox, TextField } from '../../ui/field';
import { LabelledField } from '../../ui/field';
import { Select } from '../../ui/select';
import { TextAreaField } from '../../ui/textarea-field';
import { surveysTexts } from './texts';

const texts = surveysTexts.editor;
type Errors = Record<string, string>;
type ElementType = TSurveyElementDefinition['type'];
type Element = TSurveyElementDefinition;
type ScaleKey = 'value_1' | 'value_2' | 'value_3' | 'value_4' | 'value_5';
const SCALE_KEYS: ScaleKey[] = ['value_1', 'value_2', 'value_3', 'value_4', 'value_5'];

/** Moves item `index` of a list by one place; the list unchanged at its ends. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** A new element of a type, keeping the label it had (a type change keeps what was typed as the question). */
export function newElement(type: ElementType, label = '', id = newDefinitionId('e')): Element {
  switch (type) {
    case 's_title': return { id, type, data: { label } };
    case 's_textinput':
    case 's_textareainput': return { id, type, data: { label, requiredField: false } };
    case 's_select': return { id, type, data: { label, type: 'radio', options: [{ label: 'Ja' }, { label: 'Nee' }] } };
    case 's_smileyinput': return { id, type, data: { label, icon: 'smiley' } };
    case 's_photoinput': return { id, type, data: { label } };
    default: {
      const never: never = type;
      return never;
    }
  }
}

function MoveButtons({ name, index, count, onMove, onRemove, disabled }: { name: string; index: number; count: number; onMove: (by: -1 | 1) => void; onRemove: () => void; disabled?: boolean }) {
  return (
    <div className="flex flex-wrap gap-1">
      <Button variant="secondary" className="min-w-11 px-2" aria-label={texts.up(name)} disabled={disabled || index === 0} onClick={() => onMove(-1)}>↑</Button>
      <Button variant="secondary" className="min-w-11 px-2" aria-label={texts.down(name)} disabled={disabled || index === count - 1} onClick={() => onMove(1)}>↓</Button>
      <Button variant="secondary" className="px-3" aria-label={texts.remove(name)} disabled={disabled} onClick={onRemove}>✕</Button>
    </div>
  );
}

// ---- version 1 -------------------------------------------------------------------------------------------

/** Version 1: questions with a rating (0-10) or an open answer, in order. */
export function QuestionsEditor({ questions, onChange, errors, readOnly }: { questions: TStaffSurveyQuestion[]; onChange: (next: TStaffSurveyQuestion[]) => void; errors: Errors; readOnly: boolean }) {
  const set = (index: number, patch: Partial<TStaffSurveyQuestion>) => onChange(questions.map((q, i) => (i === index ? { ...q, ...patch } : q)));
  const add = () => onChange([...questions, { id: Math.max(0, ...questions.map((q) => q.id)) + 1, question: '', type: 'rating' }]);
  return (
    <div className="flex flex-col gap-3">
      <ol className="flex flex-col gap-3" aria-label={surveysTexts.builder.definition}>
        {questions.map((q, index) => {
          const name = surveyQuestionName(q.question);
          return (
            <li key={q.id} className="flex flex-col gap-3 rounded-lg border border-slate-300 bg-white p-3">
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
                <TextField className="flex-1" label={`${texts.question} ${index + 1}`} required value={q.question} disabled={readOnly}
                  onChange={(e) => set(index, { question: e.target.value })} error={errors[`questions.${q.id}.question`]} />
                <LabelledField label={texts.questionKind} error={errors[`questions.${q.id}.type`]}>
                  {(control) => (
                    <Select {...control} value={q.type} disabled={readOnly} onChange={(e) => set(index, { type: e.target.value as TStaffSurveyQuestion['type'] })}>
                      {SURVEY_QUESTION_TYPES.map((t) => <option key={t} value={t}>{surveysTexts.questionKinds[t]}</option>)}
                    </Select>
                  )}
                </LabelledField>
              </div>
              <MoveButtons name={name} index={index} count={questions.length} disabled={readOnly}
                onMove={(by) => onChange(moved(questions, index, by))} onRemove={() => onChange(questions.filter((_, i) => i !== index))} />
            </li>
          );
        })}
      </ol>
      {!readOnly && <div><Button variant="secondary" onClick={add}>{texts.addQuestion}</Button></div>}
    </div>
  );
}

// ---- version 2 -------------------------------------------------------------------------------------------

/** Version 2: sections of elements; every element type with its settings (options, required, smiley/star count, ...). */
export function FormEditor({ form, onChange, errors, readOnly }: { form: TSurveySectionDefinition[]; onChange: (next: TSurveySectionDefinition[]) => void; errors: Errors; readOnly: boolean }) {
  const setSection = (index: number, next: TSurveySectionDefinition) => onChange(form.map((s, i) => (i === index ? next : s)));
  return (
    <div className="flex flex-col gap-4">
      {form.map((section, index) => (
        <SectionCard key={section.id} section={section} index={index} count={form.length} errors={errors} readOnly={readOnly}
          onChange={(next) => setSection(index, next)} onMove={(by) => onChange(moved(form, index, by))} onRemove={() => onChange(form.filter((_, i) => i !== index))} />
      ))}
      {!readOnly && (
        <div>
          <Button variant="secondary" onClick={() => onChange([...form, { id: newDefinitionId('s'), label: texts.section(form.length + 1), elements: [] }])}>{texts.addSection}</Button>
        </div>
      )}
    </div>
  );
}

function SectionCard({ section, index, count, errors, readOnly, onChange, onMove, onRemove }: {
  section: TSurveySectionDefinition; index: number; count: number; errors: Errors; readOnly: boolean;
  onChange: (next: TSurveySectionDefinition) => void; onMove: (by: -1 | 1) => void; onRemove: () => void;
}) {
  const headingId = useId();
  const addId = useId();
  const name = section.label?.trim() || texts.section(index + 1);
  const setElements = (elements: Element[]) => onChange({ ...section, elements });
  const add = (type: ElementType) => setElements([...section.elements, newElement(type)]);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border border-slate-400 bg-slate-50 p-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <h3 id={headingId} className="text-base font-bold text-slate-900">{texts.section(index + 1)}</h3>
        <MoveButtons name={name} index={index} count={count} disabled={readOnly} onMove={onMove} onRemove={onRemove} />
      </div>
      <TextField label={texts.sectionLabel} value={section.label ?? ''} disabled={readOnly} onChange={(e) => onChange({ ...section, label: e.target.value })}
        error={errors[`form.${section.id}.label`]} />
      <ol className="flex flex-col gap-3">
        {section.elements.map((element, i) => (
          <ElementCard key={element.id} sectionId={section.id} element={element} index={i} count={section.elements.length} errors={errors} readOnly={readOnly}
            onChange={(next) => setElements(section.elements.map((e, j) => (j === i ? next : e)))}
            onMove={(by) => setElements(moved(section.elements, i, by))}
            onRemove={() => setElements(section.elements.filter((_, j) => j !== i))} />
        ))}
      </ol>
      {!readOnly && (
        <form className="flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={(e) => {
          e.preventDefault();
          add((new FormData(e.currentTarget).get('type') as ElementType) ?? 's_textinput');
        }}>
          <div className="flex flex-col gap-1">
            <label htmlFor={addId} className="text-sm font-medium text-slate-800">{texts.newElementKind}</label>
            <Select id={addId} name="type" defaultValue="s_textinput">
              {SURVEY_ELEMENT_TYPES.map((t) => <option key={t} value={t}>{surveysTexts.elementKinds[t]}</option>)}
            </Select>
          </div>
          <Button type="submit" variant="secondary">{texts.addElement}</Button>
        </form>
      )}
    </section>
  );
}

function ElementCard({ sectionId, element, index, count, errors, readOnly, onChange, onMove, onRemove }: {
  sectionId: string; element: Element; index: number; count: number; errors: Errors; readOnly: boolean;
  onChange: (next: Element) => void; onMove: (by: -1 | 1) => void; onRemove: () => void;
}) {
  const base = `form.${sectionId}.elements.${element.id}`;
  const err = (key: string) => errors[`${base}.${key}`];
  const name = surveyElementName(element.type, element.data.label);
  const data = element.data as Record<string, unknown>;
  const patch = (next: Record<string, unknown>) => onChange({ ...element, data: { ...element.data, ...next } } as Element);
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-300 bg-white p-3" aria-label={name}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <LabelledField label={texts.elementKind} error={err('type')}>
          {(control) => (
            <Select {...control} value={element.type} disabled={readOnly} onChange={(e) => onChange(newElement(e.target.value as ElementType, element.data.label, element.id))}>
              {SURVEY_ELEMENT_TYPES.map((t) => <option key={t} value={t}>{surveysTexts.elementKinds[t]}</option>)}
            </Select>
          )}
        </LabelledField>
        <MoveButtons name={name} index={index} count={count} disabled={readOnly} onMove={onMove} onRemove={onRemove} />
      </div>
      <TextField label={element.type === 's_title' ? texts.titleLabel : texts.label} required value={element.data.label} disabled={readOnly}
        onChange={(e) => patch({ label: e.target.value })} error={err('data.label')} />
      {element.type !== 's_title' && (
        <Checkbox label={texts.required} checked={data.requiredField === true} disabled={readOnly} onChange={(e) => patch({ requiredField: e.target.checked })} />
      )}
      <ElementSettings element={element} data={data} err={err} readOnly={readOnly} patch={patch} />
    </li>
  );
}

function ElementSettings({ element, data, err, readOnly, patch }: {
  element: Element; data: Record<string, unknown>; err: (key: string) => string | undefined; readOnly: boolean; patch: (next: Record<string, unknown>) => void;
}) {
  const str = (key: string) => (typeof data[key] === 'string' ? (data[key] as string) : '');
  const num = (key: string) => (typeof data[key] === 'number' ? String(data[key]) : '');
  const toNumber = (value: string) => (value.trim() === '' ? null : Number(value));
  switch (element.type) {
    case 's_title':
      return <TextAreaField label={texts.wysiwyg} rows={3} value={str('wysiwyg')} disabled={readOnly} onChange={(e) => patch({ wysiwyg: e.target.value })} error={err('data.wysiwyg')} />;
    case 's_textinput':
    case 's_textareainput':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={texts.placeholder} value={str('placeholder')} disabled={readOnly} onChange={(e) => patch({ placeholder: e.target.value })} />
          <TextField label={texts.defaultValue} value={str('defaultValue')} disabled={readOnly} onChange={(e) => patch({ defaultValue: e.target.value })} error={err('data.defaultValue')} />
          <TextField label={texts.maxLength} type="number" inputMode="numeric" min={0} value={num('maxLength')} disabled={readOnly}
            onChange={(e) => patch({ maxLength: toNumber(e.target.value) })} error={err('data.maxLength')} />
        </div>
      );
    case 's_select':
      return <SelectSettings element={element} err={err} readOnly={readOnly} patch={patch} />;
    case 's_smileyinput':
      return <ScaleSettings element={element} err={err} readOnly={readOnly} patch={patch} />;
    case 's_photoinput':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={texts.imageWidth} type="number" inputMode="numeric" value={num('image_width')} disabled={readOnly}
            onChange={(e) => patch({ image_width: toNumber(e.target.value) })} error={err('data.image_width')} />
          <TextField label={texts.imageHeight} type="number" inputMode="numeric" value={num('image_height')} disabled={readOnly}
            onChange={(e) => patch({ image_height: toNumber(e.target.value) })} error={err('data.image_height')} />
        </div>
      );
    default: {
      const never: never = element;
      return never;
    }
  }
}

function SelectSettings({ element, err, readOnly, patch }: {
  element: Extract<Element, { type: 's_select' }>; err: (key: string) => string | undefined; readOnly: boolean; patch: (next: Record<string, unknown>) => void;
}) {
  const options = element.data.options;
  const setOptions = (next: Array<{ label: string }>) => patch({ options: next });
  const listId = useId();
  return (
    <div className="flex flex-col gap-3">
      <LabelledField label={texts.selectKind} error={err('data.type')}>
        {(control) => (
          <Select {...control} value={element.data.type} disabled={readOnly}
            onChange={(e) => patch({ type: e.target.value, ...(e.target.value === 'check' ? { defaultValue: null } : {}) })}>
            {SURVEY_SELECT_TYPES.map((t) => <option key={t} value={t}>{surveysTexts.selectKinds[t]}</option>)}
          </Select>
        )}
      </LabelledField>
      <fieldset className="flex flex-col gap-2" aria-describedby={err('data.options') ? `${listId}-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">{texts.options}</legend>
        {options.map((option, i) => (
          <div key={i} className="flex items-end gap-2">
            <TextField className="flex-1" label={texts.option(i + 1)} value={option.label} disabled={readOnly}
              onChange={(e) => setOptions(options.map((o, j) => (j === i ? { label: e.target.value } : o)))} error={err(`data.options.${i}.label`)} />
            <Button variant="secondary" className="px-3" aria-label={texts.removeOption(option.label || String(i + 1))} disabled={readOnly}
              onClick={() => setOptions(options.filter((_, j) => j !== i))}>✕</Button>
          </div>
        ))}
        {err('data.options') && <p id={`${listId}-error`} className="text-sm font-medium text-red-700">{err('data.options')}</p>}
        {!readOnly && <div><Button variant="secondary" onClick={() => setOptions([...options, { label: '' }])}>{texts.addOption}</Button></div>}
      </fieldset>
      {element.data.type !== 'check' && (
        <LabelledField label={texts.defaultOption} error={err('data.defaultValue')}>
          {(control) => (
            <Select {...control} value={element.data.defaultValue ?? ''} disabled={readOnly} onChange={(e) => patch({ defaultValue: e.target.value || null })}>
              <option value="">{texts.noDefault}</option>
              {options.filter((o) => o.label.trim()).map((o, i) => <option key={i} value={o.label}>{o.label}</option>)}
            </Select>
          )}
        </LabelledField>
      )}
    </div>
  );
}

function ScaleSettings({ element, err, readOnly, patch }: {
  element: Extract<Element, { type: 's_smileyinput' }>; err: (key: string) => string | undefined; readOnly: boolean; patch: (next: Record<string, unknown>) => void;
}) {
  const names = SCALE_KEYS.map((key) => element.data[key] ?? '');
  const filled = names.filter((n) => n.trim()).length;
  const count = filled || SURVEY_SCALE_MAX;
  const setCount = (n: number) => {
    const next: Record<string, string | null> = {};
    SCALE_KEYS.forEach((key, i) => { next[key] = i < n ? (names[i]?.trim() || String(i + 1)) : null; });
    patch(next);
  };
  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <LabelledField label={texts.icon} error={err('data.icon')}>
          {(control) => (
            <Select {...control} value={element.data.icon} disabled={readOnly} onChange={(e) => patch({ icon: e.target.value })}>
              {SURVEY_SMILEY_ICONS.map((t) => <option key={t} value={t}>{surveysTexts.iconKinds[t]}</option>)}
            </Select>
          )}
        </LabelledField>
        <LabelledField label={texts.scaleCount}>
          {(control) => (
            <Select {...control} value={count} disabled={readOnly} onChange={(e) => setCount(Number(e.target.value))}>
              {[2, 3, 4, 5].map((n) => <option key={n} value={n}>{n}</option>)}
            </Select>
          )}
        </LabelledField>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {SCALE_KEYS.slice(0, count).map((key, i) => (
          <TextField key={key} label={texts.scaleValue(i + 1)} value={names[i] ?? ''} placeholder={String(i + 1)} disabled={readOnly}
            onChange={(e) => patch({ [key]: e.target.value })} error={err(`data.${key}`)} />
        ))}
      </div>
      <Checkbox label={texts.hideLabels} checked={element.data.hideLabels === true} disabled={readOnly} onChange={(e) => patch({ hideLabels: e.target.checked })} />
    </div>
  );
}
