import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll } from '../files/storage.ts';
import { jobHandlers } from '../../services.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

describe('background jobs (graphile-worker on the portal database)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No worker: the test runs the handlers itself and sees what a request leaves in the queue.
    t = await createTestApp({ worker: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('forgot-password answers before it looks the account up: the same work for an existing and an unknown account', async () => {
    for (const username of ['1234AB10', '9999ZZ99']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/public/forgot-password', payload: { username }, remoteAddress: '10.9.0.1' });
      expect(res.statusCode).toBe(200);
    }
    // nothing was looked up or written for the account yet: no reset ticket, no mail, two queued jobs
    expect(await t.query("SELECT id FROM auth_tickets WHERE kind = 'password-reset'")).toEqual([]);
    expect(await t.query('SELECT id FROM mail_outbox')).toEqual([]);
    const jobs = await t.query<{ payload: { username: string } }>(`SELECT j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE t.identifier = 'password-reset' ORDER BY j.id`);
    expect(jobs.map((j) => j.payload.username)).toEqual(['1234AB10', '9999ZZ99']);

    // the job does the lookup: a ticket and a mail for the existing account only
    const handlers = jobHandlers(t.services);
    for (const job of jobs) await handlers['password-reset']({ customerId: t.ids.customers.woonstad, username: job.payload.username });
    expect(await t.query("SELECT id FROM auth_tickets WHERE kind = 'password-reset'")).toHaveLength(1);
    expect(await t.query('SELECT "to" FROM mail_outbox')).toHaveLength(1);
  });

  it('sweeps expired rate-limit rows, old tickets and sessions, and abandoned survey photos with their files', async () => {
    await t.query(`INSERT INTO rate_limits (key, count, reset_at) VALUES ('old', 3, now() - interval '1 minute'), ('current', 3, now() + interval '5 minutes')`);
    await t.query(`INSERT INTO auth_tickets (kind, token_hash, expires_at) VALUES ('auto-login', 'expired-ticket', now() - interval '2 days'),
      ('auto-login', 'live-ticket', now() + interval '1 hour')`);
    const [survey] = await t.query<{ id: number }>('SELECT id FROM surveys ORDER BY id LIMIT 1');
    const [address] = await t.query<{ id: number }>("SELECT id FROM addresses WHERE zipcode = '1234AB' AND house_number = '12'");
    const stored = [];
    for (const age of ['25 hours', '1 hour']) {
      const file = await t.services.files.store({ filename: 'foto.png', mime: 'image/png', data: Buffer.from('png'), owner: 'survey' });
      await t.query(`INSERT INTO survey_photos (survey_id, element_id, address_id, file_id, image_width, image_height, created_at)
        VALUES ($1, 'foto', $2, $3, 1, 1, now() - $4::interval)`, [survey!.id, address!.id, file.id, age]);
      stored.push(file);
    }

    await jobHandlers(t.services).sweep({});

    expect((await t.query<{ key: string }>("SELECT key FROM rate_limits WHERE key IN ('old', 'current')")).map((r) => r.key)).toEqual(['current']);
    expect((await t.query<{ token_hash: string }>("SELECT token_hash FROM auth_tickets WHERE token_hash LIKE '%-ticket'")).map((r) => r.token_hash)).toEqual(['live-ticket']);
    const left = await t.query<{ file_id: number }>('SELECT file_id FROM survey_photos WHERE address_id = $1', [address!.id]);
    expect(left.map((r) => r.file_id)).toEqual([stored[1]!.id]);
    expect(await t.query('SELECT id FROM files WHERE id = $1', [stored[0]!.id])).toEqual([]);
    expect(await readAll(t.services.files.storage, stored[0]!.key)).toBeNull();
    expect(await readAll(t.services.files.storage, stored[1]!.key)).not.toBeNull();
  });

  it('schedules the sweep every 15 minutes when the worker runs', async () => {
    const withWorker = await createTestApp({ seed: false });
    try {
      const crontab = await withWorker.query<{ identifier: string }>('SELECT identifier FROM graphile_worker._private_known_crontabs');
      expect(crontab.map((c) => c.identifier)).toContain('sweep');
    } finally {
      await withWorker.close();
    }
  });
});
