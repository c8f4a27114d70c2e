import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileMessages, messages, ZComplaintList, ZContactList, ZDossierList, ZFileLink, ZInformationList, ZNewsList, ZPartnerList, ZSchedule } from '@portal/contract';
import { hashToken } from '../../lib/tokens.ts';
import { occupantToken, type TestApp } from '../../../test/helpers.ts';
import { newCounts, setUpContentApp, type DemoTokens, type Elsewhere, type Requester } from '../../../test/content.ts';
import { signLinksIn } from './file-links.ts';
import { imageSize } from './image-size.ts';
import { createLocalStorage, readAll } from './storage.ts';

let t: TestApp, get: Requester, tokens: DemoTokens, elsewhere: Elsewhere, B: number;
setUpContentApp((app) => ({ t, get, tokens, elsewhere, B } = app));

describe('local storage driver', () => {
  it('puts, gets and deletes by key under its root, and refuses keys that leave it', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
    try {
      const storage = createLocalStorage(root);
      await storage.put('news/2026/03/a.txt', Buffer.from('hallo'), { contentType: 'text/plain' });
      expect(fs.readFileSync(path.join(root, 'news', '2026', '03', 'a.txt'), 'utf8')).toBe('hallo');
      const found = await storage.get('news/2026/03/a.txt');
      expect(found!.size).toBe(5);
      expect((await readAll(storage, 'news/2026/03/a.txt'))!.toString()).toBe('hallo');
      await storage.delete('news/2026/03/a.txt');
      await storage.delete('news/2026/03/a.txt'); // deleting twice is fine
      expect(await storage.get('news/2026/03/a.txt')).toBeNull();
      for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', '', 'a/./b', 'a\\b']) {
        await expect(storage.put(key, Buffer.from('x'), { contentType: 'text/plain' }), key).rejects.toThrow('Invalid storage key');
      }
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('imageSize', () => {
  it('reads PNG, JPEG and SVG dimensions from their headers', () => {
    const png = Buffer.alloc(24);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
    png.write('IHDR', 12, 'latin1');
    png.writeUInt32BE(640, 16);
    png.writeUInt32BE(480, 20);
    expect(imageSize('image/png', png)).toEqual({ width: 640, height: 480 });

    const jpeg = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
      0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x78, 0x00, 0xa0, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01,
    ]);
    expect(imageSize('image/jpeg', jpeg)).toEqual({ width: 160, height: 120 });

    expect(imageSize('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="90"></svg>'))).toEqual({ width: 200, height: 90 });
    expect(imageSize('image/svg+xml', Buffer.from('<svg viewBox="0 0 24 16"></svg>'))).toEqual({ width: 24, height: 16 });
    expect(imageSize('application/pdf', Buffer.from('%PDF-1.4'))).toBeNull();
    expect(imageSize('image/png', Buffer.from('not a png'))).toBeNull();
  });

  it('is recorded for stored images', async () => {
    const rows = await t.query<{ filename: string; image_width: number | null; image_height: number | null; size: number }>(
      "SELECT filename, image_width, image_height, size FROM files WHERE filename IN ('Foto meterkast.png', 'Opnamerapport.pdf') ORDER BY filename LIMIT 2",
    );
    expect(rows[0]).toMatchObject({ filename: 'Foto meterkast.png', image_width: 480, image_height: 360 });
    expect(rows[1]).toMatchObject({ filename: 'Opnamerapport.pdf', image_width: null, image_height: null });
    expect(rows[1]!.size).toBeGreaterThan(500);
  });
});

