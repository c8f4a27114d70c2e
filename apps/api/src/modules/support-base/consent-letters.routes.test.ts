import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consentLetterMessages, consentLetterPaths, fillPath, HAS_MORE_HEADER, supportBaseMessages, ZConsentLetterAddress, ZConsentLetterForm, ZConsentTally,
  type TConsentLetterAddress,
} from '@portal/contract';
import { deadlineIn, printLetters, type PrintedLetter } from '../../../test/consent-letters.ts';
import { bearer, consoleToken, createTestApp, occupantToken, partnerToken, type TestApp } from '../../../test/helpers.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { auditOf } from '../staff-projects/test-setup.ts';

let t: TestApp;
let admin: string; // Woonstad's customer administrator (console)
let editor: string; // Eva Smit, project editor of the Bloemenbuurt only (console)
let editorName: string;
let partner: string; // the partner portal
let otherAdmin: string; // De Vries's administrator (console)
let jan: string; // the resident of 1234AB 10
let bloemenbuurt: number;
let rivierenwijk: number;
let form: number; // 'Draagvlakmeting renovatieplan' (Bloemenbuurt)
let riverForm: number; // 'Instemming verduurzaming Rivierenwijk'

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, token?: string, payload: object = { language: 'nl' }) => t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
const path = (template: string, params: Record<string, number>) => `/api${fillPath(template, params)}`;
const revokeOne = (addressId: number, token = editor) => post(path(consentLetterPaths.revokeOne, { projectId: bloemenbuurt, formId: form, addressId }), token);
const revokeAll = (token = editor) => post(path(consentLetterPaths.revokeAll, { projectId: bloemenbuurt, formId: form }), token);
const print = (body: Parameters<typeof printLetters>[4], token = editor, projectId = bloemenbuurt, formId = form) => printLetters(t, token, projectId, formId, body);
const printRaw = (body: object, token = editor, projectId = bloemenbuurt, formId = form) =>
  post(path(consentLetterPaths.print, { projectId, formId }), token, { language: 'nl', ...body });

/** Opens a letter's link as the resident would (no session): 200 with the form, or the Dutch 404. */
const opens = async (letter: PrintedLetter) => (await get(`${letter.apiPath}?language=nl`)).statusCode;
const refused = async (letter: PrintedLetter) => {
  const res = await get(`${letter.apiPath}?language=nl`);
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ message: supportBaseMessages.notFound });
};

async function letterList(token = editor, formId = form): Promise<TConsentLetterAddress[]> {
  const items: TConsentLetterAddress[] = [];
  let before: number | undefined;
  for (;;) {
    const res = await get(`${path(consentLetterPaths.addresses, { projectId: bloemenbuurt, formId })}?language=nl&limit=100${before ? `&before=${before}` : ''}`, token);
    expect(res.statusCode, res.body).toBe(200);
    const page = ZConsentLetterAddress.array().parse(res.json());
    items.push(...page);
    if (res.headers[HAS_MORE_HEADER] !== 'true') return items;
    before = page.at(-1)!.id;
  }
}
const letterOf = async (addressId: number) => (await letterList()).find((a) => a.id === addressId)!.letter;

beforeAll(async () => {
  t = await createTestApp();
  bloemenbuurt = t.ids.projects.bloemenbuurt;
  rivierenwijk = t.ids.projects.rivierenwijk;
  const [eva] = await t.query<{ id: number; name: string }>("SELECT id, name FROM users WHERE username = 'redactie@example.nl'");
  editorName = eva!.name;
  [admin, editor, otherAdmin, partner, jan] = await Promise.all([
    consoleToken(t, t.ids.users.admin), consoleToken(t, eva!.id), consoleToken(t, t.ids.users.partner, t.ids.customers.devries),
    partnerToken(t.app), occupantToken(t.app, '10'),
  ]);
  const byName = Object.fromEntries((await t.query<{ name: string; id: number }>("SELECT name, id FROM forms WHERE kind = 'support-base'")).map((r) => [r.name, r.id]));
  form = byName['Draagvlakmeting renovatieplan']!;
  riverForm = byName['Instemming verduurzaming Rivierenwijk']!;
});
afterAll(async () => {
  await t?.close();
});

