// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import type { TFormSectionDefinition } from '@portal/contract';
import { DefinitionEditor } from '../../features/console-forms/definition-editor';
import { byLabel, changeValue, cleanup, click, render } from '../../ui/dom-test-utils';
import { renderFormPreview } from './form-preview';

afterEach(cleanup);

const draft: TFormSectionDefinition[] = [
  { id: 's1', label: 'Keuken', elements: [
    { id: 'k1', type: 'c_choice', data: { label: 'Keuken kiezen', type: 'radio', requiredField: true, options: [{ label: 'Wit', price: '0,00' }, { label: 'Eiken', price: '1.250,00' }] } },
    { id: 'n1', type: 'c_textinput', data: { label: 'Opmerking', placeholder: 'Bijvoorbeeld de kleur' } },
  ] },
];

function Editor({ onChange }: { onChange: (next: TFormSectionDefinition[]) => void }) {
  const [value, setValue] = useState(draft);
  return (
    <DefinitionEditor kind="choice" value={value} onChange={(next) => { setValue(next); onChange(next); }} problems={[]}
      uploadImage={() => Promise.reject(new Error('niet nodig'))} renderPreview={renderFormPreview} />
  );
}

describe("the builder's preview", () => {
  it("renders the draft with the resident's renderer (prices of a choice form) and follows the editor", () => {
    const onChange = vi.fn();
    const container = render(<Editor onChange={onChange} />);
    const preview = container.querySelector('[data-testid="form-preview"]')!;
    expect(preview.querySelector('fieldset legend')?.textContent).toContain('Keuken kiezen');
    expect(preview.textContent).toContain('+\u00a0€\u00a01.250,00');
    expect(byLabel<HTMLInputElement>(preview, 'Opmerking').placeholder).toBe('Bijvoorbeeld de kleur');

    click(Array.from(container.querySelectorAll('button')).find((b) => b.getAttribute('aria-label') === 'Opmerking (Tekstveld) bewerken')!);
    changeValue(container.querySelector<HTMLInputElement>('[name="sections.s1.elements.n1.data.label"]')!, 'Uw wensen');
    expect(byLabel<HTMLInputElement>(preview, 'Uw wensen')).toBeDefined();

    // what is typed in the preview stays there: the definition does not change
    onChange.mockClear();
    changeValue(byLabel<HTMLInputElement>(preview, 'Uw wensen'), 'Donker hout');
    expect(onChange).not.toHaveBeenCalled();
    expect(byLabel<HTMLInputElement>(preview, 'Uw wensen').value).toBe('Donker hout');
  });

  it("checks the preview's answers with the resident's rules", () => {
    const container = render(<>{renderFormPreview('choice', draft)}</>);
    click(Array.from(container.querySelectorAll('button')).find((b) => b.textContent === 'Controleer als bewoner')!);
    expect(container.textContent).toContain('Kies een van de opties');
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Het voorbeeld heeft 1 antwoord dat niet voldoet.');
    click(container.querySelectorAll<HTMLInputElement>('input[type="radio"]')[1]!);
    click(Array.from(container.querySelectorAll('button')).find((b) => b.textContent === 'Controleer als bewoner')!);
    expect(container.querySelector('[role="status"]')?.textContent).toBe('De antwoorden in het voorbeeld voldoen aan de regels.');
  });
});
