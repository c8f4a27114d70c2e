import { describe, expect, it } from 'vitest';
import { ZComplaintList, ZStaffComplaint, ZStaffList, type TStaffComplaintInput } from '@portal/contract';
import type { TestApp } from '../../../test/helpers.ts';
import { newCounts, type DemoTokens, type Requester } from '../../../test/content.ts';
import { auditActions, expectStaffRefusals, inMinutes } from '../staff-content/test-setup.ts';
import { setUpStaffContentApp, type ConsoleSessions, type Requests } from '../../../test/staff.ts';

let t: TestApp, get: Requester, tokens: DemoTokens, staff: ConsoleSessions, http: Requests, B: number;
setUpStaffContentApp((app) => ({ t, get, tokens, staff, http, B } = app));

const body = (over: Partial<TStaffComplaintInput> = {}): TStaffComplaintInput => ({
  title: 'Geluidsoverlast melden', image_id: null, content: '<p>Bel de uitvoerder.</p>', position: 5, is_public: false, publish_at: null, ...over,
});
const list = (projectId: number) => `/api/staff/projects/${projectId}/complaints`;
const residentTitles = async () => ZComplaintList.parse((await get('/api/occupant/complaints', tokens.jan)).json()).items.map((i) => i.title);

describe('staff complaints items', () => {
  it('keeps drafts from residents and their count until published; sanitises; audits; deletes', async () => {
    const before = (await newCounts(t, tokens.jan)).complaints ?? 0;
    const created = await http.post(list(B), staff.editor, body({
      content: '<p class="knop">Bel<script>alert(1)</script></p><img src="x" onerror="alert(2)"><img src="https://tracker.example/p.gif">'
        + '<a href="/\\evil.example" target="_top">a</a><a href="//evil.example">b</a><a href="/nieuws/1" target="_top">c</a><img src="/api/files/7/foto.png" alt="Foto">',
    }));
    expect(created.statusCode, created.body).toBe(201);
    const draft = ZStaffComplaint.parse(created.json());
    expect(draft.status).toBe('draft');
    expect(draft.content).not.toMatch(/script|onerror/);
    // No class, no target, no image from elsewhere, no link that leads to another site through '//' or '/\'.
    expect(draft.content).toBe('<p>Bel</p><a>a</a><a>b</a><a href="/nieuws/1">c</a><img src="/api/files/7/foto.png" alt="Foto" />');
    expect(await residentTitles()).not.toContain(draft.title);
    expect((await newCounts(t, tokens.jan)).complaints ?? 0).toBe(before);
    expect((await get(`/api/occupant/complaint/${draft.id}`, tokens.jan)).statusCode).toBe(404);

    const published = ZStaffComplaint.parse((await http.put(`${list(B)}/${draft.id}`, staff.editor, body({ publish_at: inMinutes(-1) }))).json());
    expect(published.status).toBe('published');
    expect(await residentTitles()).toContain(draft.title);
    expect((await newCounts(t, tokens.jan)).complaints).toBe(before + 1);

    const rows = ZStaffList.parse((await http.get(`${list(B)}?q=geluid`, staff.editor)).json());
    expect(rows.map((r) => r.title)).toContain('Geluidsoverlast melden');
    await http.del(`${list(B)}/${draft.id}`, staff.editor);
    expect(await auditActions(t, 'complaints', draft.id)).toEqual(['create', 'update', 'delete']);
    expect((await newCounts(t, tokens.jan)).complaints ?? 0).toBe(before);
  });

  it('refuses other projects and customers with 404', async () => {
    const own = ZStaffComplaint.parse((await http.post(list(B), staff.editor, body())).json());
    const [foreign] = await t.query<{ id: number }>('INSERT INTO complaint_items (project_id, title) VALUES ($1, $2) RETURNING id', [t.ids.projects.rivierenwijk, 'Elders']);
    await expectStaffRefusals(t, staff, { list, own: own.id, foreign: foreign!.id, body: body() });
  });
});