describe('letter links never reach staff', () => {
  it('are printed in the PDF only: no staff answer holds one, the tally says when a letter was printed', async () => {
    const { letters } = await print({ all: true, deadline: deadlineIn(14) });
    // Every address of the project that is not vacant gets a letter (the demo's Bloemenbuurt: 33 homes, 2 vacant).
    expect(letters).toHaveLength(31);
    const tokens = letters.map((l) => l.token);
    expect(new Set(tokens).size).toBe(31);

    // Every GET a staff member can call about this project, its consent form and an address of it (from the
    // OpenAPI document), on both staff faces, with the first page and a page of 100.
    const doc = (await get('/api/docs/json')).json<{ paths: Record<string, Record<string, unknown>> }>();
    const fill: Record<string, number> = {
      projectId: bloemenbuurt, project_id: bloemenbuurt, formId: form, form_id: form, id: form, addressId: t.ids.addresses.a14, address_id: t.ids.addresses.a14,
    };
    const urls = Object.entries(doc.paths)
      .filter(([p, methods]) => 'get' in methods && /^\/api\/(staff|partner)\//.test(p))
      .map(([p]) => p.replace(/\{(\w+)\}/g, (all, name: string) => (fill[name] === undefined ? all : String(fill[name]))))
      .filter((p) => !p.includes('{'));
    expect(urls.length).toBeGreaterThan(30);
    expect(urls).toContain(`/api/partner/project/${bloemenbuurt}/support-base/tally`);
    expect(urls).toContain(path(consentLetterPaths.addresses, { projectId: bloemenbuurt, formId: form }));
    const answers: string[] = [];
    for (const url of urls) {
      for (const query of ['?language=nl', `?language=nl&limit=100&form_id=${form}&page=2`]) {
        for (const token of [admin, editor, partner]) answers.push((await get(`${url}${query}`, token)).rawPayload.toString('latin1'));
      }
    }
    // Every page of the tally too.
    for (const page of [1, 2]) answers.push((await get(`/api/partner/project/${bloemenbuurt}/support-base/tally?language=nl&form_id=${form}&page=${page}`, partner)).body);
    // And the audit log of the printing.
    answers.push((await get('/api/staff/audit?language=nl', admin)).body);
    const all = answers.join('\n').toUpperCase();
    for (const token of tokens) expect(all.includes(token)).toBe(false);
    expect(all).not.toContain('/TOKEN/');

    const tally = ZConsentTally.parse((await get(`/api/partner/project/${bloemenbuurt}/support-base/tally?language=nl`, partner)).json());
    const a14 = tally.addresses.items.find((a) => a.address_id === t.ids.addresses.a14) ?? null;
    const page2 = ZConsentTally.parse((await get(`/api/partner/project/${bloemenbuurt}/support-base/tally?language=nl&page=2`, partner)).json());
    const row = a14 ?? page2.addresses.items.find((a) => a.address_id === t.ids.addresses.a14)!;
    expect(row).not.toHaveProperty('letter_path');
    expect(row.letter_printed_at).toBe(deadlineIn(0));
    const vacant = [...tally.addresses.items, ...page2.addresses.items].filter((a) => a.vacant);
    expect(vacant.map((a) => a.letter_printed_at)).toEqual([null, null]);
  });

  it("lists the forms and each address's letter state for the console", async () => {
    const forms = ZConsentLetterForm.array().parse((await get(path(consentLetterPaths.forms, { projectId: bloemenbuurt }), editor)).json());
    expect(forms).toEqual([expect.objectContaining({ id: form, name: 'Draagvlakmeting renovatieplan', addresses: 33, occupied: 31, live_letters: 31, close_date: null })]);
    expect(forms[0]!.last_printed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const list = await letterList();
    expect(list).toHaveLength(33);
    const a14 = list.find((a) => a.id === t.ids.addresses.a14)!;
    expect(a14).toMatchObject({ street: 'Tulpstraat', house_number: '14', consent_status: 'not_started', letter: { status: 'live', printed_by: editorName, revoked_at: null } });
    expect(new Date(a14.letter.expires_at!).getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    expect(list.filter((a) => a.vacant).map((a) => a.letter.status)).toEqual(['none', 'none']);
    expect(list.find((a) => a.id === t.ids.addresses.a10)!.consent_status).toBe('not_started');
    const search = await get(`${path(consentLetterPaths.addresses, { projectId: bloemenbuurt, formId: form })}?language=nl&q=tulpstraat%2014`, editor);
    expect(search.json<TConsentLetterAddress[]>().map((a) => a.id)).toEqual([t.ids.addresses.a14]);
  });
});

describe('a printed link', () => {
  it('opens the consent form as its address, in any case, and nothing else', async () => {
    const { letters: [letter] } = await print({ address_ids: [t.ids.addresses.a14], deadline: deadlineIn(14) });
    expect(letter!.address).toBe('Tulpstraat 14');
    expect(await opens(letter!)).toBe(200);
    expect((await get(`${letter!.apiPath}/project?language=nl`)).json()).toMatchObject({ address: 'Tulpstraat 14, 1234 AB Utrecht' });
    expect((await get(`${letter!.apiPath.replace(letter!.token, letter!.token.toLowerCase())}?language=nl`)).statusCode).toBe(200);
    // On another form (of another project too) the token is unknown.
    expect((await get(`/api/public/support-base/form/${riverForm}/token/${letter!.token}?language=nl`)).json()).toEqual({ message: supportBaseMessages.notFound });
  });

  it('stops working when the letter is printed again; the new one works', async () => {
    const { letters: [first] } = await print({ address_ids: [t.ids.addresses.a12], deadline: deadlineIn(14) });
    expect(await opens(first!)).toBe(200);
    const { letters: [second] } = await print({ address_ids: [t.ids.addresses.a12], deadline: deadlineIn(21) });
    expect(second!.token).not.toBe(first!.token);
    await refused(first!);
    expect(await opens(second!)).toBe(200);
    // Its download and attachment routes too.
    expect((await get(`${first!.apiPath}/attachment/1?language=nl`)).statusCode).toBe(404);
    const rows = await t.query<{ revoked_at: Date | null; token_hash: string }>(
      'SELECT revoked_at, token_hash FROM consent_letters WHERE form_id = $1 AND address_id = $2 ORDER BY id', [form, t.ids.addresses.a12]);
    expect(rows.map((r) => r.revoked_at === null)).toEqual([...rows.slice(1).map(() => false), true]); // the newest alone
    // Only the hash is stored.
    expect(rows.some((r) => r.token_hash.toUpperCase().includes(second!.token))).toBe(false);
  });

  it('stops working when revoked, for one address or for the whole form', async () => {
    const { letters } = await print({ address_ids: [t.ids.addresses.a10, t.ids.addresses.a14], deadline: deadlineIn(14) });
    const [a10, a14] = letters;
    const one = await revokeOne(t.ids.addresses.a14);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ success: true, revoked: 1 });
    await refused(a14!);
    expect(await opens(a10!)).toBe(200);
    expect((await letterOf(t.ids.addresses.a14)).status).toBe('revoked');
    expect((await revokeOne(t.ids.addresses.a14)).statusCode).toBe(409); // nothing left to revoke

    const all = await revokeAll();
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ success: true, revoked: 30 }); // every occupied address but Tulpstraat 14
    await refused(a10!);
    const forms = ZConsentLetterForm.array().parse((await get(path(consentLetterPaths.forms, { projectId: bloemenbuurt }), editor)).json());
    expect(forms[0]!.live_letters).toBe(0);
    // A revoked address gets a working letter again by printing it.
    const { letters: [again] } = await print({ address_ids: [t.ids.addresses.a14], deadline: deadlineIn(14) });
    expect(await opens(again!)).toBe(200);
  });

  it('expires after the deadline day, with the form\'s close date and when the form is switched off', async () => {
    const { letters: [letter] } = await print({ address_ids: [t.ids.addresses.a10], deadline: deadlineIn(0) });
    expect(await opens(letter!)).toBe(200);
    const [row] = await t.query<{ expires_at: Date }>('SELECT expires_at FROM consent_letters WHERE form_id = $1 AND address_id = $2 AND revoked_at IS NULL', [form, t.ids.addresses.a10]);
    // The end of today in Amsterdam.
    expect(row!.expires_at.getTime()).toBeGreaterThan(Date.now());
    expect(row!.expires_at.getTime()).toBeLessThanOrEqual(Date.now() + 86_400_000);
    await t.query("UPDATE consent_letters SET expires_at = now() - interval '1 second' WHERE form_id = $1 AND address_id = $2 AND revoked_at IS NULL", [form, t.ids.addresses.a10]);
    await refused(letter!);
    expect((await letterOf(t.ids.addresses.a10)).status).toBe('expired');

    const { letters: [fresh] } = await print({ address_ids: [t.ids.addresses.a10], deadline: deadlineIn(14) });
    expect(await opens(fresh!)).toBe(200);
    await t.query("UPDATE forms SET deadline = now() - interval '1 minute' WHERE id = $1", [form]);
    await refused(fresh!);
    await t.query('UPDATE forms SET deadline = NULL, is_active = false WHERE id = $1', [form]);
    await refused(fresh!);
    await t.query('UPDATE forms SET is_active = true WHERE id = $1', [form]);
    expect(await opens(fresh!)).toBe(200);
  });

  it('cannot be made for a form and address without printing: old HMAC links, guesses and moved tokens are refused', async () => {
    // The old, permanent link: an HMAC of form and address under a server secret, which the migration removed.
    expect(await t.query("SELECT name FROM server_secrets WHERE name = 'support-base-links'")).toEqual([]);
    const secret = await t.services.secrets.get('support-base-links');
    const hmac = createHmac('sha256', secret).update(`support-base-letter:v1:${form}:${t.ids.addresses.a14}`).digest('base64url');
    const old = await get(`/api/public/support-base/form/${form}/token/${t.ids.addresses.a14}-${hmac}?language=nl`);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ message: supportBaseMessages.notFound });
    for (const guess of ['ABCDEFGHJKMNPQRSTUVWXYZ234', 'A'.repeat(26), `${t.ids.addresses.a14}-${'A'.repeat(43)}`]) {
      expect((await get(`/api/public/support-base/form/${form}/token/${guess}?language=nl`)).statusCode).toBe(404);
    }
    // A Rivierenwijk letter's token on the Bloemenbuurt form.
    const { letters: [river] } = await print({ address_ids: [t.ids.addresses.a12], deadline: deadlineIn(14) }, admin, rivierenwijk, riverForm);
    expect(await opens(river!)).toBe(200);
    expect((await get(`/api/public/support-base/form/${form}/token/${river!.token}?language=nl`)).statusCode).toBe(404);
  });
});