describe('GET /api/files/{id}/{filename}', () => {
  /** The image links of a module's public items and of its non-public ones (as residents see them). */
  async function images() {
    const [pubNews, allNews] = [ZNewsList.parse((await get(`/api/public/news/${B}`)).json()), ZNewsList.parse((await get('/api/occupant/news', tokens.jan)).json())];
    const partners = ZPartnerList.parse((await get('/api/occupant/partners', tokens.jan)).json());
    const contacts = ZContactList.parse((await get('/api/occupant/contacts', tokens.jan)).json());
    const info = ZInformationList.parse((await get(`/api/public/information/${B}`)).json());
    const complaints = ZComplaintList.parse((await get(`/api/public/complaints/${B}`)).json());
    const scheduleAt = async (month = '') => ZSchedule.parse((await get(`/api/public/schedule/${B}${month && `?month=${month}`}`)).json());
    const schedule = await Promise.all((await scheduleAt()).months_with_items.map(scheduleAt)); // the planning's months
    // the plain links: authorised answers sign them for the caller (tested below), these tests send the header
    const plain = <T extends Record<string, string>>(links: T) => Object.fromEntries(Object.entries(links).map(([k, v]) => [k, v.split('?')[0]!])) as T;
    return plain({
      publicNews: pubNews[0]!.image_url!,
      privateNews: allNews.find((a) => a.title === 'Parkeren tijdens de werkzaamheden')!.image_url!,
      publicLogo: partners.find((p) => p.name === 'Bouwbedrijf Van Dijk')!.logo_url!,
      privateLogo: partners.find((p) => p.name === 'Schildersbedrijf De Kwast')!.logo_url!,
      publicAvatar: contacts.find((c) => c.first_name === 'Sanne')!.avatar_url!,
      privateAvatar: contacts.find((c) => c.first_name === 'Lisa')!.avatar_url!,
      publicInfo: info[0]!.image_url!,
      publicComplaint: complaints.items[0]!.image_url!,
      publicSchedule: schedule.flatMap((s) => Object.values(s.sorted_scheduled_items).flat()).find((e) => e.item.image_url)!.item.image_url!,
    });
  }

  it('serves images of public items to anyone, inline, with a strict content security policy', async () => {
    const links = await images();
    for (const url of [links.publicNews, links.publicLogo, links.publicAvatar, links.publicInfo, links.publicComplaint, links.publicSchedule]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['content-disposition']).toMatch(/^inline; filename="/);
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body).toMatch(/^<svg /);
    }
  });

  it('needs a session for images of non-public items (401), and serves them to the project’s residents and staff', async () => {
    const links = await images();
    for (const url of [links.privateNews, links.privateLogo, links.privateAvatar]) {
      const anonymous = await get(url);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json()).toEqual({ message: messages.unauthorized });
      for (const token of [tokens.jan, tokens.fatima, tokens.partner, tokens.admin]) {
        const res = await get(url, token);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control']).toBe('private, max-age=3600');
      }
      expect((await get(url, elsewhere.token, elsewhere.host)).statusCode).toBe(404);
      expect((await get(url, elsewhere.staffToken)).statusCode).toBe(404);
    }
  });

  it('refuses a public item’s image once its project is not public any more', async () => {
    const links = await images();
    await t.query('UPDATE projects SET is_public = false WHERE id = $1', [B]);
    await t.services.projects.invalidateProject(B);
    try {
      expect((await get(links.publicNews)).statusCode).toBe(401);
      expect((await get(links.publicNews, tokens.jan)).statusCode).toBe(200);
    } finally {
      await t.query('UPDATE projects SET is_public = true WHERE id = $1', [B]);
      await t.services.projects.invalidateProject(B);
    }
  });

  it('answers 404 for an unknown file, a wrong file name and missing bytes; 401 for a bad token; 422 for a bad id', async () => {
    const links = await images();
    const id = /\/api\/files\/(\d+)\//.exec(links.publicNews)![1];
    for (const url of ['/api/files/999999/x.svg', `/api/files/${id}/andere-naam.svg`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Bestand niet gevonden' });
    }
    const bad = await get(`${links.publicNews}?token=geen-geldig-token`);
    expect(bad.statusCode).toBe(401);
    expect((await get('/api/files/abc/x.svg')).statusCode).toBe(422);

    const stored = await t.services.files.store({ owner: 'news', filename: 'weg.svg', mime: 'image/svg+xml', data: Buffer.from('<svg/>') });
    await t.services.news.add([{ projectId: B, title: 'Zonder bestand', date: '2026-01-01', isPublic: true, imageFileId: stored.id, content: '' }]);
    expect((await get(`/api/files/${stored.id}/weg.svg`)).statusCode).toBe(200);
    await t.services.files.storage.delete(stored.key);
    expect((await get(`/api/files/${stored.id}/weg.svg`)).statusCode).toBe(404);
  });

  it('lets nobody read a file that no module uses', async () => {
    const orphan = await t.services.files.store({ owner: 'news', filename: 'los.svg', mime: 'image/svg+xml', data: Buffer.from('<svg/>') });
    expect((await get(`/api/files/${orphan.id}/los.svg`)).statusCode).toBe(401);
    expect((await get(`/api/files/${orphan.id}/los.svg`, tokens.partner)).statusCode).toBe(404);
    const unowned = await t.services.files.store({ owner: 'unknown-module', filename: 'x.svg', mime: 'image/svg+xml', data: Buffer.from('<svg/>') });
    expect((await get(`/api/files/${unowned.id}/x.svg`, tokens.jan)).statusCode).toBe(404);
  });

  it('renames the download with ?filename= and encodes non-ASCII names', async () => {
    const stored = await t.services.files.store({ owner: 'news', filename: 'Overzicht geïsoleerde woningen.svg', mime: 'image/svg+xml', data: Buffer.from('<svg/>') });
    await t.services.news.add([{ projectId: B, title: 'Met bestand', date: '2026-01-01', isPublic: true, imageFileId: stored.id, content: '' }]);
    const url = `/api/files/${stored.id}/${encodeURIComponent('Overzicht geïsoleerde woningen.svg')}`;
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`inline; filename="Overzicht geisoleerde woningen.svg"; filename*=UTF-8''Overzicht%20ge%C3%AFsoleerde%20woningen.svg`);
    const renamed = await get(`${url}?filename=${encodeURIComponent('kaart/../"x".svg')}`);
    expect(renamed.headers['content-disposition']).toBe(`inline; filename="kaart-..-x-.svg"; filename*=UTF-8''kaart-..-x-.svg`);
  });
});

