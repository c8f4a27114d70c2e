import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleMessages, type TModuleName } from '@portal/contract';
import { bearer, consoleToken, createTestApp, occupantToken, partnerToken, type TestApp } from '../../../test/helpers.ts';

/**
 * A module switched off for a project is gone on every face, not only its tile: the public visitor's,
 * the resident's and the partner's reads answer 404. The staff console keeps its content editable, so
 * that an editor can prepare it before switching the module on.
 */
describe('a module switched off for a project', () => {
  let t: TestApp;
  let jan: string; // 1234AB 10, Bloemenbuurt
  let partner: string;
  let editor: string; // the console's administrator
  let b: number;
  let original: string; // the project's modules, as the demo has them

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    b = t.ids.projects.bloemenbuurt;
    [jan, partner] = await Promise.all([occupantToken(t.app, '10'), partnerToken(t.app)]);
    editor = await consoleToken(t, t.ids.users.admin);
    original = JSON.stringify((await t.query<{ modules: unknown }>('SELECT modules FROM projects WHERE id = $1', [b]))[0]!.modules);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const switchOff = async (...names: TModuleName[]) => {
    await t.query(
      "UPDATE projects SET modules = COALESCE((SELECT jsonb_agg(m) FROM jsonb_array_elements(modules) m WHERE NOT (m->>'name' = ANY($2))), '[]'::jsonb) WHERE id = $1",
      [b, names],
    );
    await t.services.projects.invalidateProject(b);
  };
  const restore = async () => {
    await t.query('UPDATE projects SET modules = $2::jsonb WHERE id = $1', [b, original]);
    await t.services.projects.invalidateProject(b);
  };
  const gone = (res: { statusCode: number; json: () => unknown }, what: string) => {
    expect(res.statusCode, what).toBe(404);
    expect(res.json(), what).toEqual({ message: moduleMessages.unavailable });
  };

  /** The three faces of each content module's read. */
  const reads: Array<[TModuleName, string, string, string]> = [
    ['news', '/api/public/news/{p}', '/api/occupant/news', '/api/partner/project/{p}/news'],
    ['complaints', '/api/public/complaints/{p}', '/api/occupant/complaints', '/api/partner/project/{p}/complaints'],
    ['information', '/api/public/information/{p}', '/api/occupant/information', '/api/partner/project/{p}/information'],
    ['information', '/api/public/information/menu/{p}', '/api/occupant/information/menu', '/api/partner/project/{p}/information/menu'],
    ['faq', '/api/public/faq/{p}', '/api/occupant/faq', '/api/partner/project/{p}/faq'],
    ['scheduling', '/api/public/schedule/{p}', '/api/occupant/schedule', '/api/partner/project/{p}/schedule'],
    ['work_order', '/api/public/workorder/{p}', '/api/occupant/workorder', '/api/partner/project/{p}/workorder'],
    ['partners', '/api/public/partners/{p}', '/api/occupant/partners', '/api/partner/project/{p}/partners'],
    ['documents', '/api/public/documents/{p}', '/api/occupant/documents', '/api/partner/project/{p}/documents'],
    ['contacts', '/api/public/contacts/{p}', '/api/occupant/contacts', '/api/partner/project/{p}/contacts'],
  ];

  it('answers 404 on the public, resident and partner reads of each content module, and keeps the others', async () => {
    for (const [name, ...urls] of reads) {
      await switchOff(name);
      const [publicUrl, occupantUrl, partnerUrl] = urls.map((u) => u.replace('{p}', String(b)));
      gone(await get(publicUrl!), `${name}: ${publicUrl}`);
      gone(await get(occupantUrl!, jan), `${name}: ${occupantUrl}`);
      gone(await get(partnerUrl!, partner), `${name}: ${partnerUrl}`);
      // Another module of the same project still answers.
      const other = name === 'news' ? '/api/occupant/contacts' : '/api/occupant/news';
      expect((await get(other, jan)).statusCode, `${other} while ${name} is off`).toBe(200);
      await restore();
      for (const [url, token] of [[publicUrl!, undefined], [occupantUrl!, jan], [partnerUrl!, partner]] as const) {
        expect((await get(url, token)).statusCode, `${url} with ${name} on again`).toBe(200);
      }
    }
  });

  it("answers 404 for one item of a switched-off module: an article, and an FAQ item while information stays on", async () => {
    const [article] = await t.query<{ id: number }>('SELECT id FROM news_articles WHERE project_id = $1 AND is_public ORDER BY id LIMIT 1', [b]);
    const [faq] = await t.query<{ id: number }>("SELECT id FROM information_items WHERE project_id = $1 AND kind = 'faq' AND is_public ORDER BY id LIMIT 1", [b]);
    const [info] = await t.query<{ id: number }>("SELECT id FROM information_items WHERE project_id = $1 AND kind = 'information' AND is_public ORDER BY id LIMIT 1", [b]);
    await switchOff('news', 'faq');
    gone(await get(`/api/public/news/${b}/article/${article!.id}`), 'public article');
    gone(await get(`/api/occupant/news/article/${article!.id}`, jan), 'resident article');
    gone(await get(`/api/public/information/${b}/item/${faq!.id}`), 'public FAQ item');
    gone(await get(`/api/occupant/information/item/${faq!.id}`, jan), 'resident FAQ item');
    expect((await get(`/api/occupant/information/item/${info!.id}`, jan)).statusCode).toBe(200);
    await restore();
    expect((await get(`/api/occupant/information/item/${faq!.id}`, jan)).statusCode).toBe(200);
  });

  it("answers 404 on the resident's documents, dossier and appointments while those are off, and on their files", async () => {
    const [document] = await t.query<{ id: number }>('SELECT id FROM documents WHERE project_id = $1 AND address_id IS NULL ORDER BY id LIMIT 1', [b]);
    const file = (await get(`/api/occupant/document/${document!.id}`, jan)).json<{ document_url: string }>().document_url.split('?')[0]!;
    const [dossierItem] = await t.query<{ file_id: number; filename: string }>(
      'SELECT d.file_id, f.filename FROM dossier_items d JOIN files f ON f.id = d.file_id WHERE d.project_id = $1 AND d.address_id = $2 ORDER BY d.id LIMIT 1', [b, t.ids.addresses.a10]);
    const dossierFile = `/api/files/${dossierItem!.file_id}/${encodeURIComponent(dossierItem!.filename)}`;
    for (const url of [file, dossierFile]) expect((await get(url, jan)).statusCode, url).toBe(200);
    await switchOff('documents', 'dossier', 'appointments');
    for (const url of [file, dossierFile]) expect((await get(url, jan)).statusCode, `${url} while off`).toBe(404);
    expect((await get(file, partner)).statusCode).toBe(200); // staff keep the file (the console shows it)
    gone(await get(`/api/occupant/document/${document!.id}`, jan), 'one document');
    gone(await get('/api/occupant/dossier', jan), 'dossier');
    const mail = await t.app.inject({ method: 'POST', url: '/api/occupant/download/dossier', headers: bearer(jan), payload: { email: 'jan@example.nl' } });
    gone(mail, 'dossier mail');
    gone(await get('/api/occupant/appointments', jan), 'appointments');
    await restore();
    for (const url of [`/api/occupant/document/${document!.id}`, '/api/occupant/dossier', '/api/occupant/appointments', file, dossierFile]) {
      expect((await get(url, jan)).statusCode, url).toBe(200);
    }
  });

  it('keeps the content editable in the staff console while the module is off', async () => {
    await switchOff('faq');
    const list = await get(`/api/staff/projects/${b}/faq`, editor);
    expect(list.statusCode, list.body).toBe(200);
    await restore();
  });
});
