import {
  SURVEY_ANSWER_MAX_LENGTH, SURVEY_RATING, SURVEY_TEXT_MAX_LENGTH, surveyMaxLength, surveyScaleLabels,
  type TSurveyElement, type TSurveyPhoto,
} from '@portal/contract';
import { Checkbox } from '../../../ui/field';
import { PhotoInput } from '../../../ui/photo-input';
import { RadioOption } from '../../../ui/radio-group';
import { Select } from '../../../ui/select';
import { surveyTexts } from '../texts';
import { describedBy, fieldDomId, FieldGroup, FieldSingle, hintDomId, inputClass } from '../../../ui/question-field';
import { moodOf, SmileyIcon, StarIcon } from './scale-icons';

type ElementOf<T extends TSurveyElement['type']> = Extract<TSurveyElement, { type: T }>;
type Common = { field: string; error?: string };

/** Version 1 rating: a radio group 0..10 (5 until the resident chooses), one labelled button per number. */
export function RatingInput({ field, error, question, value, onChange }: Common & { question: string; value: number; onChange: (value: number) => void }) {
  const numbers = Array.from({ length: SURVEY_RATING.max - SURVEY_RATING.min + 1 }, (_, i) => SURVEY_RATING.min + i);
  return (
    <FieldGroup field={field} label={question} error={error} hint={surveyTexts.ratingHint}>
      <div className="grid grid-cols-6 gap-1.5 sm:flex sm:flex-wrap">
        {numbers.map((n) => (
          <label key={n} className="relative">
            <input
              type="radio"
              name={field}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="peer absolute inset-0 size-full cursor-pointer opacity-0"
            />
            <span className="flex min-h-11 min-w-11 items-center justify-center rounded-md border border-slate-400 bg-white px-2 text-base font-semibold text-slate-900 peer-checked:border-brand peer-checked:bg-brand peer-checked:text-on-brand peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-800">
              {n}
            </span>
          </label>
        ))}
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">Gekozen cijfer: <strong>{value}</strong></p>
    </FieldGroup>
  );
}

/** Version 1 open question (required). */
export function OpenAnswerInput({ field, error, question, value, onChange }: Common & { question: string; value: string; onChange: (value: string) => void }) {
  return (
    <FieldSingle field={field} label={question} required error={error}>
      <textarea
        id={fieldDomId(field)}
        name={field}
        rows={4}
        value={value}
        maxLength={SURVEY_ANSWER_MAX_LENGTH}
        onChange={(e) => onChange(e.target.value)}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(field, { error })}
        className={inputClass(error)}
      />
    </FieldSingle>
  );
}

/** s_textinput and s_textareainput (4 rows, counter '(n van max tekens)' when maxLength > 0). */
export function TextElementInput({ field, error, element, value, onChange }: Common & { element: ElementOf<'s_textinput' | 's_textareainput'>; value: string; onChange: (value: string) => void }) {
  const { data } = element;
  const max = surveyMaxLength(data.maxLength);
  const counter = element.type === 's_textareainput' && max !== null;
  const common = {
    id: fieldDomId(field),
    name: field,
    value,
    placeholder: data.placeholder ?? undefined,
    // Without a limit of its own, the longest text the server takes.
    maxLength: max ?? SURVEY_TEXT_MAX_LENGTH,
    'aria-required': data.requiredField ? true : undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(field, { hint: counter, error }),
    className: inputClass(error),
  };
  return (
    <FieldSingle
      field={field}
      label={data.label}
      required={data.requiredField}
      error={error}
      after={counter ? <p id={hintDomId(field)} className="self-end text-sm text-slate-700">{surveyTexts.counter(value.length, max)}</p> : undefined}
    >
      {element.type === 's_textareainput'
        ? <textarea rows={4} onChange={(e) => onChange(e.target.value)} {...common} />
        : <input type="text" onChange={(e) => onChange(e.target.value)} {...common} />}
    </FieldSingle>
  );
}

