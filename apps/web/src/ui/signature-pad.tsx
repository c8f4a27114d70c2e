import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { Button } from './button';
import { describedBy, FieldGroup } from './question-field';

/** The drawing area of a signature (spec 9): 922 x 300, black pen; the PNG is always this size. */
export const SIGNATURE_CANVAS = { width: 922, height: 300 } as const;

/**
 * On a phone the pad takes the width of the screen less a margin (the form's card and fieldset around it
 * would leave a strip of 275 x 88 px at 375 px), centred on its column; from 640 px it fills its column,
 * at most 922 px. The height follows from the 922:300 ratio.
 */
const PHONE_WIDE = 'relative left-1/2 w-[calc(100vw-2rem)] max-w-[922px] -translate-x-1/2 sm:static sm:w-full sm:translate-x-0';

export const signatureTexts = {
  clear: 'Wijzigen',
  area: 'Tekenvlak voor uw handtekening',
  hint: 'Zet uw handtekening in het vak, met de muis, uw vinger of een pen. Met Wijzigen maakt u het vak leeg.',
  image: (label: string) => `Handtekening: ${label}`,
  empty: 'Geen handtekening gezet.',
} as const;

type Props = {
  /** The field's key ('values.e4' or 'signature'): the drawing area carries it as its id, for the error summary. */
  field: string;
  label: string;
  required?: boolean;
  error?: string;
  /** The signature as a PNG data URL, or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  disabled?: boolean;
};

/**
 * A drawn signature (signature_pad). The canvas keeps 922 x 300 pixels and is scaled to the screen
 * by CSS; each stroke is drawn with the scale of that moment, so the PNG matches what was drawn on
 * any width. A signature that is there shows as an image; 'Wijzigen' clears it for a new one.
 */
export default function SignaturePadField({ field, label, required, error, value, onChange, disabled }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawing, setDrawing] = useState(() => !value && !disabled);
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const element = canvas.current;
    // jsdom (unit tests) has no 2D context: nothing to draw on.
    if (!drawing || !element || !element.getContext('2d')) return;
    const pad = new SignaturePad(element, { penColor: 'black', minWidth: 0.8, maxWidth: 2.6 });
    const context = element.getContext('2d')!;
    const scaleToScreen = () => {
      const width = element.getBoundingClientRect().width;
      const scale = width > 0 ? element.width / width : 1;
      context.setTransform(scale, 0, 0, scale, 0, 0);
    };
    const ended = () => change.current(pad.isEmpty() ? null : pad.toDataURL('image/png'));
    pad.addEventListener('beginStroke', scaleToScreen);
    pad.addEventListener('endStroke', ended);
    return () => {
      pad.removeEventListener('beginStroke', scaleToScreen);
      pad.removeEventListener('endStroke', ended);
      pad.off();
    };
  }, [drawing]);

  const clear = () => {
    const element = canvas.current;
    element?.getContext('2d')?.clearRect(0, 0, element.width, element.height);
    onChange(null);
    setDrawing(true);
  };

  return (
    <FieldGroup field={field} label={label} required={required} error={error} hint={disabled ? undefined : signatureTexts.hint}>
      {drawing ? (
        // The drawing area is named as an image (what is drawn cannot be read out); it is focusable by the
        // error summary's link, so that a missing signature leads here.
        <div id={field} role="img" aria-label={signatureTexts.area} aria-describedby={describedBy(field, { hint: true, error })} tabIndex={-1} className={PHONE_WIDE}>
          <canvas
            ref={canvas}
            width={SIGNATURE_CANVAS.width}
            height={SIGNATURE_CANVAS.height}
            className={`block aspect-[922/300] w-full touch-none rounded-md border-2 border-dashed bg-white ${error ? 'border-red-700' : 'border-slate-400'}`}
          />
        </div>
      ) : value ? (
        <img
          id={field}
          src={value}
          alt={signatureTexts.image(label)}
          width={SIGNATURE_CANVAS.width}
          height={SIGNATURE_CANVAS.height}
          className={`${PHONE_WIDE} block h-auto rounded-md border border-slate-300 bg-white`}
        />
      ) : (
        <p className="text-sm text-slate-700">{signatureTexts.empty}</p>
      )}
      {!disabled && (
        <Button variant="secondary" className="self-start" onClick={clear}>{signatureTexts.clear}</Button>
      )}
    </FieldGroup>
  );
}
