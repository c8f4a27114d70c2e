import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_MORE_HEADER, staffAuthMessages, type TAuditEntry, type TStaffAccount, type TStaffLoginAnswer, type TStaffRole } from '@portal/contract';
import { hashPassword } from '../../lib/passwords.ts';
import { bearer, consoleToken, createTestApp, type TestApp } from '../../../test/helpers.ts';

/** Staff accounts, the TOTP requirement and the audit log: customer administrators only, each customer its own. */
let t: TestApp;
let admin: string;
let editor: string;
let devriesAdmin: string;
let devriesAdminId: number;
let editorId: number;

type Call = { token?: string; body?: unknown; query?: Record<string, string | number> };
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, { token, body, query }: Call = {}) =>
  t.app.inject({ method, url, payload: body as object, query: query && Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers: token ? bearer(token) : {} });

async function addUser(email: string, staffRole: TStaffRole, customerIds: number[], password: string | null = 'Wachtwoord2026'): Promise<number> {
  const [row] = await t.query<{ id: number }>(
    'INSERT INTO users (username, email, name, password_hash) VALUES ($1, $1, $2, $3) RETURNING id',
    [email, `Test ${email}`, password && (await hashPassword(password))],
  );
  for (const customerId of customerIds) await t.query('INSERT INTO user_customers (user_id, customer_id, role) VALUES ($1, $2, $3)', [row!.id, customerId, staffRole]);
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp({ mail: true });
  admin = await consoleToken(t, t.ids.users.admin);
  [{ id: editorId } = { id: 0 }] = await t.query<{ id: number }>("SELECT id FROM users WHERE username = 'redactie@example.nl'");
  editor = await consoleToken(t, editorId);
  devriesAdminId = await addUser('beheer@devries.nl', 'customer-admin', [t.ids.customers.devries]);
  devriesAdmin = await consoleToken(t, devriesAdminId);
});
afterAll(async () => {
  await t?.close();
});

const lastAudit = async (entityId: number) =>
  (await t.query<{ action: string; entity: string; before: unknown; after: unknown; customer_id: number; actor: string }>(
    "SELECT action, entity, before, after, customer_id, actor FROM audit_log WHERE entity = 'staff' AND entity_id = $1 ORDER BY id DESC LIMIT 1", [String(entityId)]))[0];