/** s_select as a dropdown, a radio group or a check group (value: an option label, or labels for check). */
export function SelectElementInput({ field, error, element, value, onChange }: Common & { element: ElementOf<'s_select'>; value: string | string[] | null; onChange: (value: string | string[] | null) => void }) {
  const { data } = element;
  if (data.type === 'dropdown') {
    return (
      <FieldSingle field={field} label={data.label} required={data.requiredField} error={error}>
        <Select
          id={fieldDomId(field)}
          name={field}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value || null)}
          aria-required={data.requiredField ? true : undefined}
          aria-describedby={describedBy(field, { error })}
          error={error}
        >
          <option value="">{data.placeholder || surveyTexts.choosePlaceholder}</option>
          {data.options.map((o) => <option key={o.label} value={o.label}>{o.label}</option>)}
        </Select>
      </FieldSingle>
    );
  }
  if (data.type === 'radio') {
    return (
      <FieldGroup field={field} label={data.label} required={data.requiredField} error={error}>
        <div className="flex flex-col gap-1">
          {data.options.map((o) => (
            <RadioOption key={o.label} name={field} value={o.label} label={o.label} checked={value === o.label} onChange={() => onChange(o.label)} />
          ))}
        </div>
      </FieldGroup>
    );
  }
  const chosen = Array.isArray(value) ? value : [];
  return (
    <FieldGroup field={field} label={data.label} required={data.requiredField} error={error}>
      <div className="flex flex-col gap-1">
        {data.options.map((o) => (
          <Checkbox
            key={o.label}
            name={field}
            value={o.label}
            label={o.label}
            checked={chosen.includes(o.label)}
            // Kept in the options' order, so the answer reads the way the question lists them.
            onChange={(e) => onChange(data.options.map((x) => x.label).filter((l) => (l === o.label ? e.target.checked : chosen.includes(l))))}
            aria-invalid={error ? true : undefined}
          />
        ))}
      </div>
    </FieldGroup>
  );
}

/**
 * s_smileyinput: up to five smileys or stars as a radio group. Each value's label names its radio
 * button; hideLabels hides the labels on screen but screen readers still read them.
 */
export function ScaleElementInput({ field, error, element, value, onChange }: Common & { element: ElementOf<'s_smileyinput'>; value: number | null; onChange: (value: number) => void }) {
  const { data } = element;
  const labels = surveyScaleLabels(data);
  return (
    <FieldGroup field={field} label={data.label} required={data.requiredField} error={error}>
      {/* With visible labels the scale is a column below 640 px (the labels do not fit side by side), a row above. */}
      <div className={data.hideLabels ? 'flex gap-2' : 'flex flex-col gap-1 sm:flex-row sm:gap-2'}>
        {labels.map((label, index) => {
          const n = index + 1;
          const filled = data.icon === 'star' ? value !== null && n <= value : value === n;
          return (
            <label key={n} className={`relative flex items-center ${data.hideLabels ? 'w-14 flex-col' : 'gap-3 sm:w-20 sm:flex-col sm:gap-1'}`}>
              <input
                type="radio"
                name={field}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                className="peer absolute inset-0 size-full cursor-pointer opacity-0"
              />
              <span className={`flex items-center justify-center rounded-full p-1 peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-800 ${value === n ? 'text-slate-900' : 'text-slate-600'}`}>
                {data.icon === 'star' ? <StarIcon filled={filled} /> : <SmileyIcon mood={moodOf(index, labels.length)} filled={filled} />}
              </span>
              <span className={data.hideLabels ? 'sr-only' : `text-base leading-tight sm:text-center sm:text-xs ${value === n ? 'font-semibold text-slate-900' : 'text-slate-700'}`}>{label}</span>
            </label>
          );
        })}
      </div>
    </FieldGroup>
  );
}

/**
 * s_photoinput: the shared photo field (ui/photo-input.tsx): a png or jpeg is uploaded at once with its
 * progress, then previewed, and its id becomes the element's value. Required unless a photo is there.
 */
export function PhotoElementInput({ field, error, element, photo, onUpload, onPhoto, onError }: Common & {
  element: ElementOf<'s_photoinput'>;
  photo: TSurveyPhoto | null;
  onUpload: (file: File, onProgress: (fraction: number) => void) => Promise<TSurveyPhoto>;
  onPhoto: (photo: TSurveyPhoto) => void;
  onError: (message: string | undefined) => void;
}) {
  return (
    <PhotoInput
      field={field}
      label={element.data.label}
      required={element.data.requiredField}
      error={error}
      photo={photo}
      onUpload={onUpload}
      onPhoto={onPhoto}
      onError={onError}
    />
  );
}