describe('signLinksIn', () => {
  it('signs exactly the file links of an answer, in a copy that shares what it leaves alone', () => {
    const shared = { logo_url: '/assets/logo.svg', nested: [{ id: 1 }] };
    const answer = {
      image_url: '/api/files/4/a%20b.png', other: '/api/files/4/a.png?x=1', html: '<img src="/api/files/5/c.png">',
      list: [{ url: '/api/files/5/c.png' }, shared], when: new Date(0), count: 3, none: null,
    };
    const before = structuredClone(answer);
    const signed = signLinksIn(answer, (id) => `sig${id}`) as typeof answer;
    expect(signed).toEqual({ ...before, image_url: '/api/files/4/a%20b.png?token=sig4', list: [{ url: '/api/files/5/c.png?token=sig5' }, shared] });
    expect(answer).toEqual(before); // the input is never changed (cached answers)
    expect(signed.list[1]).toBe(shared);
    expect(signLinksIn(shared, () => 'x')).toBe(shared);
  });

  it('signs a link that asks to open the file in the browser, keeping that', () => {
    expect(signLinksIn({ pdf: '/api/files/7/a.pdf?disposition=inline' }, (id) => `sig${id}`)).toEqual({ pdf: '/api/files/7/a.pdf?disposition=inline&token=sig7' });
  });
});

