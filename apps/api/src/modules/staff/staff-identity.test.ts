import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessMessages, type TLoginResponse, type TPartnerCustomer, type TProjectSummary } from '@portal/contract';
import { adminToken, bearer, consoleToken, createTestApp, occupantToken, partnerToken, waitFor, type TestApp } from '../../../test/helpers.ts';
import { STAFF_DEMO } from '../../demo/staff.ts';

/**
 * Issue 15, section 1 (one staff identity, sessions that carry their face) and section 5 (the audit log sees
 * what staff do on every face): each finding of the issue, on the demo.
 */
let t: TestApp;
type Operation = { 'x-access'?: { faces: string[] } };
let paths: Array<{ method: string; url: string; faces: string[] }> = [];

const call = (method: string, url: string, token?: string, payload?: unknown, ip = '10.9.0.1') =>
  t.app.inject({ method: method as 'GET', url, remoteAddress: ip, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const fill = (path: string) => path.replace(/\{[^}]+\}/g, '1');

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  paths = Object.entries(doc.paths).flatMap(([url, ops]) => Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), url, faces: op['x-access']?.faces ?? [] })));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const auditRows = (action: string) =>
  t.query<{ face: string; actor: string; outcome: number | null; project_id: number | null; after: Record<string, unknown> }>(
    'SELECT face, actor, outcome, project_id, after FROM audit_log WHERE action = $1 ORDER BY id', [action]);

describe('sessions carry their face', () => {
  it("refuses a console session on every partner-portal route and a partner-portal session on every console route (401)", async () => {
    const editorId = (await t.query<{ id: number }>("SELECT id FROM users WHERE username = 'redactie@example.nl'"))[0]!.id;
    const consoleSession = await consoleToken(t, editorId);
    const adminConsole = await consoleToken(t, t.ids.users.admin);
    const partner = await partnerToken(t.app);
    const partnerRoutes = paths.filter((p) => p.faces.includes('partner') && !p.faces.includes('console'));
    const consoleRoutes = paths.filter((p) => p.faces.includes('console') && !p.faces.includes('partner'));
    expect(partnerRoutes.length).toBeGreaterThan(30);
    expect(consoleRoutes.length).toBeGreaterThan(80);
    for (const route of partnerRoutes) {
      for (const token of [consoleSession, adminConsole]) {
        const res = await call(route.method, `${fill(route.url)}`, token, route.method === 'GET' ? undefined : {});
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      }
    }
    for (const route of consoleRoutes) {
      const res = await call(route.method, fill(route.url), partner, route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  }, 120_000);

  it('asks the customer administrator for its second factor on the partner portal too, and refuses an account the policy requires it of until it enrolled', async () => {
    const first = await call('POST', '/api/public/login', undefined, { username: 'beheer@example.nl', password: 'Beheer2026!' }, '10.9.1.1');
    expect(first.json<TLoginResponse>()).toMatchObject({ success: false, action: 'totp' });
    expect(first.json<TLoginResponse>().token).toBeUndefined();
    // The customer requires TOTP of all staff: the partner (no TOTP) is sent to the console to enrol, the woco link too.
    await t.query('UPDATE customers SET require_totp = true WHERE id = $1', [t.ids.customers.woonstad]);
    t.services.customers.invalidate();
    try {
      const partner = await call('POST', '/api/public/login', undefined, { username: 'partner@example.nl', password: 'Partner2026!' }, '10.9.1.2');
      expect(partner.statusCode).toBe(403);
      expect(partner.json()).toEqual({ message: accessMessages.totpEnrolFirst });
      const woco = await call('POST', '/api/public/woco/login', undefined, { token: 'woco-demo-token-3f9c2a7e5b1d4c8a' }, '10.9.1.3');
      expect(woco.statusCode).toBe(403);
      // with TOTP enrolled, the woco link asks for the code as well: the link alone is one factor
      const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
      const { encryptTotpSecret } = await import('./totp.ts');
      await t.query('UPDATE users SET totp_secret = $2, totp_enabled_at = now() WHERE id = $1', [t.ids.users.woco, await encryptTotpSecret(t.services.secrets, secret)]);
      const step = await call('POST', '/api/public/woco/login', undefined, { token: 'woco-demo-token-3f9c2a7e5b1d4c8a' }, '10.9.1.4');
      expect(step.json<TLoginResponse>()).toMatchObject({ success: false, action: 'totp' });
      const done = await call('POST', '/api/public/login/totp', undefined, { ticket: step.json<TLoginResponse>().ticket, code: await generate({ secret }) }, '10.9.1.4');
      expect(done.json<TLoginResponse>()).toMatchObject({ success: true, role: 'woco' });
      // the woco login is read-only: it answers no chat
      const [conversation] = await t.query<{ id: number }>('SELECT id FROM chat_conversations WHERE project_id = $1 LIMIT 1', [t.ids.projects.bloemenbuurt]);
      const answer = await call('POST', `/api/partner/chat/${conversation!.id}`, done.json<TLoginResponse>().token, { message: 'Hallo' });
      expect(answer.statusCode).toBe(403);
    } finally {
      await t.query('UPDATE customers SET require_totp = false WHERE id = $1', [t.ids.customers.woonstad]);
      await t.query('UPDATE users SET totp_secret = NULL, totp_enabled_at = NULL WHERE id = $1', [t.ids.users.woco]);
      t.services.customers.invalidate();
    }
    void STAFF_DEMO;
  });

  it('shows a contractor only the projects it was given: a new project of the customer stays out of its portal', async () => {
    const admin = await consoleToken(t, t.ids.users.admin);
    const created = await call('POST', '/api/staff/projects', admin, { name: 'Nieuw project zonder aannemer', description: '' });
    expect([200, 201], created.body).toContain(created.statusCode);
    const newId = created.json<{ id: number }>().id;
    const partner = await partnerToken(t.app);
    const customers = (await call('GET', '/api/partner/customers/', partner)).json<TPartnerCustomer[]>();
    expect(customers.find((c) => c.id === t.ids.customers.woonstad)!.nr_of_projects).toBe(2);
    const projects = (await call('GET', `/api/partner/customer/${t.ids.customers.woonstad}/projects`, partner)).json<TProjectSummary[]>();
    expect(projects.map((p) => p.id)).not.toContain(newId);
    for (const url of [`/api/partner/project/${newId}`, `/api/partner/project/${newId}/chats`, `/api/partner/project/${newId}/payments`]) {
      const res = await call('GET', url, partner);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: accessMessages.notReached });
    }
    // the administrator reaches every project of the customer, the new one included
    expect((await call('GET', `/api/partner/project/${newId}`, await adminToken(t.app))).statusCode).toBe(200);
  });
});

