import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formMessages, ZGenericEntry, type TGenericEntry } from '@portal/contract';
import { bearer, createTestApp, occupantToken, type TestApp } from '../../../test/helpers.ts';
import { runJobs } from '../../../test/jobs.ts';

/**
 * A public form's e-mail step sent its PDF, with the visitor's own text in it, to 20 addresses per call,
 * as often as asked: an open mail relay. A visitor's entry now goes to one address, once.
 */
describe("e-mailing a visitor's entry of a public form", () => {
  let t: TestApp;
  let evening: number;
  let wishesOfResidents: number;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    const byName = Object.fromEntries((await t.query<{ name: string; id: number }>('SELECT name, id FROM forms')).map((r) => [r.name, r.id]));
    evening = byName['Aanmelding bewonersavond']!;
    wishesOfResidents = byName['Akkoord met de uitvoeringsplanning']!;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A visitor's finished entry of the public evening form: at the status step, where e-mailing is offered. */
  async function finishedEntry(): Promise<{ base: string; entry: TGenericEntry }> {
    const { unique } = (await t.app.inject({ method: 'GET', url: `/api/public/forms/${t.ids.projects.bloemenbuurt}/get-unique/` })).json<{ unique: string }>();
    const base = `/api/public/form/${evening}/${unique}`;
    const opened = ZGenericEntry.parse((await t.app.inject({ method: 'GET', url: `${base}/new` })).json());
    const saved = await t.app.inject({ method: 'POST', url: `${base}/filled-in-form/${opened.id}/section/0`, payload: { values: { naam: 'Bezoeker', personen: 2, avond: 'Dinsdag 14 april', vraag: 'Koop nu: https://spam.example' } } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${base}/filled-in-form/${opened.id}/summary` })).statusCode).toBe(200);
    const entry = ZGenericEntry.parse((await t.app.inject({ method: 'POST', url: `${base}/filled-in-form/${opened.id}/lock`, payload: {} })).json());
    expect(entry).toMatchObject({ status_enabled: true, allow_form_to_be_emailed: true, email_once: true, email_to: [] });
    return { base, entry };
  }
  const email = (base: string, entryId: number, addresses: string[]) =>
    t.app.inject({ method: 'POST', url: `${base}/filled-in-form/${entryId}/email`, payload: { email_address: addresses } });
  const queuedMails = async () => (await t.query<{ n: number }>("SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks k ON k.id = j.task_id WHERE k.identifier = 'form-email'"))[0]!.n;

  it('goes to one address: a list of addresses is refused with a Dutch 422 and nothing is queued', async () => {
    const { base, entry } = await finishedEntry();
    const many = await email(base, entry.id, Array.from({ length: 20 }, (_, i) => `slachtoffer${i}@example.nl`));
    expect(many.statusCode).toBe(422);
    expect(many.json()).toEqual({ message: formMessages.emailOneAddress, errors: [{ field: 'email_address', message: formMessages.emailOneAddress }] });
    expect(await queuedMails()).toBe(0);
  });

  it('once: a second e-mail of the same entry is refused, also when the calls come at the same moment', async () => {
    const { base, entry } = await finishedEntry();
    const sent = await email(base, entry.id, ['bezoeker@example.nl']);
    expect(sent.statusCode, sent.body).toBe(200);
    const again = await email(base, entry.id, ['ander@example.nl']);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: formMessages.emailedOnce });
    expect(ZGenericEntry.parse((await t.app.inject({ method: 'GET', url: `${base}/filled-in-form/${entry.id}` })).json()).email_to).toEqual(['bezoeker@example.nl']);

    const other = await finishedEntry();
    const racing = await Promise.all(Array.from({ length: 10 }, (_, i) => email(other.base, other.entry.id, [`race${i}@example.nl`])));
    expect(racing.filter((r) => r.statusCode === 200)).toHaveLength(1);
    // the others: already e-mailed
    expect(racing.filter((r) => r.statusCode !== 200).map((r) => r.statusCode).every((code) => code === 409)).toBe(true);

    expect(await queuedMails()).toBe(2);
    await runJobs(t);
    const outbox = await t.query<{ to: string }>("SELECT \"to\" FROM mail_outbox WHERE subject LIKE 'Formulier:%' ORDER BY id");
    expect(outbox).toHaveLength(2);
  });

  it('a resident still e-mails their own entry to several addresses (email_once false)', async () => {
    const jan = await occupantToken(t.app, '10');
    const entry = ZGenericEntry.parse((await t.app.inject({ method: 'GET', url: `/api/occupant/form/${wishesOfResidents}`, headers: bearer(jan) })).json());
    expect(entry.email_once).toBe(false);
  });
});
