import { describe, expect, it } from 'vitest';
import { MODULE_NAMES, staffProjectMessages, type TStaffCustomer, type TStaffProject } from '@portal/contract';
import { toBody as customerBody, toForm as customerForm, ZCustomerForm } from './customer-form';
import { formFieldOf, toBody, toForm, ZProjectForm } from './project-form';

const project: TStaffProject = {
  id: 7, name: 'Renovatie', description: '', logo_url: null, color_primary: null, color_secondary: '#9a4f00', website: null, is_public: true,
  modules: [{ name: 'scheduling', display_name: 'Planning' }, { name: 'complaints', display_name: 'Meldingen' }, { name: 'news', display_name: 'Nieuws' }],
  module_18_name: 'Meldingen', welcome_message: '<p>Welkom</p>', support_base_progress: null, work_order_show_image: false, work_order_message: null,
  archived_at: null, updated_at: '2026-01-01T00:00:00.000Z', inherited: { logo: null, color_primary: '#0b5394', color_secondary: '#9a4f00', website: null },
};

describe('the project form', () => {
  it('holds every module, those that are on first, and sends only those, in order, with the complaints name as module_18_name', () => {
    const form = toForm(project);
    expect(form.modules).toHaveLength(MODULE_NAMES.length);
    expect(form.modules.slice(0, 4).map((m) => [m.name, m.enabled])).toEqual([['scheduling', true], ['complaints', true], ['news', true], ['information', false]]);
    expect(form.color_primary).toBe('');

    form.modules[1]!.display_name = 'Klachten en meldingen';
    form.modules[3]!.enabled = true;
    const body = toBody(form);
    expect(body.modules).toEqual([
      { name: 'scheduling', display_name: 'Planning' }, { name: 'complaints', display_name: 'Klachten en meldingen' },
      { name: 'news', display_name: 'Nieuws' }, { name: 'information', display_name: 'Informatie' },
    ]);
    expect(body.module_18_name).toBe('Klachten en meldingen');
    expect(body.support_base_progress).toBe('');
  });

  it("maps the server's module errors (by place among those on) to the form's rows", () => {
    const rows = toForm(project).modules;
    rows[0]!.enabled = false; // scheduling off: the body starts with complaints
    expect(formFieldOf('modules.0.display_name', rows)).toBe('modules.1.display_name');
    expect(formFieldOf('modules.1.name', rows)).toBe('modules.2.display_name');
    expect(formFieldOf('module_18_name', rows)).toBe('modules.1.display_name');
    expect(formFieldOf('modules.9.display_name', rows)).toBeNull();
    expect(formFieldOf('color_primary', rows)).toBe('color_primary');
  });

  it('applies the contract rules: a colour white text cannot be read on, a module without a name', () => {
    const form = toForm(project);
    form.color_primary = '#ffeb3b';
    form.modules[2]!.display_name = ' ';
    const result = ZProjectForm.safeParse(form);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['color_primary', 'Deze kleur is te licht voor witte tekst: het contrast is 1,2:1 en moet minimaal 4,5:1 zijn. Kies een donkerdere kleur.'],
      ['modules.2.display_name', staffProjectMessages.moduleNameRequired],
    ]);
  });
});

describe('the customer form', () => {
  const customer: TStaffCustomer = {
    id: 1, name: 'Woonstad', logo: null, color_primary: '#0b5394', color_secondary: '#9a4f00', website: null, domains: ['localhost', '*'],
    login_url_occupants: '/inloggen', terms_url: '/algemene-voorwaarden', privacy_url: '/privacyverklaring', cookies_url: '/cookiebeleid', terms_text: 'Voorwaarden.',
    notification: { show: 'off', title: '', text: '', sunday: false, monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: false, from_hour: '08:00', till_hour: '17:00' },
  };

  it('holds host names as rows and sends them lower-cased', () => {
    const form = customerForm(customer);
    expect(form.domains).toEqual([{ value: 'localhost' }, { value: '*' }]);
    form.domains.push({ value: ' Portaal.Example.NL ' });
    expect(customerBody(form).domains).toEqual(['localhost', '*', 'portaal.example.nl']);
    expect(customerBody(form).website).toBe('');
  });

  it("puts the contract's host-list errors on the rows", () => {
    const form = customerForm(customer);
    form.domains = [{ value: 'localhost' }, { value: 'https://x.nl' }, { value: 'localhost' }];
    const result = ZCustomerForm.safeParse(form);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['domains.1.value', staffProjectMessages.hostInvalid],
      ['domains.2.value', staffProjectMessages.hostTwice],
    ]);
    expect(ZCustomerForm.safeParse({ ...form, domains: [] }).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['domains', staffProjectMessages.hostsRequired]]);
  });
});