describe('acting for one address', () => {
  it('reaches the partner calls of its own address only, and logs what it does there', async () => {
    const admin = await adminToken(t.app);
    const ticket = (await call('POST', '/api/admin/login-link', admin, { address_id: t.ids.addresses.a12 })).json<{ token: string }>().token;
    const acting = (await call('POST', '/api/public/setlogin', undefined, { token: ticket })).json<{ token: string; admin_token: string }>();
    const [form] = await t.query<{ id: number }>(
      "SELECT f.id FROM forms f JOIN address_projects ap ON ap.project_id = f.project_id WHERE ap.address_id = $1 AND f.kind = 'choice' AND f.is_active ORDER BY f.id LIMIT 1",
      [t.ids.addresses.a12]);
    const own = await call('GET', `/api/partner/choice/form/${form!.id}/address/${t.ids.addresses.a12}`, acting.admin_token);
    expect(own.statusCode, own.body).toBe(200);
    const other = await call('GET', `/api/partner/choice/form/${form!.id}/address/${t.ids.addresses.a10}`, acting.admin_token);
    expect(other.statusCode).toBe(404);
    // every partner call a staff member makes there is in the audit log, with its face and outcome
    // (the outcome is written when the answer has gone out: wait for it; the refused call never reached the route)
    const reads = await waitFor(async () => {
      const rows = await t.query<{ outcome: number | null; after: { route: string } }>(
        "SELECT outcome, after FROM audit_log WHERE face = 'acting' AND user_id = $1 ORDER BY id", [t.ids.users.admin]);
      return rows.every((r) => r.outcome !== null) ? rows : null;
    });
    expect(reads!.map((r) => [r.outcome, r.after.route])).toEqual([[200, 'GET /api/partner/choice/form/:form_id/address/:address_id']]);
    // the resident's own pages: the acting session reads the dossier as staff, and that read is audited too
    expect((await call('GET', '/api/occupant/dossier', acting.token)).statusCode).toBe(200);
    const dossier = await t.query("SELECT 1 FROM audit_log WHERE face = 'acting' AND after->>'route' = 'GET /api/occupant/dossier'");
    expect(dossier).toHaveLength(1);
    // and no password change: that would be a session of its own
    expect((await call('POST', '/api/occupant/new-password', acting.token, { password: 'x', new_password: 'Nieuw-Wachtwoord-2026' })).statusCode).toBe(401);
  });
});

