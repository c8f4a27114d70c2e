import { beforeAll, describe, expect, it } from 'vitest';
import {
  staffSurveysMessages, surveyDefinitionMessages, ZStaffSurvey, ZStaffSurveyListItem,
  type TProject, type TStaffSurvey, type TStaffSurveyBody, type TSurvey, type TSurveyListItem,
} from '@portal/contract';
import { consoleToken, occupantToken, type TestApp } from '../../../test/helpers.ts';
import { setUpStaffApp, type ConsoleSessions, type Requests } from '../../../test/staff.ts';
import { auditOf } from '../staff-projects/test-setup.ts';
import { SURVEY_CLOSED } from '../survey/survey.service.ts';

let t: TestApp, tokens: ConsoleSessions, http: Requests;
setUpStaffApp((app) => ({ t, tokens, http } = app));

let B: number, R: number, H: number, viewer: string, jan: string;
beforeAll(async () => {
  B = t.ids.projects.bloemenbuurt;
  R = t.ids.projects.rivierenwijk;
  H = t.ids.projects.havenkwartier;
  // A housing-corporation viewer: surveys.read without surveys.manage.
  const [user] = await t.query<{ id: number }>("INSERT INTO users (username, email, name) VALUES ('kijker@surveys.nl', 'kijker@surveys.nl', 'Kijker') RETURNING id");
  await t.query("INSERT INTO user_customers (user_id, customer_id, role) VALUES ($1, $2, 'woco-viewer')", [user!.id, t.ids.customers.woonstad]);
  viewer = await consoleToken(t, user!.id);
  jan = await occupantToken(t.app, '10');
});

const base = `/api/staff/projects`;
const ok = <T>(res: { statusCode: number; body: string; json: () => unknown }, status = 200, parse: (v: unknown) => T = (v) => v as T): T => {
  expect(res.statusCode, res.body).toBe(status);
  return parse(res.json());
};
const survey = (res: Parameters<typeof ok>[0], status = 200) => ok(res, status, (v) => ZStaffSurvey.parse(v));
type Errors = { message: string; errors: Array<{ field: string; message: string }> };

/** A version 2 survey with every element type. */
const everyElement = (): TStaffSurveyBody => ({
  name: 'Alles erin', version: 2, is_public: false, opens_at: null, closes_at: null,
  form: [
    {
      id: 's1', label: 'Over uw woning', elements: [
        { id: 'e_title', type: 's_title', data: { label: 'Welkom', wysiwyg: '<p>Fijn dat u meedoet<script>alert(1)</script></p>' } },
        { id: 'e_text', type: 's_textinput', data: { label: 'Uw naam', requiredField: true, placeholder: 'Naam' } },
        { id: 'e_area', type: 's_textareainput', data: { label: 'Opmerkingen', maxLength: 200 } },
      ],
    },
    {
      id: 's2', label: 'Keuzes', elements: [
        { id: 'e_drop', type: 's_select', data: { label: 'Kleur voordeur', type: 'dropdown', options: [{ label: 'Rood' }, { label: 'Blauw' }] } },
        { id: 'e_radio', type: 's_select', data: { label: 'Tevreden?', type: 'radio', requiredField: true, options: [{ label: 'Ja' }, { label: 'Nee' }] } },
        { id: 'e_check', type: 's_select', data: { label: 'Welke ruimtes?', type: 'check', options: [{ label: 'Keuken' }, { label: 'Badkamer' }, { label: 'Zolder' }] } },
        { id: 'e_smiley', type: 's_smileyinput', data: { label: 'Hoe blij?', icon: 'smiley', value_1: 'Boos', value_2: 'Neutraal', value_3: 'Blij' } },
        { id: 'e_star', type: 's_smileyinput', data: { label: 'Sterren', icon: 'star' } },
        { id: 'e_photo', type: 's_photoinput', data: { label: 'Foto van de gevel', image_width: 1600 } },
      ],
    },
  ],
});
const ratingSurvey = (name = 'Cijfers'): TStaffSurveyBody => ({
  name, version: 1, is_public: true, opens_at: null, closes_at: null,
  questions: [{ id: 1, question: 'Hoe tevreden bent u?', type: 'rating' }, { id: 2, question: 'Wat kan beter?', type: 'open' }],
});
const create = async (body: TStaffSurveyBody, projectId = B, token = tokens.editor) => survey(await http.post(`${base}/${projectId}/surveys`, token, body), 201);
const save = (s: TStaffSurvey, body: Partial<TStaffSurveyBody>, token = tokens.editor) =>
  http.put(`${base}/${s.project_id}/surveys/${s.id}`, token, {
    revision: s.revision, name: s.name, version: s.version, is_public: s.is_public, opens_at: s.opens_at, closes_at: s.closes_at,
    questions: s.questions, form: s.form, ...body,
  });