describe('session tokens never in a URL; signed download links instead', () => {
  const plain = (url: string) => url.split('?')[0]!;
  const post = (url: string, token?: string, host?: string) =>
    t.app.inject({ method: 'POST', url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(host ? { host } : {}) } });
  const sessionId = async (token: string) =>
    (await t.query<{ id: number }>('SELECT id FROM sessions WHERE token_hash = $1', [hashToken(token)]))[0]!.id;
  const jansDossier = async () => ZDossierList.parse((await get('/api/occupant/dossier', tokens.jan)).json());
  const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token')!;

  it('ignores ?token= on every other route: the session token counts only in the Authorization header', async () => {
    for (const url of ['/api/occupant/project', '/api/occupant/news', '/api/occupant/dossier', `/api/partner/project/${B}/news`]) {
      const token = url.startsWith('/api/partner') ? tokens.partner : tokens.jan;
      const res = await get(`${url}?token=${encodeURIComponent(token)}`);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ message: messages.unauthorized });
      expect((await get(url, token)).statusCode, url).toBe(200);
    }
  });

  it('refuses a session token in the query of a download (401), even for a file its session may read', async () => {
    const photo = (await jansDossier()).find((d) => d.name === 'Foto meterkast')!;
    const res = await get(`${plain(photo.download_url)}?token=${encodeURIComponent(tokens.jan)}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: fileMessages.linkInvalid });
    expect((await get(plain(photo.download_url), tokens.jan)).statusCode).toBe(200); // the header still works
  });

  it('answers signed links to authorised readers (never their session token), plain links to the public', async () => {
    const pub = await get(`/api/public/news/${B}`);
    expect(pub.body).not.toContain('token=');
    for (const [url, token] of [['/api/occupant/news', tokens.jan], ['/api/occupant/dossier', tokens.jan], ['/api/occupant/documents', tokens.fatima],
      ['/api/occupant/partners', tokens.jan], ['/api/occupant/contacts', tokens.jan], [`/api/partner/project/${B}/news`, tokens.partner]] as const) {
      const res = await get(url, token);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(token);
      const links = [...res.body.matchAll(/"(\/api\/files\/[^"]+)"/g)].map((m) => m[1]!);
      expect(links.length, url).toBeGreaterThan(0);
      for (const link of links) expect(link, url).toMatch(/^\/api\/files\/\d+\/[^?]+\?token=\d+\.\d+\.[\w-]{43}$/);
    }
  });

  it('opens its one file without Authorization, marks a resident’s download fetched, and nothing else', async () => {
    const list = await jansDossier();
    const photo = list.find((d) => d.name === 'Opnamerapport')!;
    const other = list.find((d) => d.name === 'Keuzeformulier')!;
    expect(photo.fetched).toBe(false);
    const before = (await newCounts(t, tokens.jan)).dossier!;

    const res = await get(photo.download_url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect((await newCounts(t, tokens.jan)).dossier).toBe(before - 1);

    // the same token on another file, a tampered signature, a tampered expiry, a tampered session
    const token = tokenOf(photo.download_url);
    const [sid, exp, sig] = token.split('.') as [string, string, string];
    const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = B64URL.indexOf(sig.at(-1)!);
    const flipped = `${sig.slice(0, -1)}${B64URL[last ^ 4]}`;
    // the same bytes in another text: a 32-byte signature leaves the last character's two low bits unused
    const sameBytes = `${sig.slice(0, -1)}${B64URL[last ^ 1]}`;
    expect(Buffer.from(sameBytes, 'base64url')).toEqual(Buffer.from(sig, 'base64url'));
    for (const url of [
      `${plain(other.download_url)}?token=${token}`,
      `${plain(photo.download_url)}?token=${sid}.${exp}.${flipped}`,
      `${plain(photo.download_url)}?token=${sid}.${exp}.${sameBytes}`,
      `${plain(photo.download_url)}?token=${sid}.${Number(exp) + 3600}.${sig}`,
      `${plain(photo.download_url)}?token=${Number(sid) + 1}.${exp}.${sig}`,
      `${plain(photo.download_url)}?token=${sid}.${exp}`,
    ]) {
      const bad = await get(url);
      expect(bad.statusCode, url).toBe(401);
      expect(bad.json()).toEqual({ message: fileMessages.linkInvalid });
    }
  });

  it('works for staff as for residents, and a resident’s link only on their own customer’s host', async () => {
    const staffNews = ZNewsList.parse((await get(`/api/partner/project/${B}/news`, tokens.partner)).json());
    const hidden = staffNews.find((a) => a.title === 'Parkeren tijdens de werkzaamheden')!.image_url!;
    expect(hidden).toContain('?token=');
    expect((await get(hidden)).statusCode).toBe(200);
    expect((await get(plain(hidden))).statusCode).toBe(401);
    const jans = (await jansDossier()).find((d) => d.name === 'Plattegrond')!;
    expect((await get(jans.download_url, undefined, elsewhere.host)).statusCode).toBe(401);
    expect((await get(jans.download_url)).statusCode).toBe(200);
  });

  it('expires: a link signed with an expiry in the past is refused', async () => {
    const photo = (await jansDossier()).find((d) => d.name === 'Foto meterkast')!;
    const id = Number(/\/api\/files\/(\d+)\//.exec(photo.download_url)![1]);
    const sid = await sessionId(tokens.jan);
    const expired = await t.services.files.links.sign({ fileId: id, sessionId: sid, expiresAt: new Date(Date.now() - 1000) });
    expect((await get(`${plain(photo.download_url)}?token=${expired}`)).statusCode).toBe(401);
    const fresh = await t.services.files.links.sign({ fileId: id, sessionId: sid, expiresAt: new Date(Date.now() + 60_000) });
    expect((await get(`${plain(photo.download_url)}?token=${fresh}`)).statusCode).toBe(200);
  });

  it('ends with the session: after a logout its links are refused', async () => {
    const token = await occupantToken(t.app, '10');
    const photo = ZDossierList.parse((await get('/api/occupant/dossier', token)).json()).find((d) => d.name === 'Foto meterkast')!;
    expect((await get(photo.download_url)).statusCode).toBe(200);
    expect((await post('/api/auth/logout', token)).statusCode).toBe(200);
    expect((await get(photo.download_url)).statusCode).toBe(401);
  });

  it('POST /api/files/{id}/link signs a fresh link for a reader who may read the file, 404 otherwise', async () => {
    const photo = (await jansDossier()).find((d) => d.name === 'Foto meterkast')!;
    const id = Number(/\/api\/files\/(\d+)\//.exec(photo.download_url)![1]);
    const res = await post(`/api/files/${id}/link?language=nl`, tokens.jan);
    expect(res.statusCode).toBe(200);
    const { url } = ZFileLink.parse(res.json());
    expect(url).toMatch(new RegExp(`^/api/files/${id}/Foto%20meterkast\\.png\\?token=`));
    expect(url).not.toContain(tokens.jan);
    expect((await get(url)).statusCode).toBe(200);

    // another address, staff, another customer: the same 404 as a file that does not exist
    for (const [token, host] of [[tokens.fatima], [tokens.partner], [elsewhere.token, elsewhere.host]] as const) {
      const refused = await post(`/api/files/${id}/link`, token, host);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: 'Bestand niet gevonden' });
    }
    expect((await post('/api/files/999999/link', tokens.jan)).statusCode).toBe(404);
    expect((await post(`/api/files/${id}/link`)).statusCode).toBe(401);
    expect((await post(`/api/files/${id}/link?token=${encodeURIComponent(tokens.jan)}`)).statusCode).toBe(401);
  });
});
