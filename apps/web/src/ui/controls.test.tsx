// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { byLabel, cleanup, click, render } from './dom-test-utils';
import { Checkbox } from './field';
import { RadioGroup, RadioOption } from './radio-group';
import { Select } from './select';

afterEach(cleanup);

const classes = (el: Element) => el.getAttribute('class')!.split(/\s+/);

describe('the one set of form controls', () => {
  it('Checkbox: the brand colour, a label that toggles it, and its error tied to it', () => {
    const container = render(<Checkbox name="terms" label="Ik ga akkoord" error="U moet akkoord gaan met de voorwaarden" />);
    const box = byLabel<HTMLInputElement>(container, 'Ik ga akkoord');
    expect(box.type).toBe('checkbox');
    expect(classes(box)).toContain('accent-brand');
    click(container.querySelector('label')!);
    expect(box.checked).toBe(true);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(box.getAttribute('aria-describedby')!)!;
    expect(error.textContent).toBe('U moet akkoord gaan met de voorwaarden');
    expect(error.hasAttribute('data-field-error')).toBe(true);
  });

  it('RadioOption: the same look as a check box, in a group whose legend names it and whose error every option carries', () => {
    const container = render(
      <RadioGroup legend="Aanhef" required error="Kies een aanhef">
        {({ describedBy, invalid }) => ['Man', 'Vrouw'].map((g) => <RadioOption key={g} name="gender" value={g} label={g} aria-describedby={describedBy} aria-invalid={invalid} />)}
      </RadioGroup>,
    );
    const man = byLabel<HTMLInputElement>(container, 'Man');
    const box = render(<Checkbox label="Ja" />).querySelector('input')!;
    expect(classes(man)).toEqual(classes(box));
    expect(container.querySelector('fieldset > legend')!.textContent).toBe('Aanhef *');
    for (const option of [man, byLabel<HTMLInputElement>(container, 'Vrouw')]) {
      expect(document.getElementById(option.getAttribute('aria-describedby')!)!.textContent).toBe('Kies een aanhef');
    }
    click(byLabel(container, 'Vrouw'));
    expect(byLabel<HTMLInputElement>(container, 'Vrouw').checked).toBe(true);
  });

  it('Select: the browser’s own select with a chevron in the brand colour, marked invalid with an error', () => {
    const container = render(
      <>
        <label htmlFor="kleur">Kleur</label>
        <Select id="kleur" error="Maak een keuze" defaultValue="">
          <option value="">Maak een keuze</option>
          <option value="wit">Wit</option>
        </Select>
      </>,
    );
    const select = byLabel<HTMLSelectElement>(container, 'Kleur');
    expect(select.tagName).toBe('SELECT');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(classes(select)).toContain('border-red-700');
    const chevron = select.parentElement!.querySelector('svg')!;
    expect(chevron.getAttribute('aria-hidden')).toBe('true');
    expect(classes(chevron)).toContain('text-brand');
  });
});
