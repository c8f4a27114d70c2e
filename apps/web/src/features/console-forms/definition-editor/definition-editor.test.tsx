// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import type { TFormFamily, TFormSectionDefinition } from '@portal/contract';
import { byLabel, changeValue, cleanup, click, interact, render } from '../../../ui/dom-test-utils';
import { DefinitionEditor } from './index';

afterEach(cleanup);

const kitchen = (): TFormSectionDefinition[] => [
  { id: 's1', label: 'Keuken', elements: [
    { id: 'k1', type: 'c_choice', data: { label: 'Keuken kiezen', type: 'radio', options: [{ label: 'Wit', price: '12,5' }, { label: 'Eiken', price: '0,00' }] } },
    { id: 'n1', type: 'c_textinput', data: { label: 'Naam' } },
  ] },
  { id: 's2', label: 'Badkamer', elements: [] },
];

function Harness({ kind, initial, onChange }: { kind: TFormFamily; initial: TFormSectionDefinition[]; onChange: (next: TFormSectionDefinition[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DefinitionEditor
      kind={kind}
      value={value}
      onChange={(next) => { setValue(next); onChange(next); }}
      problems={[]}
      uploadImage={() => Promise.resolve({ url: '/bestand.png' })}
      renderPreview={(_kind, sections) => <p data-testid="preview-labels">{sections.flatMap((s) => s.elements.map((e) => e.data.label)).join('|')}</p>}
    />
  );
}

const mount = (initial = kitchen(), kind: TFormFamily = 'choice') => {
  const onChange = vi.fn<(next: TFormSectionDefinition[]) => void>();
  const container = render(<Harness kind={kind} initial={initial} onChange={onChange} />);
  const last = () => onChange.mock.lastCall![0];
  return { container, onChange, last };
};
const button = (scope: ParentNode, name: string) => {
  const found = Array.from(scope.querySelectorAll('button')).find((b) => b.textContent?.trim() === name || b.getAttribute('aria-label') === name);
  if (!found) throw new Error(`no button '${name}'`);
  return found;
};

describe('the definition editor', () => {
  it('shows a problem at the setting it names and in the list, whose link opens the element and focuses the setting', () => {
    const { container } = mount();
    const message = "Vraag 'Keuken kiezen': '12,5' is geen bedrag; schrijf bijvoorbeeld 12,50";
    const link = Array.from(container.querySelectorAll('[data-problem-summary] a')).find((a) => a.textContent === message);
    expect(link).toBeDefined();
    // the element is closed: its header counts the problem
    expect(button(container, 'Keuken kiezen (Keuze met prijzen) bewerken').getAttribute('aria-expanded')).toBe('false');
    expect(container.textContent).toContain('1 probleem');
    click(link!);
    const price = container.querySelector<HTMLInputElement>('[name="sections.s1.elements.k1.data.options.0.price"]')!;
    expect(document.activeElement).toBe(price);
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(price.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(message);
  });

  it('writes a typed price the stored way when it is left, which clears the problem', () => {
    const { container, last } = mount();
    click(button(container, 'Keuken kiezen (Keuze met prijzen) bewerken'));
    const price = byLabel<HTMLInputElement>(container, 'Meerprijs van optie 1 in euro');
    changeValue(price, '1250.5');
    interact(() => price.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
    expect(last()[0]!.elements[0]!.data.options![0]!.price).toBe('1.250,50');
    expect(container.querySelector('[data-problem-summary]')).toBeNull();
  });

  it("adds an element of the family's types with a fresh id and focuses its question", () => {
    const { container, last } = mount();
    const badkamer = container.querySelectorAll('section')[1]!;
    const types = Array.from(badkamer.querySelector('select')!.options).map((o) => o.textContent);
    expect(types).toContain('Keuze met prijzen');
    expect(types).not.toContain('Akkoordverklaring');
    changeValue(badkamer.querySelector('select')!, 'calculatorinput');
    click(button(badkamer, 'Toevoegen'));
    const added = last()[1]!.elements[0]!;
    expect(added.type).toBe('c_calculatorinput');
    expect(added.id).toMatch(/^e[a-z0-9]{12}$/);
    expect(document.activeElement?.getAttribute('name')).toBe(`sections.s2.elements.${added.id}.data.label`);
    // new and without a question: the problem names it by its kind
    expect(container.textContent).toContain('Vraag zonder tekst (Rekenveld (aantal × prijs)): geef de vraag een tekst');
    changeValue(document.activeElement as HTMLInputElement, 'Extra stopcontacten');
    expect(container.querySelector('[data-testid="preview-labels"]')?.textContent).toBe('Keuken kiezen|Naam|Extra stopcontacten');
  });

  it('moves an element with its down button, keeps focus on it, and undoes the move', () => {
    const { container, last } = mount();
    const down = button(container, 'Keuken kiezen (Keuze met prijzen) omlaag');
    down.focus();
    click(down);
    expect(last()[0]!.elements.map((e) => e.id)).toEqual(['n1', 'k1']);
    // now last: its down button is disabled, so focus went to its header
    expect(document.activeElement).toBe(button(container, 'Keuken kiezen (Keuze met prijzen) bewerken'));
    expect(container.querySelector('[aria-live="polite"]')?.textContent).toBe('Keuken kiezen (Keuze met prijzen) staat nu op plaats 2 van 2');
    click(button(container, 'Ongedaan maken'));
    expect(last()[0]!.elements.map((e) => e.id)).toEqual(['k1', 'n1']);
  });

  it('moves an element to another section, duplicates and removes', () => {
    const { container, last } = mount();
    click(button(container, 'Naam (Tekstveld) bewerken'));
    changeValue(byLabel<HTMLSelectElement>(container, 'Naam (Tekstveld) verplaatsen naar onderdeel'), 's2');
    expect(last().map((s) => s.elements.map((e) => e.id))).toEqual([['k1'], ['n1']]);
    click(button(container, 'Naam (Tekstveld) dupliceren'));
    const copy = last()[1]!.elements[1]!;
    expect(copy.id).not.toBe('n1');
    expect(copy.data.label).toBe('Naam');
    // two elements named alike, different ids: no problem
    expect(container.textContent).not.toContain('komt vaker voor');
    click(button(container, 'Keuken kiezen (Keuze met prijzen) bewerken'));
    click(button(container, 'Keuken kiezen (Keuze met prijzen) verwijderen'));
    expect(last()[0]!.elements).toEqual([]);
  });

  it('shows the contact fields of a contact input as flags, Achternaam always asked', () => {
    const { container, last } = mount([{ id: 's1', label: 'Contact', elements: [{ id: 'c', type: 'contactinput', data: { label: 'Contactpersoon' } }] }], 'intake');
    click(button(container, 'Contactpersoon (Contactpersoon) bewerken'));
    expect(container.textContent).toContain('De achternaam wordt altijd gevraagd.');
    const mobile = byLabel<HTMLInputElement>(container, 'Mobiel');
    expect(mobile.checked).toBe(true);
    click(mobile);
    expect(last()[0]!.elements[0]!.data.contact_fields).toMatchObject({ mobile: false, email_address: true });
  });

  it('adds a named section with a fresh id and focuses its name; removing it is undone', () => {
    const { container, last } = mount();
    click(button(container, 'Onderdeel toevoegen'));
    const added = last()[2]!;
    expect(added).toMatchObject({ label: 'Onderdeel 3', elements: [] });
    expect(added.id).toMatch(/^s[a-z0-9]{12}$/);
    expect(document.activeElement?.getAttribute('name')).toBe(`sections.${added.id}.label`);
    changeValue(document.activeElement as HTMLInputElement, '');
    expect(container.textContent).toContain('Onderdeel zonder naam: geef het onderdeel een naam');
    click(button(container, 'Onderdeel verwijderen: Badkamer'));
    expect(last().map((s) => s.id)).toEqual(['s1', added.id]);
    click(button(container, 'Ongedaan maken'));
    expect(last().map((s) => s.id)).toEqual(['s1', 's2', added.id]);
  });

  it('changes nothing when disabled: no adding, moving or removing, every setting read-only', () => {
    const onChange = vi.fn();
    const container = render(
      <DefinitionEditor kind="choice" value={kitchen()} onChange={onChange} problems={[]} uploadImage={() => Promise.resolve({ url: '' })} disabled />,
    );
    expect(container.textContent).not.toContain('Onderdeel toevoegen');
    expect(container.textContent).not.toContain('Ongedaan maken');
    expect(button(container, 'Keuken kiezen (Keuze met prijzen) omlaag').disabled).toBe(true);
    click(button(container, 'Keuken kiezen (Keuze met prijzen) bewerken'));
    const inputs = Array.from(container.querySelectorAll<HTMLInputElement>('input, select'));
    expect(inputs.length).toBeGreaterThan(3);
    for (const input of inputs) expect(input.disabled, input.name).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
  });
});
