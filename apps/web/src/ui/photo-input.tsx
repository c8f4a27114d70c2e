import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../lib/api';
import { controlBorder } from './field';
import { describedBy, fieldDomId, FieldSingle, hintDomId } from './question-field';

/** A stored photo as the API answers it (surveys, forms): its id, size and a link to show it. */
export type UploadedPhoto = { id: number; image_width: number; image_height: number; url: string };

export const PHOTO_TYPES = ['image/png', 'image/jpeg'] as const;

export const photoTexts = {
  choose: 'Foto kiezen',
  none: 'Geen foto gekozen',
  replace: 'Andere foto kiezen',
  uploading: 'Foto wordt geüpload…',
  progress: (percent: number) => `Foto wordt geüpload: ${percent}%`,
  uploaded: 'Foto toegevoegd',
  hint: 'Een foto van het type png of jpeg.',
  alt: (label: string) => `Foto bij: ${label}`,
  type: 'Alleen foto’s van het type png of jpeg zijn toegestaan.',
  failed: 'De foto kon niet worden geüpload. Probeer het opnieuw.',
} as const;

type Props = {
  field: string;
  label: string;
  /** Required and no photo there yet (a photo that exists satisfies the field). */
  required?: boolean;
  error?: string;
  /** The photo the field holds: its link (or a local preview) and size. */
  photo: UploadedPhoto | null;
  /** Uploads the file; `onProgress` gets the part sent (0..1). */
  onUpload: (file: File, onProgress: (fraction: number) => void) => Promise<UploadedPhoto>;
  onPhoto: (photo: UploadedPhoto) => void;
  /** A message at the field (a refused type, a failed upload), or undefined to clear it. */
  onError: (message: string | undefined) => void;
  disabled?: boolean;
};

/**
 * A photo field: choose a png or jpeg; it is uploaded at once with its progress shown, then
 * previewed, and its id becomes the field's value.
 */
export function PhotoInput({ field, label, required, error, photo, onUpload, onPhoto, onError, disabled }: Props) {
  const [progress, setProgress] = useState<number | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  // The chosen file is shown at once from the browser's memory (the server's link needs another request).
  const [preview, setPreview] = useState<{ id: number; url: string } | null>(null);
  const previewUrl = useRef<string | null>(null);
  useEffect(() => () => {
    if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
  }, []);
  const busy = progress !== null;

  const choose = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) {
      onError(photoTexts.type);
      input.value = '';
      return;
    }
    onError(undefined);
    setProgress(0);
    try {
      const uploaded = await onUpload(file, setProgress);
      if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
      previewUrl.current = URL.createObjectURL(file);
      setPreview({ id: uploaded.id, url: previewUrl.current });
      onPhoto(uploaded);
      setFileName(file.name);
    } catch (failure) {
      onError(failure instanceof ApiError ? (failure.body.errors?.[0]?.message ?? failure.message) : photoTexts.failed);
    } finally {
      setProgress(null);
      input.value = '';
    }
  };

  const percent = Math.round((progress ?? 0) * 100);
  return (
    <FieldSingle
      field={field}
      label={label}
      required={required && !photo}
      error={error}
      after={
        <>
          {busy && <progress max={100} value={percent} aria-label={photoTexts.progress(percent)} className="h-2 w-full max-w-sm accent-brand" />}
          <p role="status" className="text-sm text-slate-700">{busy ? photoTexts.progress(percent) : photo && fileName ? photoTexts.uploaded : ''}</p>
          {photo && (
            <img
              src={preview?.id === photo.id ? preview.url : photo.url}
              alt={photoTexts.alt(label)}
              width={photo.image_width}
              height={photo.image_height}
              className="h-auto max-h-64 w-auto max-w-full self-start rounded-md border border-slate-300 object-contain"
            />
          )}
        </>
      }
    >
      {disabled ? (
        photo ? null : <p className="text-sm text-slate-700">{photoTexts.none}</p>
      ) : (
        // The browser's own file button speaks the browser's language; this one is Dutch. The input stays
        // in the tab order (visually hidden) and the button-like label shows its focus.
        <div className={`flex flex-wrap items-center gap-3 rounded-md border bg-white p-2 ${controlBorder(error)}`}>
          <input
            id={fieldDomId(field)}
            name={field}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            disabled={busy}
            onChange={(e) => void choose(e.currentTarget)}
            aria-required={required && !photo ? true : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(field, { hint: true, error })}
            className="peer sr-only"
          />
          <label
            htmlFor={fieldDomId(field)}
            className="inline-flex min-h-10 cursor-pointer items-center rounded-md bg-brand px-4 py-2 text-sm font-semibold text-on-brand hover:brightness-110 peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-800 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
          >
            {photo ? photoTexts.replace : photoTexts.choose}
          </label>
          <span className="min-w-0 break-all text-sm text-slate-700">{fileName ?? (photo ? photoTexts.uploaded : photoTexts.none)}</span>
        </div>
      )}
      {!disabled && <p id={hintDomId(field)} className="text-sm text-slate-700">{photoTexts.hint}</p>}
    </FieldSingle>
  );
}