const tileCount = async () => (await http.get('/api/occupant/project', jan)).json<TProject>().modules.find((m) => m.name === 'survey')?.nr_of_new_items;
const residentList = async () => (await http.get('/api/occupant/surveys/', jan)).json<TSurveyListItem[]>();

describe('building surveys', () => {
  it('creates a version 2 survey with every element type; lists it with its response count; audits', async () => {
    const created = await create(everyElement());
    expect(created).toMatchObject({ version: 2, status: 'open', question_count: 8, response_count: 0, revision: 1 });
    const title = created.form[0]!.elements[0]!;
    expect(title.type === 's_title' && title.data.wysiwyg).toBe('<p>Fijn dat u meedoet</p>');
    const list = ok(await http.get(`${base}/${B}/surveys`, tokens.editor), 200, (v) => (v as unknown[]).map((i) => ZStaffSurveyListItem.parse(i)));
    expect(list.find((s) => s.id === created.id)).toMatchObject({ name: 'Alles erin', response_count: 0 });
    // the demo's answered survey counts its response
    expect(list.find((s) => s.name === 'Tevredenheid over de voorbereiding')?.response_count).toBe(1);
    expect(ok(await http.get(`${base}/${B}/surveys?q=alles`, tokens.editor), 200, (v) => (v as TStaffSurvey[]).map((s) => s.id))).toEqual([created.id]);
    // the resident sees it through their own survey endpoint, with every element
    const seen = (await http.get(`/api/occupant/survey/${created.id}`, jan)).json<TSurvey>();
    expect(seen.version === 2 && seen.form.flatMap((s) => s.elements).map((e) => e.id)).toHaveLength(9);
    expect((await auditOf(t, 'survey', created.id)).map((a) => a.action)).toEqual(['create']);
  });

  it('creates and saves a version 1 survey; a stale revision answers 409', async () => {
    const created = await create(ratingSurvey());
    expect(created).toMatchObject({ version: 1, is_public: true, question_count: 2 });
    const saved = survey(await save(created, { questions: [...created.questions, { id: 3, question: 'Nog iets?', type: 'open' }] }));
    expect(saved.revision).toBe(2);
    expect(saved.question_count).toBe(3);
    const stale = await save(created, { name: 'Oud' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: staffSurveysMessages.stale });
  });

  it('refuses bad definitions with 422 and Dutch messages per field that name the question', async () => {
    const bad: TStaffSurveyBody = {
      name: '', version: 2, is_public: false, opens_at: '2026-12-10T10:00:00+01:00', closes_at: '2026-12-01T10:00:00+01:00',
      form: [{
        id: 's1', label: null, elements: [
          { id: 'a', type: 's_select', data: { label: 'Keuken kiezen', type: 'radio', options: [{ label: 'Wit' }] } },
          { id: 'b', type: 's_smileyinput', data: { label: 'Tevredenheid', icon: 'star', value_1: 'Slecht', value_3: 'Goed' } },
          { id: 'c', type: 's_textareainput', data: { label: 'Toelichting', maxLength: -3 } },
          { id: 'd', type: 's_textinput', data: { label: '' } },
          { id: 'e', type: 's_select', data: { label: 'Kleur', type: 'check', options: [{ label: 'Rood' }, { label: 'Rood' }] } },
        ],
      }],
    };
    const res = await http.post(`${base}/${B}/surveys`, tokens.editor, bad);
    expect(res.statusCode).toBe(422);
    const { message, errors } = res.json<Errors>();
    expect(message).toBe(surveyDefinitionMessages.invalid);
    const at = (field: string) => errors.find((e) => e.field === field)?.message;
    expect(at('name')).toBe('Vul een naam in');
    expect(at('closes_at')).toBe(surveyDefinitionMessages.datesOrder);
    expect(at('form.s1.elements.a.data.options')).toBe("Keuzevraag 'Keuken kiezen': voeg minstens twee opties toe");
    expect(at('form.s1.elements.b.data.value_2')).toContain("Waardering 'Tevredenheid'");
    expect(at('form.s1.elements.c.data.maxLength')).toContain("Tekstvak 'Toelichting'");
    expect(at('form.s1.elements.d.data.label')).toBe('Tekstveld zonder tekst: vul de vraag in');
    expect(at('form.s1.elements.e.data.options.1.label')).toBe("Keuzevraag 'Kleur': optie 'Rood' staat er twee keer in");
    // version 1: an empty list, a blank question
    const v1 = await http.post(`${base}/${B}/surveys`, tokens.editor, { ...ratingSurvey(), questions: [{ id: 1, question: ' ', type: 'rating' }, { id: 2, question: 'Goed?', type: 'ja' }] });
    expect(v1.statusCode).toBe(422);
    expect(v1.json<Errors>().errors).toEqual([
      { field: 'questions.1.question', message: 'Vraag zonder tekst: vul de vraag in' },
      { field: 'questions.2.type', message: "Vraag 'Goed?': kies cijfer of open vraag" },
    ]);
    const none = await http.post(`${base}/${B}/surveys`, tokens.editor, { ...ratingSurvey(), questions: [] });
    expect(none.json<Errors>().errors).toEqual([{ field: 'questions', message: surveyDefinitionMessages.noQuestions }]);
  });
});

