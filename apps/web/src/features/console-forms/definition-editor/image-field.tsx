import { useId, useState } from 'react';
import { Button } from '../../../ui/button';
import { FieldErrorText } from '../../../ui/field';
import { editorTexts as t } from './texts';

type Props = {
  label: string;
  /** The image's link, as the definition keeps it. */
  value: string | null | undefined;
  onChange: (url: string | null) => void;
  uploadImage: (file: File) => Promise<{ url: string }>;
  /** The problem's path, the input's name (the problem list focuses it). */
  name: string;
  error?: string;
  disabled?: boolean;
};

/**
 * An image of a definition (an option's picture, a drawing): the browser's own file input (keyboard and
 * screen readers know it), uploaded at once through the page's `uploadImage`, then shown with its link kept.
 */
export function ImageField({ label, value, onChange, uploadImage, name, error, disabled }: Props) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const message = failure ?? error;
  const choose = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setFailure(undefined);
    if (!['image/png', 'image/jpeg'].includes(file.type)) {
      setFailure(t.imageType);
      input.value = '';
      return;
    }
    setBusy(true);
    try {
      const { url } = await uploadImage(file);
      onChange(url);
    } catch {
      setFailure(t.imageFailed);
    } finally {
      setBusy(false);
      input.value = '';
    }
  };
  // The file input itself is visually hidden behind a button-like label (the browser's own text would be in its language, not Dutch).
  return (
    <div className="flex flex-col gap-2">
      <p id={`${id}-label`} className="text-sm font-medium text-slate-800">{label}</p>
      {value && <img src={value} alt={t.imageAlt(label)} className="max-h-40 w-auto max-w-full self-start rounded border border-slate-200 object-contain" />}
      <div className="flex flex-wrap items-center gap-2">
        <label
          htmlFor={id}
          className={`inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-800 ${disabled || busy ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:bg-slate-100'}`}
        >
          {value ? t.replaceImage : t.chooseImage}
          <span className="sr-only">: {label}</span>
          <input
            id={id}
            name={name}
            type="file"
            accept="image/png,image/jpeg"
            className="sr-only"
            disabled={disabled || busy}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${id}-error` : undefined}
            onChange={(event) => void choose(event.currentTarget)}
          />
        </label>
        {value && !disabled && <Button variant="ghost" onClick={() => onChange(null)}>{t.removeImage}<span className="sr-only">: {label}</span></Button>}
        {!value && <span className="text-sm text-slate-600">{t.noImage}</span>}
      </div>
      {busy && <p role="status" className="text-sm text-slate-700">{t.uploading}</p>}
      {message && <FieldErrorText id={`${id}-error`}>{message}</FieldErrorText>}
    </div>
  );
}
