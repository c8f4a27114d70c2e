// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultFormSettings, type TStaffFormSettings } from '@portal/contract';
import { cleanup, interact, render } from '../../../ui/dom-test-utils';
import { formatConsoleDateTime as formatMoment } from '../../../lib/console-format';
import { fromLocalInput, toLocalInput } from './form-bits';
import { SettingsPanel } from './settings-panel';

afterEach(cleanup);

const labels = (root: HTMLElement) => [...root.querySelectorAll('label')].map((l) => l.textContent?.replace(' *', '').trim());

describe('SettingsPanel', () => {
  it('shows the settings of the form kind only', () => {
    const consent = render(<SettingsPanel kind="support-base" value={defaultFormSettings('support-base', 'Instemming')} onChange={() => {}} errors={{}} menus={[]} />);
    expect(labels(consent)).toContain('Ondertekenen met een sms-code per ondertekenaar');
    expect(labels(consent)).not.toContain('Meerwerk online betalen');
    cleanup();
    const choice = render(<SettingsPanel kind="choice" value={defaultFormSettings('choice', 'Keuken')} onChange={() => {}} errors={{}} menus={[]} />);
    expect(labels(choice)).toEqual(expect.arrayContaining(['Meerwerk online betalen', 'Prijzen niet tonen']));
    expect(labels(choice)).not.toContain('Menu');
    cleanup();
    const generic = render(<SettingsPanel kind="generic" value={defaultFormSettings('generic', 'Wens')} onChange={() => {}} errors={{}}
      menus={[{ id: 4, name: 'Aanvragen', position: 0, form_count: 0 }]} />);
    expect(labels(generic)).toEqual(expect.arrayContaining(['Menu', 'Openbaar (zonder inloggen in te vullen)', 'Meerdere keren invullen toestaan']));
    expect(generic.querySelector('option[value="4"]')?.textContent).toBe('Aanvragen');
  });

  it('reports a change of one setting with the others kept, and shows the server message at its field', () => {
    const onChange = vi.fn<(next: TStaffFormSettings) => void>();
    const value = defaultFormSettings('support-base', 'Instemming');
    const root = render(<SettingsPanel kind="support-base" value={value} onChange={onChange} errors={{ closes_at: 'De sluitingsdatum moet na de openingsdatum liggen' }} menus={[]} />);
    interact(() => (root.querySelector('#form-setting-use_sms_authentication') as HTMLInputElement).click());
    expect(onChange).toHaveBeenCalledWith({ ...value, use_sms_authentication: true });
    expect(root.textContent).toContain('De sluitingsdatum moet na de openingsdatum liggen');
  });
});

describe('moments', () => {
  it('round-trips an ISO moment through the datetime-local field and shows it in Amsterdam time', () => {
    const iso = '2026-03-01T09:30:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(fromLocalInput('')).toBeNull();
    expect(formatMoment(iso)).toBe('01-03-2026 10:30');
  });
});
