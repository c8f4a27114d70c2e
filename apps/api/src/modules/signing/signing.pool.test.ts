import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZGenericEntry } from '@portal/contract';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

/**
 * The first signing link of an entry creates its signing request and the provider's transaction. That path
 * held a transaction (one connection of the pool) and then asked the pool for more (the document's file
 * row, the local provider's own transaction): ten at once took every connection, each waited for the
 * others, and they answered 503 after 5 s. The test app's pool has 5 connections (the job worker holds one
 * of them) and runs strict: a query on the pool inside a transaction throws (db/client.ts).
 */
describe('fifty first signing links at once', () => {
  let t: TestApp;
  let formId: number;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_CLIENT_MAX: '1000' } });
    // A public form that is signed legally by one signer, without a summary step: locking is enough to sign.
    const [form] = await t.query<{ id: number }>(
      `INSERT INTO forms (project_id, kind, name, definition, is_public, require_to_sign_form, require_to_sign_form_legally, summary_enabled, nr_of_signatures_enabled)
       VALUES ($1, 'generic', 'Akkoord met de planning', $2::jsonb, true, true, true, false, false) RETURNING id`,
      [t.ids.projects.bloemenbuurt, JSON.stringify([{ id: 'akkoord', label: 'Akkoord', elements: [{ id: 'opmerking', type: 'f_textinput', data: { label: 'Opmerking', maxLength: 80 } }] }])],
    );
    formId = form!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('all succeed, each with its own link', async () => {
    const visitors: Array<{ base: string; entryId: number }> = [];
    for (let i = 0; i < 50; i++) {
      const { unique } = (await t.app.inject({ method: 'GET', url: `/api/public/forms/${t.ids.projects.bloemenbuurt}/get-unique/` })).json<{ unique: string }>();
      const base = `/api/public/form/${formId}/${unique}`;
      const opened = ZGenericEntry.parse((await t.app.inject({ method: 'GET', url: `${base}/new` })).json());
      const locked = await t.app.inject({ method: 'POST', url: `${base}/filled-in-form/${opened.id}/lock`, payload: {} });
      expect(locked.statusCode, locked.body).toBe(200);
      visitors.push({ base, entryId: opened.id });
    }

    const started = Date.now();
    const answers = await Promise.all(visitors.map((v) => t.app.inject({ method: 'GET', url: `${v.base}/filled-in-form/${v.entryId}/signage/url/1` })));
    expect(answers.map((a) => a.statusCode), answers.find((a) => a.statusCode !== 200)?.body).toEqual(answers.map(() => 200));
    const urls = answers.map((a) => a.json<{ url: string }>().url);
    expect(new Set(urls).size).toBe(50);
    expect(urls.every((url) => url.startsWith('/api/signing/local/'))).toBe(true);
    // Far below the pool's 5 s wait: nobody waited for a connection that another waiter held.
    expect(Date.now() - started).toBeLessThan(20_000);
    const [counted] = await t.query<{ n: number }>("SELECT count(*)::int AS n FROM signing_requests WHERE status = 'in-progress' AND provider_transaction_id IS NOT NULL");
    expect(counted!.n).toBe(50);
  });
});
