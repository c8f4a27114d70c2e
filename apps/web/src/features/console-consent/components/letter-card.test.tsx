// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TConsentLetterAddress } from '@portal/contract';
import { cleanup, interact, render } from '../../../ui/dom-test-utils';
import { LetterCard } from './letter-card';

const address: TConsentLetterAddress = {
  id: 7, zipcode: '1234AB', house_number: '14', street: 'Tulpstraat', city: 'Utrecht', building_unit: 'Blok Zuid', vacant: false, consent_status: 'answering',
  letter: { status: 'live', printed_at: '2026-03-04T09:00:00.000Z', printed_by: 'Eva Smit', expires_at: '2026-03-18T22:59:59.000Z', revoked_at: null },
};

afterEach(cleanup);

describe('LetterCard', () => {
  it("shows the consent status and the letter's state in Amsterdam dates, with a labelled check box", () => {
    const onChange = vi.fn();
    const card = render(<ul><LetterCard address={address} selection={{ checked: false, onChange }} /></ul>);
    expect(card.textContent).toContain('Tulpstraat 14');
    expect(card.textContent).toContain('Bouwkundige eenheid: Blok Zuid');
    expect(card.textContent).toContain('Bezig met invullen');
    expect(card.querySelector('[data-letter-status="live"]')?.textContent).toBe('Brief geldig');
    expect(card.textContent).toContain('Geprint op 04-03-2026 door Eva Smit, werkt tot en met 18-03-2026');
    const box = card.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    expect(box.getAttribute('aria-label')).toBe('Tulpstraat 14, 1234 AB Utrecht selecteren voor een brief');
    interact(() => box.click());
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('says when a letter was revoked or expired, and nothing for an address without one', () => {
    const revoked = render(<ul><LetterCard address={{ ...address, letter: { ...address.letter, status: 'revoked', revoked_at: '2026-03-05T10:00:00.000Z' } }} selection={{ checked: false, onChange: () => {} }} /></ul>);
    expect(revoked.textContent).toContain('Ingetrokken');
    expect(revoked.textContent).toContain('ingetrokken op 05-03-2026');
    cleanup();
    const none = render(<ul><LetterCard address={{ ...address, letter: { status: 'none', printed_at: null, printed_by: null, expires_at: null, revoked_at: null } }} selection={{ checked: false, onChange: () => {} }} /></ul>);
    expect(none.textContent).toContain('Geen brief');
    expect(none.textContent).not.toContain('Geprint');
  });
});
