import { describe, expect, it } from 'vitest';
import { DOSSIER_SENT, messages, ZDossierList, type TDossierItem } from '@portal/contract';
import { bearer, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { demoTokens, newCounts, setUpContentApp, type DemoTokens, type Elsewhere, type Requester } from '../../../test/content.ts';

let t: TestApp, get: Requester, tokens: DemoTokens, elsewhere: Elsewhere, B: number, R: number;
setUpContentApp((app) => ({ t, get, tokens, elsewhere, B, R } = app), { mail: true });

const requestDossier = (app: TestApp, token: string, payload: unknown, query = '', headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'POST', url: `/api/occupant/download/dossier${query}`, payload: payload as object, headers: { ...bearer(token), ...headers } });

describe('GET /api/occupant/dossier', () => {
  it('lists the dossier of the resident’s address in the project, newest first, items of several types', async () => {
    const res = await get('/api/occupant/dossier?language=nl', tokens.jan);
    expect(res.statusCode).toBe(200);
    const list = ZDossierList.parse(res.json());
    expect(list.map((d) => d.name)).toEqual(['Keuzeformulier', 'Plattegrond', 'Opnamerapport', 'Foto meterkast', 'Toestemmingsformulier']);
    expect(new Set(list.map((d) => d.type))).toEqual(new Set(['Opname', 'Keuze', 'Handtekening', 'Foto', 'Tekening']));
    expect(list[0]).toMatchObject({
      type: 'Keuze', sub_type: 'Keuken en badkamer', method_type: 'Digitaal ingevuld', subject: 'Uw keuzes voor keuken en badkamer',
      created_at: expect.stringMatching(/^\d{2}-\d{2}-\d{4}$/), download_url: expect.stringMatching(/^\/api\/files\/\d+\/Keuzeformulier\.pdf\?token=[\w.-]+$/),
      fetched: false,
    });
    expect(list[1]!.method_type).toBeNull();
  });

  it('keeps dossiers per address and per project', async () => {
    const b = ZDossierList.parse((await get(`/api/occupant/dossier?project_id=${B}`, tokens.fatima)).json());
    const r = ZDossierList.parse((await get(`/api/occupant/dossier?project_id=${R}`, tokens.fatima)).json());
    expect(b.map((d) => d.subject)).toEqual(['Opname van Tulpstraat 12', 'Keuken voor de renovatie']);
    expect(r.map((d) => d.name)).toEqual(['Opnamerapport kozijnen', 'Foto gevel']);
    expect((await get('/api/occupant/dossier', elsewhere.token, elsewhere.host)).json()).toEqual([]);
    expect((await get(`/api/occupant/dossier?project_id=${R}`, tokens.jan)).statusCode).toBe(404);
    expect((await get('/api/occupant/dossier', tokens.partner)).statusCode).toBe(401);
    expect((await get('/api/occupant/dossier')).statusCode).toBe(401);
  });
});

describe('downloading a dossier item', () => {
  it('serves the file to the address’s resident only, and marks it fetched', async () => {
    const list = ZDossierList.parse((await get('/api/occupant/dossier', tokens.jan)).json());
    const photo = list.find((d) => d.name === 'Foto meterkast')!;
    const before = (await newCounts(t, tokens.jan)).dossier!;
    expect(before).toBe(5);

    const plain = photo.download_url.split('?')[0]!; // the list signs its links for Jan's session
    expect((await get(plain)).statusCode).toBe(401);
    expect((await get(plain, tokens.fatima)).statusCode).toBe(404);
    expect((await get(plain, tokens.partner)).statusCode).toBe(404);
    expect((await get(plain, elsewhere.token, elsewhere.host)).statusCode).toBe(404);
    expect((await newCounts(t, tokens.jan)).dossier).toBe(before);

    const res = await get(photo.download_url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="Foto meterkast.png"/);
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await newCounts(t, tokens.jan)).dossier).toBe(before - 1);
    const after = ZDossierList.parse((await get('/api/occupant/dossier', tokens.jan)).json());
    expect(after.find((d) => d.id === photo.id)!.fetched).toBe(true);
    expect(after.filter((d: TDossierItem) => d.fetched)).toHaveLength(1);
  });
});