describe('answered surveys, dates, close, delete, copy, order', () => {
  it('refuses edits that break given answers (409 per question) but lets texts change and questions be added', async () => {
    const created = await create({ ...everyElement(), name: 'Beantwoord' });
    const send = await http.post(`/api/occupant/survey/${created.id}`, jan, { values: { e_text: 'Jan', e_radio: 'Ja', e_check: ['Keuken'], e_smiley: 2 } });
    expect(send.statusCode, send.body).toBe(200);
    const answered = survey(await http.get(`${base}/${B}/surveys/${created.id}`, tokens.editor));
    expect(answered.response_count).toBe(1);

    const [s1, s2] = answered.form;
    const broken = await save(answered, {
      form: [
        { ...s1!, elements: s1!.elements.filter((e) => e.id !== 'e_text') },
        { ...s2!, elements: s2!.elements.map((e) => (e.id === 'e_radio' && e.type === 's_select' ? { ...e, data: { ...e.data, type: 'check' as const, options: [{ label: 'Ja' }, { label: 'Misschien' }] } } : e)) },
      ],
    });
    expect(broken.statusCode).toBe(409);
    const body = broken.json<Errors>();
    expect(body.message).toBe(staffSurveysMessages.answered);
    expect(body.errors.map((e) => e.message)).toEqual([
      "Tekstveld 'Uw naam' is al beantwoord en kan niet meer worden verwijderd.",
      "Keuzevraag 'Tevreden?' is al beantwoord; wisselen tussen één keuze en meerdere keuzes kan niet meer.",
      "Keuzevraag 'Tevreden?' is al beantwoord; optie 'Nee' kan niet meer worden verwijderd of hernoemd.",
    ]);
    // new wording, a new option and a new question are fine
    const fine = survey(await save(answered, {
      name: 'Beantwoord (nieuw)',
      form: [
        { ...s1!, elements: [...s1!.elements.map((e) => (e.id === 'e_text' ? { ...e, data: { ...e.data, label: 'Uw volledige naam' } } : e)), { id: 'e_new', type: 's_textinput', data: { label: 'Telefoon' } }] },
        s2!,
      ],
    }));
    expect(fine.question_count).toBe(9);
    // and it cannot be deleted: close it instead
    const del = await http.del(`${base}/${B}/surveys/${created.id}`, tokens.editor);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({ message: staffSurveysMessages.hasResponses });
  });

  it('honours open and close dates for residents and visitors; close now; the tile counts only what can be answered', async () => {
    const before = await tileCount();
    const later = await create({ ...ratingSurvey('Later'), opens_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect(later.status).toBe('scheduled');
    expect(await tileCount()).toBe(before);
    expect((await residentList()).some((s) => s.id === later.id)).toBe(false);
    expect((await http.get(`/api/occupant/survey/${later.id}`, jan)).statusCode).toBe(404);
    expect((await http.get(`/api/public/survey/${later.id}`)).statusCode).toBe(404);

    const now = await create(ratingSurvey('Nu'));
    expect(await tileCount()).toBe(before! + 1);
    const closed = survey(await http.post(`${base}/${B}/surveys/${now.id}/close`, tokens.editor));
    expect(closed.status).toBe('closed');
    expect(await tileCount()).toBe(before);
    expect((await residentList()).some((s) => s.id === now.id)).toBe(false);
    const submit = await http.post(`/api/occupant/survey/${now.id}`, jan, { answers: [{ question_id: 1, answer: 7 }, { question_id: 2, answer: 'x' }] });
    expect(submit.statusCode).toBe(409);
    expect(submit.json()).toEqual({ message: SURVEY_CLOSED });
    expect((await http.post(`${base}/${B}/surveys/${now.id}/close`, tokens.editor)).json()).toEqual({ message: staffSurveysMessages.alreadyClosed });
    // the staff list filters by status
    const closedIds = (await http.get(`${base}/${B}/surveys?status=closed`, tokens.editor)).json<TStaffSurvey[]>().map((s) => s.id);
    expect(closedIds).toContain(now.id);
    expect(closedIds).not.toContain(later.id);
    expect((await auditOf(t, 'survey', now.id)).map((a) => a.action)).toEqual(['create', 'close']);
  });

  it('deletes an unanswered survey; copies to another project of the customer but not beyond reach; reorders', async () => {
    const gone = await create(ratingSurvey('Weg'));
    expect(ok(await http.del(`${base}/${B}/surveys/${gone.id}`, tokens.editor))).toEqual({ success: true });
    expect((await http.get(`${base}/${B}/surveys/${gone.id}`, tokens.editor)).statusCode).toBe(404);
    expect((await auditOf(t, 'survey', gone.id)).map((a) => a.action)).toEqual(['create', 'delete']);

    const source = await create(everyElement());
    // the editor reaches Bloemenbuurt only
    const far = await http.post(`${base}/${B}/surveys/${source.id}/copy`, tokens.editor, { project_id: R });
    expect(far.statusCode).toBe(404);
    expect(far.json()).toEqual({ message: staffSurveysMessages.copyTargetNotFound });
    const copy = survey(await http.post(`${base}/${B}/surveys/${source.id}/copy`, tokens.admin, { project_id: R }), 201);
    expect(copy).toMatchObject({ project_id: R, name: source.name, response_count: 0, form: source.form });
    expect((await http.post(`${base}/${B}/surveys/${source.id}/copy`, tokens.admin, { project_id: H })).statusCode).toBe(404);
    const same = survey(await http.post(`${base}/${B}/surveys/${source.id}/copy`, tokens.editor, { project_id: B }), 201);
    expect(same.name).toBe(`${source.name} (kopie)`);

    const ids = (await http.get(`${base}/${B}/surveys`, tokens.editor)).json<TStaffSurvey[]>().map((s) => s.id);
    const reversed = [...ids].reverse();
    expect(ok(await http.put(`${base}/${B}/survey-order`, tokens.editor, { ids: reversed }), 200, (v) => (v as TStaffSurvey[]).map((s) => s.id))).toEqual(reversed);
    const partial = await http.put(`${base}/${B}/survey-order`, tokens.editor, { ids: reversed.slice(1) });
    expect(partial.statusCode).toBe(422);
    expect(partial.json()).toMatchObject({ message: staffSurveysMessages.order });
  });
});

describe('who may', () => {
  it('lets a viewer read but not change; refuses another project and another customer', async () => {
    const own = await create(ratingSurvey('Van B'));
    expect((await http.get(`${base}/${B}/surveys/${own.id}`, viewer)).statusCode).toBe(200);
    expect((await http.post(`${base}/${B}/surveys`, viewer, ratingSurvey())).statusCode).toBe(403);
    expect((await http.post(`${base}/${B}/surveys/${own.id}/close`, viewer)).statusCode).toBe(403);
    // the survey through another project's path: not found
    const wrong = await http.get(`${base}/${R}/surveys/${own.id}`, tokens.admin);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ message: staffSurveysMessages.notFound });
    // the editor does not reach Rivierenwijk; De Vries's administrator not Woonstad's
    expect((await http.get(`${base}/${R}/surveys`, tokens.editor)).statusCode).toBe(404);
    expect((await http.get(`${base}/${B}/surveys/${own.id}`, tokens.otherAdmin)).statusCode).toBe(404);
    expect((await http.put(`${base}/${B}/survey-order`, tokens.otherAdmin, { ids: [own.id] })).statusCode).toBe(404);
    expect((await http.get(`${base}/${B}/surveys`)).statusCode).toBe(401);
  });
});

