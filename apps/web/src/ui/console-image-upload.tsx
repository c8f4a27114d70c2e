import { useEffect, useId, useRef, useState } from 'react';
import { fillPath, staffContentPaths, type TStaffImage, type TStaffImagePurpose } from '@portal/contract';
import { ApiError } from '../lib/api';
import { staffUploadWithProgress } from '../lib/staff-api';
import { Button } from './button';
import { FilePicker } from './file-picker';

export const imageUploadTexts = {
  choose: 'Afbeelding kiezen',
  replace: 'Andere afbeelding kiezen',
  remove: 'Afbeelding verwijderen',
  none: 'Geen afbeelding',
  hint: 'Een png of jpeg; de gegevens in het bestand (zoals locatie) worden verwijderd.',
  progress: (percent: number) => `Afbeelding wordt geüpload: ${percent}%`,
  uploaded: 'Afbeelding geüpload',
  type: 'Alleen afbeeldingen van het type png of jpeg zijn toegestaan.',
  failed: 'De afbeelding kon niet worden geüpload. Probeer het opnieuw.',
  alt: (label: string) => `Gekozen afbeelding: ${label}`,
} as const;

/** An item's image as the form holds it: the stored file's id and a link to show it. */
export type ImageValue = { id: number; url: string } | null;

/** Uploads one image for a project's module (POST /staff/projects/{id}/images/{purpose}). */
export function uploadStaffImage(projectId: number, purpose: TStaffImagePurpose, file: File, onProgress: (fraction: number) => void = () => {}) {
  return staffUploadWithProgress<TStaffImage>(fillPath(staffContentPaths.images, { projectId, purpose }), file, onProgress);
}

type Props = {
  label: string;
  projectId: number;
  purpose: TStaffImagePurpose;
  value: ImageValue;
  onChange: (value: ImageValue) => void;
  error?: string;
  /** The field name the error summary links to. */
  name?: string;
};

/**
 * An image field of the console: choose a png or jpeg, it is uploaded at once (checked and stripped of
 * metadata by the server) with its progress shown, then previewed; its id becomes the field's value.
 */
export function ConsoleImageUpload({ label, projectId, purpose, value, onChange, error, name = 'image_id' }: Props) {
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string>();
  const [preview, setPreview] = useState<{ id: number; url: string } | null>(null);
  const previewUrl = useRef<string | null>(null);
  useEffect(() => () => {
    if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
  }, []);
  const message = failure ?? error;
  const busy = progress !== null;

  const choose = async (file: File | null) => {
    if (!file) return;
    if (!['image/png', 'image/jpeg'].includes(file.type)) {
      setFailure(imageUploadTexts.type);
      return;
    }
    setFailure(undefined);
    setProgress(0);
    try {
      const stored = await uploadStaffImage(projectId, purpose, file, setProgress);
      if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
      previewUrl.current = URL.createObjectURL(file);
      setPreview({ id: stored.id, url: previewUrl.current });
      onChange({ id: stored.id, url: stored.url });
    } catch (caught) {
      setFailure(caught instanceof ApiError ? (caught.body.errors?.[0]?.message ?? caught.message) : imageUploadTexts.failed);
    } finally {
      setProgress(null);
    }
  };

  const percent = Math.round((progress ?? 0) * 100);
  return (
    <FilePicker id={inputId} name={name} label={label} accept="image/png,image/jpeg" disabled={busy} error={message} hint={imageUploadTexts.hint}
      chooseText={value ? imageUploadTexts.replace : imageUploadTexts.choose} hideChosen={!!value} chosen={imageUploadTexts.none} resetAfterChoice
      onFile={(file) => void choose(file)}
      before={value && (
        <img src={preview?.id === value.id ? preview.url : value.url} alt={imageUploadTexts.alt(label)}
          className="h-auto max-h-48 w-auto max-w-full self-start rounded-md border border-slate-300 object-contain" />
      )}
      actions={value && !busy && <Button variant="ghost" onClick={() => onChange(null)}>{imageUploadTexts.remove}</Button>}
      after={<>
        {busy && <progress max={100} value={percent} aria-label={imageUploadTexts.progress(percent)} className="h-2 w-full max-w-sm" />}
        <p role="status" className="text-sm text-slate-700">{busy ? imageUploadTexts.progress(percent) : preview && value?.id === preview.id ? imageUploadTexts.uploaded : ''}</p>
      </>} />
  );
}