describe('POST /api/occupant/download/dossier', () => {
  it('validates the e-mail address with the spec’s messages', async () => {
    for (const [payload, message] of [
      [{}, 'Vul hier een e-mailadres in'],
      [{ email: '' }, 'Vul hier een e-mailadres in'],
      [{ email: '   ' }, 'Vul hier een e-mailadres in'],
      [{ email: 'jan@' }, 'Vul een geldig e-mailadres in'],
      [{ email: 'jan at example.nl' }, 'Vul een geldig e-mailadres in'],
    ] as const) {
      const res = await requestDossier(t, tokens.fatima, { ...payload, language: 'nl' });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json()).toEqual({ message: messages.invalidInput, errors: [{ field: 'email', message }] });
    }
  });

  it('e-mails the whole dossier with the files attached', async () => {
    const res = await requestDossier(t, tokens.jan, { email: 'jan.devries@example.nl', language: 'nl' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: DOSSIER_SENT });
    const mail = await t.mail!.waitForMail((m) => m.to.includes('jan.devries@example.nl') && m.subject.includes('dossier'));
    expect(mail.subject).toBe('Uw dossier van Renovatie Bloemenbuurt');
    expect(mail.text).toContain('In de bijlagen van deze e-mail vindt u de documenten uit uw dossier.');
    expect(mail.text).toContain('- Opnamerapport (Opname, ');
    for (const filename of ['Opnamerapport.pdf', 'Keuzeformulier.pdf', 'Toestemmingsformulier.pdf', 'Foto meterkast.png', 'Plattegrond Tulpstraat 10.svg']) {
      expect(mail.raw).toMatch(new RegExp(`filename="?${filename.replace('.', '\\.')}"?`));
    }
    expect(mail.raw).toContain('Content-Type: application/pdf');
    expect(mail.raw).toContain('JVBERi0'); // '%PDF-' in base64
  });

  it('answers 422 for an empty dossier and 429 after five requests per address', async () => {
    const empty = await requestDossier(t, elsewhere.token, { email: 'els@example.nl' }, '', { host: elsewhere.host });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ message: 'Er staan nog geen documenten in uw dossier.' });

    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await requestDossier(t, tokens.fatima, { email: 'fatima.elamrani@example.nl' }, `?project_id=${R}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await requestDossier(t, tokens.fatima, { email: 'fatima.elamrani@example.nl' });
    expect(refused.json()).toEqual({ message: messages.tooManyAttempts });
    expect(refused.headers['retry-after']).toBeDefined();
    // another address is not affected
    expect((await requestDossier(t, tokens.jan, { email: 'jan.devries@example.nl' })).statusCode).toBe(200);
  });

  it('refuses staff, no token, and another project', async () => {
    expect((await requestDossier(t, tokens.partner, { email: 'p@example.nl' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/occupant/download/dossier', payload: { email: 'x@example.nl' } })).statusCode).toBe(401);
    expect((await requestDossier(t, tokens.jan, { email: 'jan.devries@example.nl' }, `?project_id=${R}`)).statusCode).toBe(404);
  });
});

describe('a dossier too large to attach', () => {
  it('is sent as time-limited links that open the files without a login, and only those files', async () => {
    const small = await createTestApp({ mail: true, env: { DOSSIER_MAIL_MAX_BYTES: '1000' } });
    try {
      const jan = await (await demoTokens(small)).jan;
      const res = await requestDossier(small, jan, { email: 'jan.devries@example.nl' });
      expect(res.json()).toEqual({ success: true, message: DOSSIER_SENT });
      const mail = await small.mail!.waitForMail((m) => m.subject === 'Uw dossier van Renovatie Bloemenbuurt');
      expect(mail.text).toContain('Uw dossier is te groot om als bijlage te versturen.');
      expect(mail.raw).not.toContain('JVBERi0');
      const links = [...mail.text.matchAll(/http:\/\/localhost:3000(\/api\/files\/\d+\/[^\s?]+)\?ticket=([\w-]+)/g)];
      expect(links).toHaveLength(5);
      const [, path, ticket] = links[0]!;
      const opened = await small.app.inject({ method: 'GET', url: `${path}?ticket=${ticket}` });
      expect(opened.statusCode).toBe(200);
      expect(opened.headers['cache-control']).toBe('private, max-age=3600');
      expect((await small.app.inject({ method: 'GET', url: `${path}?ticket=wrong-${ticket}` })).statusCode).toBe(404);
      // the ticket opens the dossier's files only
      const doc = ZDossierList.parse((await small.app.inject({ method: 'GET', url: '/api/occupant/dossier?project_id=' + small.ids.projects.rivierenwijk, headers: bearer(await (await demoTokens(small)).fatima) })).json())[0]!;
      expect((await small.app.inject({ method: 'GET', url: `${doc.download_url.split('?')[0]}?ticket=${ticket}` })).statusCode).toBe(404);
      // and stops working when it expires
      await small.query("UPDATE file_tickets SET expires_at = now() - interval '1 second'");
      const expired = await small.app.inject({ method: 'GET', url: `${path}?ticket=${ticket}` });
      expect(expired.statusCode).toBe(404);
      expect(expired.json()).toEqual({ message: 'Deze downloadlink is ongeldig of verlopen.' });
    } finally {
      await small.close();
    }
  });
});
