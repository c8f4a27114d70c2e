import { useId, type ReactNode } from 'react';
import { controlBorder, FieldErrorText } from './field';

export const filePickerTexts = {
  choose: 'Bestand kiezen',
  other: 'Ander bestand kiezen',
  none: 'Geen bestand gekozen',
} as const;

export type FilePickerProps = {
  /** The field's label, above the control. */
  label: string;
  /** The input's accept list ('application/pdf,.pdf'). */
  accept: string;
  /** Called with the chosen file (null when the choice was cancelled). */
  onFile: (file: File | null) => void;
  /** What the control shows as chosen: the file's name (and size), or nothing yet. */
  chosen?: ReactNode;
  hint?: ReactNode;
  error?: string;
  disabled?: boolean;
  required?: boolean;
  name?: string;
  id?: string;
  /** The button's text ('Bestand kiezen' by default; 'Ander bestand kiezen' once one is chosen). */
  chooseText?: string;
  /** Empty the input after each choice (a picker that uploads at once, so the same file can be chosen again). */
  resetAfterChoice?: boolean;
  /** Leave out the chosen file's line (an image picker shows the image itself instead). */
  hideChosen?: boolean;
  /** Shown between the label and the control: the current image or logo. */
  before?: ReactNode;
  /** Inside the control after the button: 'Afbeelding verwijderen'. */
  actions?: ReactNode;
  /** Between the control and the hint: a progress bar, a status line. */
  after?: ReactNode;
  className?: string;
};

/**
 * The console's (and the portal's) one file picker: a Dutch button in place of the browser's own
 * 'Choose File' control (which speaks the browser's language and cannot be styled), the chosen file's
 * name beside it, and the hint and error tied to the input. The input itself stays in the tab order,
 * visually hidden; the button-like label shows its focus and opens the browser's file dialog.
 */
export function FilePicker({ label, accept, onFile, chosen, hint, error, disabled, required, name, id: givenId, chooseText, resetAfterChoice, hideChosen, before, actions, after, className = '' }: FilePickerProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const describedBy = [hideChosen ? null : `${id}-chosen`, hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={`flex flex-col gap-1 ${className}`} data-file-picker="">
      <p id={`${id}-label`} className="text-sm font-medium text-slate-800">{label}{required && <span aria-hidden="true"> *</span>}</p>
      {before}
      <div className={`flex flex-wrap items-center gap-3 rounded-md border bg-white p-2 ${controlBorder(error)}`}>
        <input id={id} name={name} type="file" accept={accept} disabled={disabled} className="peer sr-only"
          aria-labelledby={`${id}-label ${id}-button`} aria-describedby={describedBy} aria-invalid={error ? true : undefined} aria-required={required || undefined}
          onChange={(e) => {
            onFile(e.currentTarget.files?.[0] ?? null);
            if (resetAfterChoice) e.currentTarget.value = '';
          }} />
        <label id={`${id}-button`} htmlFor={id}
          className="inline-flex min-h-11 cursor-pointer items-center rounded-md bg-slate-800 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700 peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-800 peer-disabled:cursor-not-allowed peer-disabled:opacity-60">
          {chooseText ?? (chosen ? filePickerTexts.other : filePickerTexts.choose)}
        </label>
        {!hideChosen && <span id={`${id}-chosen`} className="min-w-0 break-all text-sm text-slate-800" data-file-chosen="">{chosen || filePickerTexts.none}</span>}
        {actions}
      </div>
      {after}
      {hint && <p id={`${id}-hint`} className="text-xs text-slate-600">{hint}</p>}
      {error && <FieldErrorText id={`${id}-error`}>{error}</FieldErrorText>}
    </div>
  );
}