describe('the resident: an answered survey no longer counts as new, and the list leads to what is still open', () => {
  it('counts only surveys that can still be answered and lists a closed one only with its answers', async () => {
    const fresh = await occupantToken(t.app, '12');
    const count = async (token: string) => (await http.get('/api/occupant/project', token)).json<TProject>().modules.find((m) => m.name === 'survey')?.nr_of_new_items;
    const list = async (token: string) => (await http.get('/api/occupant/surveys/', token)).json<TSurveyListItem[]>();
    const s = await create(ratingSurvey('Tellen'));
    const initial = await count(fresh);
    const answer = await http.post(`/api/occupant/survey/${s.id}`, fresh, { answers: [{ question_id: 1, answer: 8 }, { question_id: 2, answer: 'Niets' }] });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await count(fresh)).toBe(initial! - 1);
    // closing it: still listed (done, read-only) for whoever answered it, no longer counted or listed for others
    await http.post(`${base}/${B}/surveys/${s.id}/close`, tokens.editor);
    expect((await list(fresh)).find((x) => x.id === s.id)?.done).toBe(true);
    expect((await http.get(`/api/occupant/survey/${s.id}`, fresh)).json<TSurvey>().done).toBe(true);
    expect(await count(fresh)).toBe(initial! - 1);
    const other = await http.get(`/api/occupant/survey/${s.id}`, jan);
    expect(other.statusCode).toBe(404);
    expect((await list(jan)).some((x) => x.id === s.id)).toBe(false);
    // the count equals the surveys listed and not done: every 'new' one opens as a form
    for (const token of [fresh, jan]) expect(await count(token)).toBe((await list(token)).filter((x) => !x.done).length);
  });
});