describe('the audit log sees staff on every face', () => {
  it('records login links, chat answers, payment views and form reads in the partner portal, and reads of addresses in the console', async () => {
    const admin = await adminToken(t.app);
    const partner = await partnerToken(t.app);
    expect((await call('POST', '/api/admin/login-link', admin, { address_id: t.ids.addresses.a10 })).statusCode).toBe(200);
    const [conversation] = await t.query<{ id: number }>('SELECT id FROM chat_conversations WHERE project_id = $1 LIMIT 1', [t.ids.projects.bloemenbuurt]);
    expect((await call('POST', `/api/partner/chat/${conversation!.id}`, partner, { message: 'Wij komen dinsdag langs.' })).statusCode).toBe(200);
    expect((await call('GET', `/api/partner/project/${t.ids.projects.bloemenbuurt}/payments`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/partner/chat/${conversation!.id}`, partner)).statusCode).toBe(200);
    expect((await call('GET', `/api/staff/projects/${t.ids.projects.bloemenbuurt}/addresses`, await consoleToken(t, t.ids.users.admin))).statusCode).toBe(200);

    await waitFor(async () => (await t.query('SELECT 1 FROM audit_log WHERE face IS NOT NULL AND face <> \'console\' AND outcome IS NULL')).length === 0);
    expect((await auditRows('login-link')).at(-1)).toEqual(expect.objectContaining({ face: 'partner', actor: 'Beheerder Woonstad', outcome: 200 }));
    expect(await auditRows('chat-answer')).toEqual([expect.objectContaining({ face: 'partner', actor: 'Pieter Bakker (Installatiebedrijf Bakker)', outcome: 200, project_id: t.ids.projects.bloemenbuurt })]);
    expect(await auditRows('payments-read')).toEqual([expect.objectContaining({ face: 'partner', outcome: 200, project_id: t.ids.projects.bloemenbuurt })]);
    const reads = await auditRows('read');
    expect(reads.map((r) => `${r.face} ${String(r.after.route)}`)).toEqual(expect.arrayContaining([
      'partner GET /api/partner/chat/:conversation_id',
      'console GET /api/staff/projects/:projectId/addresses',
    ]));
    // and the console's audit page shows them, filtered by face
    const page = await call('GET', '/api/staff/audit?face=partner', await consoleToken(t, t.ids.users.admin));
    expect(page.json<Array<{ face: string }>>().every((e) => e.face === 'partner')).toBe(true);
    expect(page.json<unknown[]>().length).toBeGreaterThanOrEqual(3);
  });

  it('gives no personal data out when the read\'s audit row cannot be written (the row is written beside the handler, awaited before the answer)', async () => {
    const token = await consoleToken(t, t.ids.users.admin);
    const url = `/api/staff/projects/${t.ids.projects.bloemenbuurt}/addresses`;
    expect((await call('GET', url, token)).statusCode).toBe(200);
    await t.query(`CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.after->>'route' = 'GET /api/staff/projects/:projectId/addresses' THEN RAISE EXCEPTION 'audit refused'; END IF; RETURN NEW; END $$`);
    await t.query('CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()');
    try {
      const refused = await call('GET', url, token);
      expect(refused.statusCode).toBeGreaterThanOrEqual(500);
      expect(refused.body).not.toContain('Tulpstraat');
    } finally {
      await t.query('DROP TRIGGER refuse_audit ON audit_log');
      await t.query('DROP FUNCTION refuse_audit()');
    }
    expect((await call('GET', url, token)).body).toContain('Tulpstraat');
  });

  it('refuses another customer\'s staff and residents on the audit page', async () => {
    expect((await call('GET', '/api/staff/audit', await occupantToken(t.app))).statusCode).toBe(401);
  });
});