describe('staff accounts', () => {
  it('lists the customer’s console accounts by name with their projects; not another customer’s', async () => {
    const res = await call('GET', '/api/staff/accounts', { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<TStaffAccount[]>();
    expect(list.map((a) => a.email)).toEqual(['beheer@example.nl', 'redactie@example.nl', 'partner@example.nl', 'woco@example.nl']);
    expect(list.find((a) => a.email === 'partner@example.nl')).toMatchObject({
      role: 'contractor', project_ids: [t.ids.projects.bloemenbuurt, t.ids.projects.rivierenwijk].sort((a, b) => a - b),
    });
    // a role that reaches every project lists none of its own
    expect(list.find((a) => a.email === 'woco@example.nl')).toMatchObject({ role: 'woco-viewer', project_ids: [] });
    expect(list.find((a) => a.email === 'beheer@example.nl')).toMatchObject({ role: 'customer-admin', totp_enabled: true, project_ids: [], has_password: true });
    const devries = (await call('GET', '/api/staff/accounts', { token: devriesAdmin })).json<TStaffAccount[]>();
    expect(devries.map((a) => a.email).sort()).toEqual(['beheer@devries.nl', 'partner@example.nl']);
    // the partner's projects as De Vries sees them: De Vries's own, none of Woonstad's
    expect(devries.find((a) => a.email === 'partner@example.nl')!.project_ids).toEqual([t.ids.projects.havenkwartier, t.ids.projects.dakZuid].sort((a, b) => a - b));
  });

  it('searches by name or e-mail and pages by name (before = last id held)', async () => {
    for (let i = 1; i <= 5; i++) await addUser(`zoek${i}@example.nl`, 'project-editor', [t.ids.customers.woonstad]);
    const found = await call('GET', '/api/staff/accounts', { token: admin, query: { q: 'ZOEK', limit: 2 } });
    expect(found.headers[HAS_MORE_HEADER]).toBe('true');
    const first = found.json<TStaffAccount[]>();
    expect(first.map((a) => a.email)).toEqual(['zoek1@example.nl', 'zoek2@example.nl']);
    const next = await call('GET', '/api/staff/accounts', { token: admin, query: { q: 'zoek', limit: 2, before: first[1]!.id } });
    expect(next.json<TStaffAccount[]>().map((a) => a.email)).toEqual(['zoek3@example.nl', 'zoek4@example.nl']);
    const last = await call('GET', '/api/staff/accounts', { token: admin, query: { q: 'zoek', limit: 2, before: next.json<TStaffAccount[]>()[1]!.id } });
    expect(last.json<TStaffAccount[]>().map((a) => a.email)).toEqual(['zoek5@example.nl']);
    expect(last.headers[HAS_MORE_HEADER]).toBe('false');
    expect((await call('GET', '/api/staff/accounts', { token: admin, query: { q: 'Test zoek3' } })).json<TStaffAccount[]>()).toHaveLength(1);
    // another customer's id as `before`: an empty page
    expect((await call('GET', '/api/staff/accounts', { token: admin, query: { before: devriesAdminId } })).json()).toEqual([]);
  });

  it('creates an account, writes the audit entry and mails an invitation whose link sets the password', async () => {
    const res = await call('POST', '/api/staff/accounts', {
      token: admin, body: { name: 'Nieuwe Redacteur', email: ' Nieuw@Example.nl ', role: 'project-editor', project_ids: [t.ids.projects.rivierenwijk] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const account = res.json<TStaffAccount>();
    expect(account).toMatchObject({
      name: 'Nieuwe Redacteur', email: 'nieuw@example.nl', role: 'project-editor', project_ids: [t.ids.projects.rivierenwijk],
      totp_enabled: false, disabled: false, last_login_at: null, has_password: false,
    });
    expect(await lastAudit(account.id)).toMatchObject({ action: 'create', customer_id: t.ids.customers.woonstad, actor: 'Beheerder Woonstad', before: null, after: { email: 'nieuw@example.nl', role: 'project-editor' } });

    const mail = await t.mail!.waitForMail((m) => m.to.includes('nieuw@example.nl'));
    expect(mail.subject).toBe('Uw account voor de beheeromgeving');
    expect(mail.text).toContain('7 dagen');
    const token = decodeURIComponent(/\/beheer\/wachtwoord\/([^\s"<]+)/.exec(mail.text)![1]!);
    expect((await call('POST', '/api/staff/password-link', { body: { token, password: 'Welkom2026!' } })).statusCode).toBe(200);
    const login = await call('POST', '/api/staff/login', { body: { email: 'nieuw@example.nl', password: 'Welkom2026!' } });
    expect(login.json<TStaffLoginAnswer>().status).toBe('signed-in');
    const session = login.json<{ token: string }>().token;
    // the new editor reaches its project only
    expect(await t.services.staffAccess.projectIds({ userId: account.id, customerId: t.ids.customers.woonstad, role: 'project-editor', name: '', sessionId: 0 }))
      .toEqual([t.ids.projects.rivierenwijk]);
    expect((await call('GET', '/api/staff/accounts', { token: session })).statusCode).toBe(403);
    // a console-only account: the partner portal (which shows every project of the customer) refuses it as a wrong password would
    const portal = await call('POST', '/api/public/login', { body: { username: 'nieuw@example.nl', password: 'Welkom2026!' } });
    expect(portal.statusCode).toBe(401);
    expect(portal.body).toBe((await call('POST', '/api/public/login', { body: { username: 'nieuw@example.nl', password: 'Fout2026!x' } })).body);
  });

  it('refuses an e-mail address in use (409), another customer’s projects (422) and bad fields (422, Dutch)', async () => {
    const taken = await call('POST', '/api/staff/accounts', { token: admin, body: { name: 'Dubbel', email: 'partner@example.nl', role: 'project-editor', project_ids: [] } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ field: 'email', message: staffAuthMessages.emailTaken }]);
    const foreign = await call('POST', '/api/staff/accounts', { token: admin, body: { name: 'X', email: 'x@example.nl', role: 'project-editor', project_ids: [t.ids.projects.havenkwartier] } });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual([{ field: 'project_ids', message: staffAuthMessages.projectsInvalid }]);
    const bad = await call('POST', '/api/staff/accounts', { token: admin, body: { name: ' ', email: 'geen', role: 'baas', project_ids: [] } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'name', 'role']);
  });

  it('changes name, role and projects with before and after in the audit log', async () => {
    const id = await addUser('wijzig@example.nl', 'project-editor', [t.ids.customers.woonstad]);
    const res = await call('PUT', `/api/staff/accounts/${id}`, {
      token: admin, body: { name: 'Gewijzigd', role: 'project-editor', project_ids: [t.ids.projects.bloemenbuurt, t.ids.projects.rivierenwijk], disabled: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TStaffAccount>()).toMatchObject({ name: 'Gewijzigd', project_ids: [t.ids.projects.bloemenbuurt, t.ids.projects.rivierenwijk].sort((a, b) => a - b) });
    const entry = await lastAudit(id);
    expect(entry).toMatchObject({ action: 'update', before: { name: 'Test wijzig@example.nl', project_ids: [] }, after: { name: 'Gewijzigd' } });
    const promoted = await call('PUT', `/api/staff/accounts/${id}`, { token: admin, body: { name: 'Gewijzigd', role: 'customer-admin', project_ids: [], disabled: false } });
    expect(promoted.json<TStaffAccount>()).toMatchObject({ role: 'customer-admin', project_ids: [] });
  });

  it('disables an account: its sessions end and it cannot log in; enabling again lets it in', async () => {
    const id = await addUser('uitschakelen@example.nl', 'project-editor', [t.ids.customers.woonstad]);
    const session = await consoleToken(t, id);
    const res = await call('PUT', `/api/staff/accounts/${id}`, { token: admin, body: { name: 'Test uitschakelen@example.nl', role: 'project-editor', project_ids: [], disabled: true } });
    expect(res.json<TStaffAccount>().disabled).toBe(true);
    expect((await call('GET', '/api/staff/me', { token: session })).statusCode).toBe(401);
    const login = () => call('POST', '/api/staff/login', { body: { email: 'uitschakelen@example.nl', password: 'Wachtwoord2026' } });
    expect((await login()).statusCode).toBe(401);
    // nor through the partner portal's login
    expect((await call('POST', '/api/public/login', { body: { username: 'uitschakelen@example.nl', password: 'Wachtwoord2026' } })).statusCode).toBe(401);
    expect(await lastAudit(id)).toMatchObject({ before: { disabled: false }, after: { disabled: true } });
    await call('PUT', `/api/staff/accounts/${id}`, { token: admin, body: { name: 'Test uitschakelen@example.nl', role: 'project-editor', project_ids: [], disabled: false } });
    expect((await login()).statusCode).toBe(200);
  });

  it('does not let administrators change their own role or access (so an active administrator always remains)', async () => {
    const own = await call('PUT', `/api/staff/accounts/${t.ids.users.admin}`, { token: admin, body: { name: 'Beheerder Woonstad', role: 'project-editor', project_ids: [], disabled: false } });
    expect(own.statusCode).toBe(422);
    expect(own.json().errors).toEqual([{ field: 'role', message: staffAuthMessages.ownAccount }]);
    const disable = await call('PUT', `/api/staff/accounts/${t.ids.users.admin}`, { token: admin, body: { name: 'Beheerder Woonstad', role: 'customer-admin', project_ids: [], disabled: true } });
    expect(disable.json().errors).toEqual([{ field: 'disabled', message: staffAuthMessages.ownAccount }]);
    // the own name may change
    const renamed = await call('PUT', `/api/staff/accounts/${t.ids.users.admin}`, { token: admin, body: { name: 'Beheerder Woonstad', role: 'customer-admin', project_ids: [], disabled: false } });
    expect(renamed.statusCode).toBe(200);
  });

  it('changes the role and projects of an account shared with another customer at this customer only; name and access are the person\'s', async () => {
    const partnerId = t.ids.users.partner;
    const name = 'Pieter Bakker (Installatiebedrijf Bakker)';
    const disable = await call('PUT', `/api/staff/accounts/${partnerId}`, { token: admin, body: { name, role: 'contractor', project_ids: [], disabled: true } });
    expect(disable.statusCode).toBe(422);
    const renamed = await call('PUT', `/api/staff/accounts/${partnerId}`, { token: admin, body: { name: 'Iemand Anders', role: 'contractor', project_ids: [], disabled: false } });
    expect(renamed.statusCode).toBe(422);
    const projects = await call('PUT', `/api/staff/accounts/${partnerId}`, { token: admin, body: { name, role: 'woco-viewer', project_ids: [t.ids.projects.bloemenbuurt], disabled: false } });
    expect(projects.statusCode, projects.body).toBe(200);
    // a viewer reaches every project of the customer: its own list is dropped
    expect(projects.json<TStaffAccount>()).toMatchObject({ role: 'woco-viewer', project_ids: [] });
    const back = await call('PUT', `/api/staff/accounts/${partnerId}`, { token: admin, body: { name, role: 'contractor', project_ids: [t.ids.projects.bloemenbuurt], disabled: false } });
    expect(back.json<TStaffAccount>()).toMatchObject({ role: 'contractor', project_ids: [t.ids.projects.bloemenbuurt] });
    // De Vries gives the partner one of its projects; Woonstad's stay as they are, and so does its role there
    const devries = await call('PUT', `/api/staff/accounts/${partnerId}`, { token: devriesAdmin, body: { name, role: 'contractor', project_ids: [t.ids.projects.havenkwartier], disabled: false } });
    expect(devries.json<TStaffAccount>().project_ids).toEqual([t.ids.projects.havenkwartier]);
    expect((await t.query('SELECT project_id FROM staff_projects WHERE user_id = $1 ORDER BY project_id', [partnerId])).map((r) => r.project_id))
      .toEqual([t.ids.projects.bloemenbuurt, t.ids.projects.havenkwartier].sort((a, b) => a - b));
    expect(await t.query('SELECT customer_id, role FROM user_customers WHERE user_id = $1 ORDER BY customer_id', [partnerId]))
      .toEqual([{ customer_id: t.ids.customers.woonstad, role: 'contractor' }, { customer_id: t.ids.customers.devries, role: 'contractor' }].sort((a, b) => a.customer_id - b.customer_id));
  });

  it('resets TOTP: cleared with the recovery codes, console sessions ended, audit entry', async () => {
    const id = await addUser('kwijt@example.nl', 'project-editor', [t.ids.customers.woonstad]);
    await t.query("UPDATE users SET totp_secret = 'v1.x.y.z', totp_enabled_at = now() WHERE id = $1", [id]);
    await t.query("INSERT INTO staff_recovery_codes (user_id, code_hash) VALUES ($1, 'a'), ($1, 'b')", [id]);
    const session = await consoleToken(t, id);
    const res = await call('POST', `/api/staff/accounts/${id}/reset-totp`, { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TStaffAccount>().totp_enabled).toBe(false);
    const [user] = await t.query('SELECT totp_secret, totp_enabled_at FROM users WHERE id = $1', [id]);
    expect(user).toEqual({ totp_secret: null, totp_enabled_at: null });
    expect(await t.query('SELECT 1 FROM staff_recovery_codes WHERE user_id = $1', [id])).toHaveLength(0);
    expect((await call('GET', '/api/staff/me', { token: session })).statusCode).toBe(401);
    expect(await lastAudit(id)).toMatchObject({ action: 'reset-totp', before: { totp_enabled: true }, after: { totp_enabled: false } });
  });

  it('mails a new link on request', async () => {
    const id = await addUser('opnieuw@example.nl', 'project-editor', [t.ids.customers.woonstad], null);
    expect((await call('POST', `/api/staff/accounts/${id}/invite`, { token: admin })).statusCode).toBe(200);
    const mail = await t.mail!.waitForMail((m) => m.to.includes('opnieuw@example.nl'));
    expect(mail.subject).toBe('Uw account voor de beheeromgeving');
    expect(await lastAudit(id)).toMatchObject({ action: 'invite' });
  });

  it('lists the customer’s projects to choose from', async () => {
    const res = await call('GET', '/api/staff/accounts/projects', { token: admin });
    expect(res.json()).toEqual([
      { id: t.ids.projects.bloemenbuurt, name: 'Renovatie Bloemenbuurt', archived: false },
      { id: t.ids.projects.rivierenwijk, name: 'Verduurzaming Rivierenwijk', archived: false },
    ]);
  });
});

describe('another customer and the project editor', () => {
  it('answers 404 for another customer’s account on every endpoint', async () => {
    const woonstadId = editorId;
    const body = { name: 'x', role: 'project-editor', project_ids: [], disabled: false };
    const calls = [
      call('PUT', `/api/staff/accounts/${woonstadId}`, { token: devriesAdmin, body }),
      call('POST', `/api/staff/accounts/${woonstadId}/reset-totp`, { token: devriesAdmin }),
      call('POST', `/api/staff/accounts/${woonstadId}/invite`, { token: devriesAdmin }),
      call('PUT', `/api/staff/accounts/${devriesAdminId}`, { token: admin, body }),
      call('POST', `/api/staff/accounts/${devriesAdminId}/reset-totp`, { token: admin }),
      call('POST', `/api/staff/accounts/${devriesAdminId}/invite`, { token: admin }),
      call('PUT', '/api/staff/accounts/999999', { token: admin, body }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
    const [editorRow] = await t.query('SELECT name, disabled_at FROM users WHERE id = $1', [woonstadId]);
    expect(editorRow).toEqual({ name: 'Eva Smit (redactie)', disabled_at: null });
    // De Vries' projects are not Woonstad's to give
    const foreign = await call('PUT', `/api/staff/accounts/${woonstadId}`, { token: admin, body: { ...body, name: 'Eva Smit (redactie)', project_ids: [t.ids.projects.dakZuid] } });
    expect(foreign.statusCode).toBe(422);
  });

  it('refuses the project editor on every administrator endpoint (403)', async () => {
    const body = { name: 'x', email: 'y@example.nl', role: 'project-editor', project_ids: [], disabled: false };
    const calls = [
      call('GET', '/api/staff/accounts', { token: editor }),
      call('POST', '/api/staff/accounts', { token: editor, body }),
      call('GET', '/api/staff/accounts/projects', { token: editor }),
      call('PUT', `/api/staff/accounts/${editorId}`, { token: editor, body }),
      call('POST', `/api/staff/accounts/${t.ids.users.admin}/reset-totp`, { token: editor }),
      call('POST', `/api/staff/accounts/${t.ids.users.admin}/invite`, { token: editor }),
      call('GET', '/api/staff/security', { token: editor }),
      call('PUT', '/api/staff/security', { token: editor, body: { require_totp: true } }),
      call('GET', '/api/staff/audit', { token: editor }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(403);
    // and without a console session: 401
    expect((await call('GET', '/api/staff/accounts')).statusCode).toBe(401);
    expect((await call('GET', '/api/staff/audit')).statusCode).toBe(401);
  });
});

describe('audit log', () => {
  it('shows the customer’s entries newest first, filtered and paged; never another customer’s', async () => {
    const all = await call('GET', '/api/staff/audit', { token: admin });
    expect(all.statusCode, all.body).toBe(200);
    const entries = all.json<TAuditEntry[]>();
    expect(entries.length).toBeGreaterThan(5);
    expect(entries.map((e) => e.id)).toEqual([...entries.map((e) => e.id)].sort((a, b) => b - a));
    const [devriesCount] = await t.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE customer_id = $1', [t.ids.customers.devries]);
    expect(devriesCount!.n).toBeGreaterThan(0);
    const ours = new Set((await t.query<{ id: number }>('SELECT id FROM audit_log WHERE customer_id = $1', [t.ids.customers.woonstad])).map((r) => Number(r.id)));
    for (const e of entries) expect(ours.has(e.id)).toBe(true);

    const creates = (await call('GET', '/api/staff/audit', { token: admin, query: { action: 'create', entity: 'staff' } })).json<TAuditEntry[]>();
    expect(creates.length).toBeGreaterThan(0);
    expect(creates.every((e) => e.action === 'create' && e.entity === 'staff')).toBe(true);
    expect(creates[0]!.after).toMatchObject({ email: 'nieuw@example.nl' });

    const byUser = (await call('GET', '/api/staff/audit', { token: admin, query: { user_id: t.ids.users.admin } })).json<TAuditEntry[]>();
    expect(byUser.every((e) => e.user_id === t.ids.users.admin)).toBe(true);
    const q = (await call('GET', '/api/staff/audit', { token: admin, query: { q: 'nieuw@example' } })).json<TAuditEntry[]>();
    expect(q.length).toBeGreaterThan(0);

    const page1 = await call('GET', '/api/staff/audit', { token: admin, query: { limit: 2 } });
    expect(page1.headers[HAS_MORE_HEADER]).toBe('true');
    const ids = page1.json<TAuditEntry[]>().map((e) => e.id);
    const page2 = (await call('GET', '/api/staff/audit', { token: admin, query: { limit: 2, before: ids[1]! } })).json<TAuditEntry[]>();
    expect(page2[0]!.id).toBeLessThan(ids[1]!);
    expect(page2.map((e) => e.id)).toEqual(entries.slice(2, 4).map((e) => e.id));
  });

  it('filters by project and by days in Amsterdam time', async () => {
    await t.services.audit.record({ userId: t.ids.users.admin, customerId: t.ids.customers.woonstad, role: 'customer-admin', name: 'Beheerder Woonstad', sessionId: 0 },
      { action: 'publish', entity: 'news', entityId: 7, projectId: t.ids.projects.bloemenbuurt, after: { title: 'Nieuws' } });
    // just after midnight on 1 March in Amsterdam = 23:30 UTC on 28 February
    const [late] = await t.query<{ id: number }>(
      "INSERT INTO audit_log (customer_id, user_id, actor, at, action, entity) VALUES ($1, $2, 'Test', '2026-02-28T23:30:00Z', 'update', 'project') RETURNING id",
      [t.ids.customers.woonstad, t.ids.users.admin]);
    const project = (await call('GET', '/api/staff/audit', { token: admin, query: { project_id: t.ids.projects.bloemenbuurt } })).json<TAuditEntry[]>();
    expect(project).toHaveLength(1);
    expect(project[0]).toMatchObject({ action: 'publish', entity: 'news', entity_id: '7', project_id: t.ids.projects.bloemenbuurt, after: { title: 'Nieuws' } });
    const march = (await call('GET', '/api/staff/audit', { token: admin, query: { from: '2026-03-01', to: '2026-03-01' } })).json<TAuditEntry[]>();
    expect(march.map((e) => e.id)).toEqual([Number(late!.id)]);
    expect((await call('GET', '/api/staff/audit', { token: admin, query: { from: '2026-02-28', to: '2026-02-28' } })).json()).toEqual([]);
    const bad = await call('GET', '/api/staff/audit', { token: admin, query: { from: '1-3-2026' } });
    expect(bad.statusCode).toBe(422);
  });

  it('exports the filtered log as CSV and XLSX, with what changed as text; the export is itself audited', async () => {
    await t.query("INSERT INTO audit_log (customer_id, actor, action, entity, after) VALUES ($1, 'Ander', 'create', 'staff', '{\"email\":\"ander@devries.nl\"}')", [t.ids.customers.devries]);
    const csv = await call('GET', '/api/staff/audit/export', { token: admin, query: { format: 'csv', action: 'create', entity: 'staff' } });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="auditlog.csv"');
    const rows = Papa.parse<string[]>(csv.body.replace(/^\uFEFF/, '').trim(), { delimiter: ';' }).data;
    expect(rows[0]).toEqual(['Moment', 'Medewerker', 'Omgeving', 'Actie', 'Onderdeel', 'Record', 'Project', 'Uitkomst (HTTP)', 'Voor', 'Na']);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.slice(1).every((r) => r[3] === 'create' && r[4] === 'staff')).toBe(true);
    expect(rows.some((r) => r[9]!.includes('nieuw@example.nl'))).toBe(true);
    expect(csv.body).not.toContain('ander@devries.nl');
    const xlsx = await call('GET', '/api/staff/audit/export', { token: admin, query: { format: 'xlsx', action: 'create', entity: 'staff' } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBe(rows.length);
    const logged = (await call('GET', '/api/staff/audit', { token: admin, query: { action: 'audit-export' } })).json<TAuditEntry[]>();
    expect(logged).toHaveLength(2);
    // Another customer's entries never; an editor without audit.read gets 403.
    const [ours] = await t.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE customer_id = $1 AND action = 'create' AND entity = 'staff'", [t.ids.customers.woonstad]);
    const [all] = await t.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'create' AND entity = 'staff'");
    expect(all!.n).toBeGreaterThan(ours!.n);
    expect(rows.length - 1).toBe(ours!.n);
    expect((await call('GET', '/api/staff/audit/export', { token: editor, query: { format: 'csv' } })).statusCode).toBe(403);
  });
});
