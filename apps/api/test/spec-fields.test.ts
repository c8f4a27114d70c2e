import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, type TestApp } from './helpers.ts';

/**
 * Section 3 of the spec (entities and their fields), written down here as example JSON by hand from
 * the spec's words, not derived from the contract: every field the spec names must be in what the
 * API sends, with the value formats the spec gives. (The contract's own schemas are checked
 * elsewhere; this catches a field renamed in contract and server alike.)
 */
const spec = {
  customer: { id: 1, api_url: 'https://portaal.example.nl/api', logo: '/logo.svg', color_primary: '#0b5394', color_secondary: '#e69138', website: 'https://example.nl', notification: null, login_url_occupants: '/inloggen', projects: [], name: 'Woonstad' },
  project: {
    id: 1, name: 'Renovatie', customer_id: 1, logo_url: null, corporate_identity_color: '#2e7d32', color_primary: '#0b5394', color_secondary: '#e69138',
    website: null, notification: null, address_id: 1, welcome_message: '<p>Welkom</p>', support_base_progress: '87 van de 120',
    modules: [{ name: 'news', display_name: 'Nieuws', nr_of_new_items: 0 }], module_18_name: 'Meldingen',
    work_order_show_image: false, work_order_message: null, work_order_image_url: null,
  },
  // 'colours' in the spec: color_primary and color_secondary, as in the customer
  loginResponse: { success: true, token: 't', api_url: 'https://portaal.example.nl/api', admin_token: null, role: 'occupant', id: 1, logo: null, color_primary: '#000000', color_secondary: '#000000', website: null, customers: [], projects: [], modules: [] },
  news: { id: 1, title: 'Nieuws', date: '23-11-2026', image_url: null, content: '<p>…</p>' },
  complaint: { id: 1, title: 'Melding', image_url: null, content: '<p>…</p>' },
  information: {
    id: 1, title: 'Keuken', menuitem_id: 1, content: '<p>…</p>', image_url: null, icon_urls: [], access_to_home_required: false,
    indicators: [{ name: 'Geluid', value: 40 }], partners: [{ name: 'Bakker', logo_url: null }],
  },
  informationMenu: { id: 1, name: 'Werkzaamheden binnen' },
  schedule: { comment: null, image_url: null, show_date: true, sorted_scheduled_items: {} },
  scheduleEntry: {
    item: { id: 1, title: 'Steigers', content: '<p>…</p>', image_url: null, highlight: false, access_to_home_required: false, icon_urls: [], indicators: [] },
    description: 'Tulpstraat', title: 'Steigers', partners: [],
  },
  workOrder: { id: 1, full_address: 'Tulpstraat 2, 1234AB Utrecht', lat: 52.09, lng: 5.12, status: 'In voorbereiding' },
  partner: { name: 'Bakker', logo_url: null, website: null, lat: null, lng: null, information_items: [{ id: 1, title: 'Keuken' }] },
  document: { type: 'letter', created_at: '23-11-2026', subject: 'Brief', name: 'brief.pdf', fetched: false, document_url: '/api/files/1/brief.pdf', methods: [{ type: 'email', message: '' }] },
  dossier: { type: 'document', sub_type: null, method_type: null, name: 'brief.pdf', subject: 'Brief', created_at: '23-11-2026', download_url: '/api/files/1/brief.pdf', fetched: false },
  contact: { first_name: 'Sanne', affix: null, last_name: 'Visser', email: null, mobile_number: null, phone_number: null, function: null, description: null, avatar_url: null, logo_url: null, can_chat: true },
  appointment: {
    id: 1, subject: 'Opname', address_date: '23-11-2026', address_time: '09:00', daypart_id: 1, is_cancelled: false, cluster_schedule_id: 1, confirmed_by_address: false,
    show_confirm_option_for_occupants: true, can_be_rescheduled: true, can_be_made: false, can_be_cancelled: true, version: 1, available_slots: [{ id: 2, date: '24-11-2026', time: '13:00' }],
  },
  chatMessage: { message: 'Hallo', from_user_name: null, from_address_name: 'Jan', created_at: '23-11-2026 09:00', type: 'occupant' },
  survey: { id: 1, name: 'Enquête', version: 2 },
  occupant: { id: 1, full_name: 'Jan de Vries', first_name: 'Jan', affix: 'de', last_name: 'Vries', gender: 'M', email_address: null, telephone: null, mobile: null, prefer_email: true },
  // 3.2 - 3.5, 3.7, 3.8: the form engine
  formElement: { id: 'e1', type: 'f_textinput', value: null, data: { label: 'Naam' }, photo: null, pinpoints: [], cp_id: null, cp: null },
  pinpoint: { id: 'p1', x: 0.5, y: 0.5, value: 'Vocht', comment: '', label: 'Pin 1', nr: 1 },
  contactPerson: {
    gender: 'u', initials: null, first_name: null, affix: null, last_name: 'Vries', description: null, email_address: null, prefer_email: false, telephone: null,
    mobile: null, different_address: false, street: null, house_number: null, house_number_suffix: null, zipcode: null, city: null,
  },
  formOccupant: { id: 1, full_name: 'Jan de Vries' },
  section: { label: 'Algemeen', elements: [], nr_of_required_fields: 1, nr_of_required_fields_filled_in: 0 },
  intake: { form: [], status: '' },
  intakeAddress: { id: 1, full_address: 'Tulpstraat 10, 1234 AB Utrecht' },
  genericForm: {
    id: 1, form_id: 1, form: [], completed: false, locked: false, status: 'answered', signature_not_required: true, require_to_sign_form: false,
    require_to_sign_form_legally: false, nr_of_signatures: null, signature: {}, signatures_completed: false, summary_enabled: false, summary_completed: false,
    nr_of_signatures_enabled: false, nr_of_signatures_completed: false, signatures_enabled: false, status_enabled: false, status_completed: false,
    allow_form_to_be_emailed: false, email_to: [], status_text: null, summary_pdf: '', unique: null, menu_id: null, sign_request: false, allow_multiple_entries: false,
  },
  signatureEntry: { image: null, who: 'Jan', description: 'Hoofdbewoner', mobile: null, signed: true },
  formListItem: { id: 1, form_id: 1, name: 'Formulier', module: 'menu', type: 'menu', allow_multiple_entries: false, fetched: false },
} as const;

