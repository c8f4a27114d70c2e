// @vitest-environment jsdom
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api';
import { formErrors, setServerErrors } from '../lib/form-errors';
import { byLabel, changeValue, cleanup, click, interact, interactAsync, render, settle } from './dom-test-utils';
import { ErrorSummary, useErrorSummary } from './error-summary';
import { TextField } from './field';
import { RadioGroup, RadioOption } from './radio-group';

type Values = { gender: string; first_name: string; last_name: string };
const FIELDS = ['gender', 'first_name', 'last_name'] as const;

/**
 * A form wired as the app's forms are: the summary at the top, focus to it after a failed submit, a
 * 422's field messages on the fields. `send` stands in for the request.
 */
function PersonForm({ send }: { send: (values: Values) => Promise<void> }) {
  const { register, handleSubmit, setError, formState: { errors } } = useForm<Values>({
    defaultValues: { gender: '', first_name: '', last_name: '' },
    shouldFocusError: false,
  });
  const summary = useErrorSummary();
  const submit = handleSubmit(async (values) => {
    try {
      await send(values);
    } catch (error) {
      if (setServerErrors(error, FIELDS, setError)) summary.focusSummary();
    }
  }, summary.focusSummary);
  return (
    <form noValidate onSubmit={submit}>
      <ErrorSummary errors={formErrors(errors, FIELDS)} focusKey={summary.focusKey} />
      <RadioGroup legend="Aanhef" error={errors.gender?.message}>
        {() => ['Man', 'Vrouw'].map((g) => <RadioOption key={g} value={g} label={g} {...register('gender', { required: 'Kies een aanhef' })} />)}
      </RadioGroup>
      <TextField label="Voornaam" error={errors.first_name?.message} {...register('first_name', { required: 'Vul een voornaam in' })} />
      <TextField label="Achternaam" error={errors.last_name?.message} {...register('last_name')} />
      <button type="submit">Opslaan</button>
    </form>
  );
}

/** Submits the form and waits for react-hook-form's validation and the request to settle. */
async function submit(container: HTMLElement) {
  await interactAsync(async () => container.querySelector('form')!.requestSubmit());
  await settle();
}

const summaryOf = (container: HTMLElement) => container.querySelector<HTMLElement>('[data-error-summary]');
const links = (container: HTMLElement) => Array.from(summaryOf(container)?.querySelectorAll('a') ?? []);

let scrolled: Element[] = [];
beforeEach(() => {
  scrolled = [];
  // jsdom lays nothing out; record what would be scrolled into view.
  Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
    scrolled.push(this);
  };
});
afterEach(cleanup);

describe('ErrorSummary', () => {
  it('shows nothing before a submit, and after a failed one lists every message as a link, in the form’s order', async () => {
    const container = render(<PersonForm send={async () => {}} />);
    expect(summaryOf(container)).toBeNull();
    await submit(container);
    const box = summaryOf(container)!;
    expect(box.querySelector('[role="alert"] h2')!.textContent).toBe('Formulier niet goed ingevuld');
    expect(links(container).map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Kies een aanhef', '#gender'],
      ['Vul een voornaam in', '#first_name'],
    ]);
    // the same words at the field, tied to it
    const firstName = byLabel<HTMLInputElement>(container, 'Voornaam');
    expect(document.getElementById(firstName.getAttribute('aria-describedby')!)!.textContent).toBe('Vul een voornaam in');
  });

  it('takes focus after a failed submit and is scrolled into view', async () => {
    const container = render(<PersonForm send={async () => {}} />);
    await submit(container);
    const box = summaryOf(container)!;
    expect(document.activeElement).toBe(box);
    expect(box.tabIndex).toBe(-1); // focusable by script, not a tab stop
    expect(scrolled).toContain(box);
  });

  it('takes focus when the server refuses fields (a 422), with its messages at those fields', async () => {
    const refuse = async () => {
      throw new ApiError(422, { message: 'Formulier niet goed ingevuld', errors: [{ field: 'first_name', message: 'Gebruik maximaal 100 tekens' }, { field: 'language', message: 'Onbekend' }] });
    };
    const container = render(<PersonForm send={refuse} />);
    click(byLabel(container, 'Vrouw'));
    changeValue(byLabel<HTMLInputElement>(container, 'Voornaam'), 'Sanne');
    await settle();
    await submit(container);
    expect(document.activeElement).toBe(summaryOf(container));
    // a field the form does not have stays out of the list
    expect(links(container).map((a) => a.textContent)).toEqual(['Gebruik maximaal 100 tekens']);
    const firstName = byLabel<HTMLInputElement>(container, 'Voornaam');
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(firstName.getAttribute('aria-describedby')!)!.textContent).toBe('Gebruik maximaal 100 tekens');
  });

  it('moves focus to the field of a link and scrolls its label into view; a radio group’s legend', async () => {
    const container = render(<PersonForm send={async () => {}} />);
    await submit(container);
    scrolled = [];
    click(links(container)[1]!);
    expect(document.activeElement).toBe(byLabel(container, 'Voornaam'));
    expect(scrolled.map((el) => el.textContent)).toEqual(['Voornaam']);

    scrolled = [];
    click(links(container)[0]!);
    expect(document.activeElement).toBe(byLabel(container, 'Man')); // none chosen: the first option
    expect(scrolled.map((el) => el.tagName)).toEqual(['LEGEND']);
    expect(window.location.hash).toBe(''); // the link moved focus, not the page's address
  });

  it('does not take focus back while the person corrects the fields, and goes once all are correct', async () => {
    const container = render(<PersonForm send={async () => {}} />);
    await submit(container);
    const firstName = byLabel<HTMLInputElement>(container, 'Voornaam');
    interact(() => firstName.focus());
    changeValue(firstName, 'Sanne');
    await settle();
    expect(links(container).map((a) => a.textContent)).toEqual(['Kies een aanhef']);
    expect(document.activeElement).toBe(firstName);
    click(byLabel(container, 'Man'));
    await settle();
    expect(summaryOf(container)).toBeNull();
  });

  it('takes focus again on the next failed submit', async () => {
    const container = render(<PersonForm send={async () => {}} />);
    await submit(container);
    interact(() => byLabel<HTMLInputElement>(container, 'Achternaam').focus());
    await submit(container);
    expect(document.activeElement).toBe(summaryOf(container));
  });

  it('takes a title and a heading level (inside a dialog)', () => {
    const container = render(<ErrorSummary errors={[{ field: 'email', message: 'Vul hier een e-mailadres in' }]} focusKey={0} title="Controleer de velden" headingLevel={3} />);
    expect(summaryOf(container)!.querySelector('h3')!.textContent).toBe('Controleer de velden');
    expect(document.activeElement).not.toBe(summaryOf(container)); // no failed submit yet: no focus
  });
});
