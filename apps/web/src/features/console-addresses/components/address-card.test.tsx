// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TStaffAddress } from '@portal/contract';
import { cleanup, interact, render } from '../../../ui/dom-test-utils';
import { formatDate, formatDateTime } from '../texts';
import { AddressCard } from './address-card';

const address: TStaffAddress = {
  id: 7, zipcode: '1234AB', house_number: '14A', street: 'Tulpstraat', city: 'Utrecht', lat: null, lng: null, building_unit: 'Blok A', vacant: true,
  status: 'code', activated_at: null, code_expires_at: '2027-02-22T22:59:59.000Z', last_login_at: null, household_members: 0, accounts: 0,
};

afterEach(cleanup);

describe('AddressCard', () => {
  it('shows the address, its status in words, the code expiry in Amsterdam time and the household', () => {
    const card = render(<ul><AddressCard address={address} /></ul>);
    expect(card.textContent).toContain('Tulpstraat 14A');
    expect(card.textContent).toContain('1234 AB Utrecht');
    expect(card.textContent).toContain('Bouwkundige eenheid: Blok A');
    expect(card.textContent).toContain('Leegstand');
    expect(card.querySelector('[data-status="code"]')?.textContent).toBe('Code verstuurd');
    expect(card.textContent).toContain('geldig tot en met 22-02-2027');
    expect(card.textContent).toContain('Nog nooit');
    expect(card.textContent).toContain('Geen bewoners bekend');
    expect(card.querySelector('input[type="checkbox"]')).toBeNull();
  });

  it('offers a labelled check box and groups the actions under the address', () => {
    const onChange = vi.fn();
    const card = render(<ul><AddressCard address={address} selection={{ checked: false, onChange }} actions={<button type="button">Bewerken</button>} /></ul>);
    const box = card.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    expect(box.getAttribute('aria-label')).toBe('Tulpstraat 14A, 1234 AB Utrecht selecteren voor een activatiebrief');
    interact(() => box.click());
    expect(onChange).toHaveBeenCalledWith(true);
    expect(card.querySelector('[role="group"]')?.getAttribute('aria-label')).toBe('Acties voor Tulpstraat 14A, 1234 AB Utrecht');
  });
});

it('formats dates as DD-MM-YYYY (HH:mm) in Europe/Amsterdam', () => {
  expect(formatDate('2026-06-30T22:30:00Z')).toBe('01-07-2026');
  expect(formatDateTime('2026-01-05T08:07:00Z')).toBe('05-01-2026 09:07');
});
