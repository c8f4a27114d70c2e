// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, interact, render } from './dom-test-utils';
import { FilePicker } from './file-picker';

afterEach(cleanup);

const nameOf = (el: Element) => (el.getAttribute('aria-labelledby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent).join(' ');
const describedBy = (el: Element) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);

describe('FilePicker', () => {
  it('is a Dutch button for a hidden input, named by the field, with the chosen file, hint and error tied to it', () => {
    const onFile = vi.fn();
    const container = render(<FilePicker label="CSV-bestand" accept=".csv" hint="Een export uit Excel." error="Dit bestand is niet te lezen." onFile={onFile} />);
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.className).toContain('sr-only');
    expect(input.accept).toBe('.csv');
    expect(nameOf(input)).toBe('CSV-bestand Bestand kiezen');
    expect(describedBy(input)).toEqual(['Geen bestand gekozen', 'Een export uit Excel.', 'Dit bestand is niet te lezen.']);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(container.querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Bestand kiezen');

    const file = new File(['a;b'], 'adressen.csv', { type: 'text/csv' });
    Object.defineProperty(input, 'files', { value: [file] });
    interact(() => input.dispatchEvent(new Event('change', { bubbles: true })));
    expect(onFile).toHaveBeenCalledWith(file);
  });

  it('shows the chosen file and offers another', () => {
    const container = render(<FilePicker label="Bestand" accept=".json" chosen="formulier.json" onFile={() => {}} />);
    expect(container.querySelector('[data-file-chosen]')?.textContent).toBe('formulier.json');
    expect(container.querySelector('label')?.textContent).toBe('Ander bestand kiezen');
  });
});
