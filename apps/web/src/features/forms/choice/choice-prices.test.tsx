// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TFormSection, TFormValues } from '@portal/contract';
import { byLabel, changeValue, cleanup, click, interact, render, settle } from '../../../ui/dom-test-utils';
import { SectionForm } from '../components/section-form';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

const section: TFormSection = {
  id: 'keuken',
  label: 'Vragen',
  nr_of_required_fields: 1,
  nr_of_required_fields_filled_in: 0,
  elements: [
    { id: 'fronten', type: 'c_choice', data: { label: 'Fronten', requiredField: true, type: 'radio', options: [{ label: 'Wit', price: '0,00', image: '/api/files/1/wit.png' }, { label: 'Eiken', price: '1.250,50' }] } },
    { id: 'extra', type: 'c_choice', data: { label: 'Extra', type: 'check', options: [{ label: 'Boiler', price: '495,00' }] } },
    { id: 'blad', type: 'c_calculatorinput', data: { label: 'Aanrechtblad', price_per_unit: '85,50', unit: 'meter', minValue: 0, maxValue: 5 } },
    { id: 'aantal', type: 'c_numberinput', data: { label: 'Aantal', minValue: 0, maxValue: 10 } },
  ],
};

function renderForm(showPrices: boolean, onValuesChange = vi.fn(), save = vi.fn<(values: TFormValues) => Promise<string>>()) {
  const container = render(
    <SectionForm
      family="choice"
      section={section}
      draftScope="choice:occupant:1:9"
      draftSection="0"
      readOnly={false}
      occupants={null}
      upload={() => Promise.reject(new Error('no uploads'))}
      save={save}
      onSaved={vi.fn()}
      submitLabel="Opslaan en volgende"
      showPrices={showPrices}
      onValuesChange={onValuesChange}
    />,
  );
  return { container, onValuesChange, save };
}

describe('a choice form section with prices', () => {
  it('shows surcharges in Dutch format, no surcharge for 0,00, the option picture, and the calculator total', () => {
    const { container, onValuesChange } = renderForm(true);
    expect(container.textContent).toContain('+\u00a0€\u00a01.250,50');
    expect(container.textContent).toContain('Geen meerprijs');
    expect(container.textContent).toContain('+\u00a0€\u00a0495,00');
    expect(container.querySelector('img[src="/api/files/1/wit.png"]')).not.toBeNull();
    expect(container.textContent).toContain('Prijs per meter: €\u00a085,50 · Totaal: €\u00a00,00');
    interact(() => changeValue(byLabel<HTMLInputElement>(container, 'Aanrechtblad'), '2,25'));
    expect(container.textContent).toContain('Totaal: €\u00a0192,38');
    expect(onValuesChange).toHaveBeenLastCalledWith(expect.objectContaining({ blad: 2.25 }));
  });

  it('hides every price when prices are disabled', () => {
    const { container } = renderForm(false);
    expect(container.textContent).not.toContain('€');
    expect(container.textContent).not.toContain('Geen meerprijs');
  });

  it('refuses a number of more than two digits with the choice hint', async () => {
    const { container, save } = renderForm(true);
    interact(() => click(container.querySelector('input[value="Eiken"]')!));
    interact(() => changeValue(byLabel<HTMLInputElement>(container, 'Aantal'), '123'));
    interact(() => click(container.querySelector('button[type="submit"]')!));
    await settle();
    expect(save).not.toHaveBeenCalled();
    expect(container.textContent).toContain('De min. waarde is: 0 en de max. waarde is: 10');
  });
});
