import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { messages } from '@portal/contract';
import type { FormError } from '../lib/form-errors';

/**
 * The control of a field inside `scope`, found by its input's name: the chosen option of a radio group
 * (else its first), else the first enabled one; an element with that id when no input has the name.
 */
export function findFieldControl(scope: ParentNode, field: string): HTMLElement | null {
  const named = Array.from(scope.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea'))
    .filter((control) => control.getAttribute('name') === field && !control.disabled);
  const chosen = named.find((control) => control instanceof HTMLInputElement && control.type === 'radio' && control.checked);
  return chosen ?? named[0] ?? document.getElementById(field);
}

/**
 * Brings a field into view and focus, as GOV.UK's error summary does: the question (a group's legend,
 * else the input's label) is scrolled to the top of the view (index.css keeps it clear of the fixed
 * header), so the person sees what is asked and not only the box.
 */
export function focusFieldControl(control: HTMLElement) {
  const isChoice = control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox');
  const legend = isChoice ? control.closest('fieldset')?.querySelector('legend') : null;
  const label = 'labels' in control ? (control as HTMLInputElement).labels?.[0] : null;
  (legend ?? label ?? control).scrollIntoView?.({ block: 'start' });
  control.focus({ preventScroll: true });
}

/**
 * What a form needs for its error summary: `focusKey` to hand to it and `focusSummary()` to call when a
 * submit fails (on the client, or a 422 from the server); the summary then takes focus.
 */
export function useErrorSummary() {
  const [focusKey, setFocusKey] = useState(0);
  const focusSummary = useCallback(() => setFocusKey((key) => key + 1), []);
  return { focusKey, focusSummary };
}

type Props = {
  /** The fields' messages, worded as at the fields, in the form's order; nothing shows without any. */
  errors: readonly FormError[];
  /** From useErrorSummary: a new value moves focus to the summary (once it shows). */
  focusKey: number;
  /** 'Formulier niet goed ingevuld' (the spec's text for a failed validation) unless told. */
  title?: string;
  /** 2 on a page, 3 inside a dialog (whose title is the h2). */
  headingLevel?: 2 | 3;
};

/**
 * The error summary of the NL Design System and GOV.UK: a box at the top of the form with a heading and
 * every field's message as a link to that field. It is announced at once (role=alert) and takes focus
 * after a failed submit, so keyboard and screen-reader users start from the list of what to correct.
 */
export function ErrorSummary({ errors, focusKey, title = messages.invalidInput, headingLevel = 2 }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const handled = useRef(0);
  const shown = errors.length > 0;
  useEffect(() => {
    const box = ref.current;
    // Once per failed submit, as soon as the summary is there (the errors may render after the request).
    if (!box || focusKey === 0 || focusKey === handled.current) return;
    handled.current = focusKey;
    // Scrolled only when out of view (e.g. a submit at the bottom of a long form), then to the top.
    box.scrollIntoView?.({ block: 'nearest' });
    box.focus({ preventScroll: true });
  }, [focusKey, shown]);
  if (!shown) return null;

  const open = (event: MouseEvent<HTMLAnchorElement>, field: string) => {
    event.preventDefault();
    const control = findFieldControl(ref.current?.closest('form') ?? document, field);
    if (control) focusFieldControl(control);
  };
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div ref={ref} tabIndex={-1} data-error-summary="" className="rounded-md border-l-4 border-red-700 bg-red-50 p-4 text-red-900 focus:outline-3 focus:outline-offset-2 focus:outline-blue-800">
      <div role="alert">
        <Heading className="text-base font-semibold">{title}</Heading>
        <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-sm">
          {errors.map(({ field, message }) => (
            <li key={field}>
              <a href={`#${field}`} onClick={(event) => open(event, field)} className="font-medium text-red-900 underline underline-offset-2 hover:no-underline">
                {message}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