describe('printing and revoking', () => {
  it('prints one A4 letter per address with the window address, the link, the steps and the deadline', async () => {
    const deadline = deadlineIn(10);
    const { res, letters } = await print({ address_ids: [t.ids.addresses.a14, t.ids.addresses.a12], deadline });
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="draagvlakbrieven-draagvlakmeting-renovatieplan-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(letters.map((l) => l.address)).toEqual(['Tulpstraat 12', 'Tulpstraat 14']);
    const text = pdfText(res.rawPayload);
    expect(res.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(2);
    expect(text).toContain('1234 AB  UTRECHT');
    expect(text).toContain('Uw mening gevraagd: Draagvlakmeting renovatieplan');
    expect(text).toContain(`Reageren kan tot en met`);
    expect(text).toContain(deadline);
    expect(text).toContain('Scan de QR-code met de camera van uw telefoon, of typ de link over in de adresbalk van uw');
    expect(text).toContain('U krijgt een code per sms'); // the form signs with SMS verification
  });

  it('records every print and revoke in the audit log, naming the staff member, never a link', async () => {
    const before = (await auditOf(t, 'consent-letter', form)).length;
    const { letters: [letter] } = await print({ address_ids: [t.ids.addresses.a14], deadline: deadlineIn(14) });
    expect((await revokeOne(t.ids.addresses.a14)).statusCode).toBe(200);
    expect((await revokeAll()).statusCode).toBe(200);
    const entries = (await auditOf(t, 'consent-letter', form)).slice(before);
    expect(entries.map((e) => e.action)).toEqual(['print-letters', 'revoke-letter', 'revoke-letters']);
    expect(entries.every((e) => e.actor === editorName && e.project_id === bloemenbuurt)).toBe(true);
    expect(entries[0]!.after).toMatchObject({ form: 'Draagvlakmeting renovatieplan', address_ids: [t.ids.addresses.a14], count: 1, replaced: 1 });
    expect(entries[1]!.after).toMatchObject({ address_id: t.ids.addresses.a14, address: 'Tulpstraat 14', revoked: 1 });
    expect(JSON.stringify(entries).toUpperCase()).not.toContain(letter!.token);
  });

  it('checks the deadline and the addresses', async () => {
    const fieldError = async (deadline: string, message: string) => {
      const res = await printRaw({ address_ids: [t.ids.addresses.a14], deadline });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({ message, errors: [{ field: 'deadline', message }] });
    };
    await fieldError('', consentLetterMessages.deadlineRequired);
    await fieldError('31-02-2030', consentLetterMessages.deadlineRequired);
    await fieldError(deadlineIn(-1), consentLetterMessages.deadlinePast);
    await fieldError(deadlineIn(400), consentLetterMessages.deadlineTooFar);
    await t.query("UPDATE forms SET deadline = now() + interval '5 days' WHERE id = $1", [form]);
    await fieldError(deadlineIn(10), consentLetterMessages.deadlineAfterClose(deadlineIn(5)));
    await t.query('UPDATE forms SET deadline = NULL WHERE id = $1', [form]);
    const neither = await printRaw({ deadline: deadlineIn(5) });
    expect(neither.statusCode).toBe(422);
    expect(neither.json<{ errors: unknown[] }>().errors).toEqual([{ field: 'address_ids', message: consentLetterMessages.chooseAddresses }]);
    expect((await printRaw({ all: true, address_ids: [t.ids.addresses.a14], deadline: deadlineIn(5) })).statusCode).toBe(422);
    // An address of another project.
    const [foreign] = await t.query<{ address_id: number }>(
      'SELECT address_id FROM address_projects WHERE project_id = $1 AND address_id NOT IN (SELECT address_id FROM address_projects WHERE project_id = $2) LIMIT 1', [rivierenwijk, bloemenbuurt]);
    const res = await printRaw({ address_ids: [t.ids.addresses.a14, foreign!.address_id], deadline: deadlineIn(5) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: consentLetterMessages.notInProject });
    expect((await revokeOne(foreign!.address_id)).statusCode).toBe(404);
  });

  it('is for console staff of the project only', async () => {
    const body = { address_ids: [t.ids.addresses.a14], deadline: deadlineIn(5) };
    expect((await printRaw(body, jan)).statusCode).toBe(401);
    expect((await printRaw(body, partner)).statusCode).toBe(401); // a partner-portal session is not a console session
    expect((await post(path(consentLetterPaths.print, { projectId: bloemenbuurt, formId: form }), undefined, { language: 'nl', ...body })).statusCode).toBe(401);
    expect((await printRaw(body, otherAdmin)).statusCode).toBe(404); // another customer's project
    // The editor of the Bloemenbuurt does not reach the Rivierenwijk, nor its form under her project.
    expect((await printRaw({ ...body, address_ids: [t.ids.addresses.a12] }, editor, rivierenwijk, riverForm)).statusCode).toBe(404);
    expect((await printRaw(body, editor, bloemenbuurt, riverForm)).statusCode).toBe(404);
    expect((await get(path(consentLetterPaths.forms, { projectId: rivierenwijk }), editor)).statusCode).toBe(404);
    expect((await get(path(consentLetterPaths.addresses, { projectId: bloemenbuurt, formId: riverForm }), editor)).statusCode).toBe(404);
    expect((await revokeAll(otherAdmin)).statusCode).toBe(404);
    // Another kind of form.
    const [generic] = await t.query<{ id: number }>("SELECT id FROM forms WHERE project_id = $1 AND kind <> 'support-base' LIMIT 1", [bloemenbuurt]);
    expect((await printRaw(body, editor, bloemenbuurt, generic!.id)).json()).toEqual({ message: 'Formulier niet gevonden' });
  });
});