type Json = Record<string, unknown>;

/** Fails naming every field of the spec's example that the API's object lacks. */
function expectSpecFields(name: keyof typeof spec | string, actual: unknown, example: object) {
  expect(actual, `${name}: an object`).toEqual(expect.any(Object));
  const missing = Object.keys(example).filter((key) => !(key in (actual as Json)));
  expect(missing, `${name} lacks the spec's fields`).toEqual([]);
}

const DUTCH_DATE = /^\d{2}-\d{2}-\d{4}$/;

describe('spec section 3: the fields of every entity, in what the API sends', () => {
  let t: TestApp;
  let resident: Record<string, string>;
  let loginAnswer: Json;
  const get = async (path: string, headers: Record<string, string> = resident) => {
    const res = await t.app.inject({ method: 'GET', url: `/api${path}${path.includes('?') ? '&' : '?'}language=nl`, headers });
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'POST', url: '/api/public/login', payload: { zipcode: '1234AB', house_number: '10', password: DEMO.residentPassword, language: 'nl' } });
    loginAnswer = res.json();
    resident = bearer(String(loginAnswer.token));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('customer, project and login response', async () => {
    const customer = await get('/public/customer/?domain=localhost', {});
    expectSpecFields('customer', customer, spec.customer);
    expectSpecFields('loginResponse', loginAnswer, spec.loginResponse);
    expect(loginAnswer.role).toBe('occupant');
    const project = await get('/occupant/project');
    expectSpecFields('project', project, spec.project);
    expectSpecFields('project.modules[]', project.modules[0], spec.project.modules[0]);
  });

  it('news article, complaint, information item and menu', async () => {
    const [article] = await get('/occupant/news');
    expectSpecFields('news', article, spec.news);
    expect(article.date).toMatch(DUTCH_DATE);
    // the list comes with the page title of the project setting: { title, items }
    expectSpecFields('complaint', (await get('/occupant/complaints')).items[0], spec.complaint);
    const items: Json[] = await get('/occupant/information');
    const item = items.find((i) => (i.indicators as unknown[]).length && (i.partners as unknown[]).length)!;
    expectSpecFields('information', item, spec.information);
    expect([1, 2, 3]).toContain(item.menuitem_id);
    const indicator = (item.indicators as Json[])[0]!;
    expectSpecFields('information.indicators[]', indicator, spec.information.indicators[0]);
    expect(indicator.value).toBeGreaterThanOrEqual(0);
    expect(indicator.value).toBeLessThanOrEqual(100);
    expectSpecFields('information.partners[]', (item.partners as Json[])[0], spec.information.partners[0]);
    expectSpecFields('informationMenu', (await get('/occupant/information/menu'))[0], spec.informationMenu);
  });

  it('schedule and its entries, keyed by date', async () => {
    const schedule = await get('/occupant/schedule');
    expectSpecFields('schedule', schedule, spec.schedule);
    const [day, entries] = Object.entries(schedule.sorted_scheduled_items as Record<string, Json[]>)[0]!;
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expectSpecFields('scheduleEntry', entries[0], spec.scheduleEntry);
    expectSpecFields('scheduleEntry.item', entries[0]!.item, spec.scheduleEntry.item);
  });

  it('work order entry, partner, document, dossier item and contact', async () => {
    const workOrder = await get('/occupant/workorder');
    const entries: Json[] = Array.isArray(workOrder) ? workOrder : (workOrder.work_order ?? workOrder.items ?? workOrder.entries);
    expectSpecFields('workOrder', entries[0], spec.workOrder);
    const partners: Json[] = await get('/occupant/partners');
    const partner = partners.find((p) => (p.information_items as unknown[]).length)!;
    expectSpecFields('partner', partner, spec.partner);
    expectSpecFields('partner.information_items[]', (partner.information_items as Json[])[0], spec.partner.information_items[0]);
    const documents: Json[] = await get('/occupant/documents');
    expectSpecFields('document', documents[0], spec.document);
    const withMethod = documents.find((d) => (d.methods as unknown[]).length);
    if (withMethod) expectSpecFields('document.methods[]', (withMethod.methods as Json[])[0], spec.document.methods[0]);
    expectSpecFields('dossier', (await get('/occupant/dossier'))[0], spec.dossier);
    expectSpecFields('contact', (await get('/occupant/contacts'))[0], spec.contact);
  });

  it('appointment with its available slots', async () => {
    const appointments: Json[] = await get('/occupant/appointments');
    const open = appointments.find((a) => (a.available_slots as unknown[]).length)!;
    expectSpecFields('appointment', open, spec.appointment);
    const slot = (open.available_slots as Json[])[0]!;
    expectSpecFields('appointment.available_slots[]', slot, spec.appointment.available_slots[0]);
    expect(slot.date).toMatch(DUTCH_DATE);
    expect(slot.time).toMatch(/^\d{2}:\d{2}$/);
  });

  it('chat message', async () => {
    const send = await t.app.inject({ method: 'POST', url: '/api/occupant/chat', headers: resident, payload: { message: 'Veldnamen volgens de spec', language: 'nl' } });
    expect(send.statusCode, send.body).toBe(200);
    const chat = await get('/occupant/chat');
    const messages: Json[] = Array.isArray(chat) ? chat : (chat.chat ?? chat.messages);
    expect(messages.length).toBeGreaterThan(0);
    expectSpecFields('chatMessage', messages.at(-1), spec.chatMessage);
  });

  it('survey and occupant', async () => {
    const surveys: Json[] = await get('/occupant/surveys/');
    expectSpecFields('survey', surveys[0], spec.survey);
    const detail = await get(`/occupant/survey/${surveys[0]!.id}`);
    expect([1, 2]).toContain(detail.version);
    expect(detail.version === 1 ? detail.questions : detail.form).toEqual(expect.any(Array));
    const occupants: Json[] = await get('/occupant/occupants');
    expectSpecFields('occupant', occupants[0], spec.occupant);
    expect(['M', 'F']).toContain(occupants[0]!.gender);
  });

  it('forms: list items, generic form with elements, pins and contact persons, signatures, intake form', async () => {
    const items: Json[] = await get('/occupant/forms/');
    for (const item of items) expectSpecFields('formListItem', item, spec.formListItem);
    expect(items.map((i) => i.module)).toEqual(expect.arrayContaining(['menu', 13, 14, 16]));
    const form = items.find((i) => i.module === null)!;
    const generic: Json = await get(`/occupant/form/${form.form_id}/new`);
    expectSpecFields('genericForm', generic, spec.genericForm);
    const sections = generic.form as Json[];
    for (const section of sections) {
      expectSpecFields('section', section, spec.section);
      for (const element of section.elements as Json[]) expectSpecFields('formElement', element, spec.formElement);
    }
    const occupants: Json[] = await get(`/occupant/form/${form.form_id}/occupants`);
    expectSpecFields('formOccupant', occupants[0], spec.formOccupant);
    // pins and a contact person as the demo's half-filled intake holds them
    const intakeItem = items.find((i) => i.module === 13)!;
    const partner = bearer(String((await t.app.inject({ method: 'POST', url: '/api/public/login', payload: { username: 'partner@example.nl', password: DEMO.partnerPassword } })).json().token));
    const addresses: Json[] = await get(`/partner/project/${t.ids.projects.bloemenbuurt}/intake/form/${intakeItem.form_id}/addresses?q=Tulpstraat`, partner);
    const halfFilled = addresses.find((a) => a.status === 'open')!;
    const intake: Json = await get(`/partner/intake/form/${intakeItem.form_id}/address/${halfFilled.id}`, partner);
    expectSpecFields('intake', intake, spec.intake);
    expectSpecFields('intakeAddress', intake.address, spec.intakeAddress);
    const elements = (intake.form as Json[]).flatMap((s) => s.elements as Json[]);
    expectSpecFields('pinpoint', (elements.find((e) => e.type === 'drawinginput')!.pinpoints as Json[])[0], spec.pinpoint);
    expectSpecFields('contactPerson', elements.find((e) => e.type === 'contactinput')!.cp, spec.contactPerson);
    // a signature entry as a signed entry holds it
    await t.query("UPDATE form_entries SET nr_of_signatures = 1, signatures = '{\"1\": {\"image\": null, \"who\": \"Jan\", \"description\": \"x\", \"mobile\": null, \"signed\": true, \"signedAt\": null}}'::jsonb WHERE id = $1", [generic.id]);
    const withSignature: Json = await get(`/occupant/form/${form.form_id}/filled-in-form/${generic.id}`);
    expectSpecFields('signatureEntry', (withSignature.signature as Record<string, Json>)['1'], spec.signatureEntry);
  });
});
