import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { supportBasePaths, ZConsentTally, type TConsentAddress } from '@portal/contract';
import { bearer, createTestApp, partnerToken, type TestApp } from '../../../test/helpers.ts';
import { expectStatus, multipart, testPdf } from '../../../test/staff-content-b.ts';
import { consentForms } from '../../../test/support-base.ts';
import { jobHandlers } from '../../services.ts';
import type { AddressState } from './support-base.tally.ts';

/**
 * The consent tally cache (support-base.tally.ts): a cached tally is used only while no write that can change it
 * was committed, also a write by raw SQL on another connection (as another server process would), and for at
 * most 60 s. A second read without a write answers the same (frozen) state objects: the cache is used.
 */
let t: TestApp;
let partner: string;
let B: number; // Renovatie Bloemenbuurt
let form: number; // its consent form
let a10: number;
let a12: number;
let a14: number;
let fileId: number;

beforeAll(async () => {
  t = await createTestApp({ worker: false });
  partner = await partnerToken(t.app);
  B = t.ids.projects.bloemenbuurt;
  ({ form } = await consentForms(t));
  ({ a10, a12, a14 } = t.ids.addresses);
  ({ id: fileId } = await t.services.files.store({ owner: 'test', filename: 'doc.pdf', mime: 'application/pdf', data: testPdf('Getekend') }));
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const stateOf = async (addressId: number): Promise<AddressState> => {
  const found = (await t.services.supportBase.tally.states(B, form)).find((s) => s.addressId === addressId);
  if (!found) throw new Error(`address ${addressId} is not in the tally`);
  return found;
};

/** Reads the address's state twice (the second from the cache), makes the write by raw SQL, and reads it again. */
async function across(addressId: number, write: () => Promise<unknown>): Promise<{ before: AddressState; after: AddressState }> {
  const before = await stateOf(addressId);
  expect(await stateOf(addressId)).toBe(before);
  await write();
  const after = await stateOf(addressId);
  expect(after).not.toBe(before);
  return { before, after };
}

const newEntry = async (addressId: number, columns: string, values: string) => {
  const [row] = await t.query<{ id: number }>(
    `INSERT INTO form_entries (form_id, project_id, address_id, ${columns}) VALUES ($1, $2, $3, ${values}) RETURNING id`, [form, B, addressId]);
  return row!.id;
};

describe('the cached consent tally after a write by raw SQL', () => {
  let entry: number;

  it('shows a new entry and its agreement', async () => {
    const { after } = await across(a14, async () => {
      entry = await newEntry(a14, 'values, status, agreement, agreement_at', `'{"naam": "Jan"}', 'signed', 'agree', now()`);
    });
    expect(after).toMatchObject({ entryId: entry, status: 'signed', agreement: null });
  });

  it('shows a signing request that proves it', async () => {
    const { after } = await across(a14, () => t.query(
      `INSERT INTO signing_requests (subject_kind, entry_id, provider, status, verification, document_file_id, signed_file_id)
       VALUES ('support-base', $1, 'local', 'signed', 'none', $2, $2)`, [entry, fileId]));
    expect(after).toMatchObject({ status: 'agreed', agreement: 'agree' });
  });

  it('shows a change of the entry\'s agreement', async () => {
    const { after } = await across(a14, () => t.query("UPDATE form_entries SET agreement = 'disagree' WHERE id = $1", [entry]));
    expect(after).toMatchObject({ status: 'disagreed', agreement: 'disagree' });
  });

  it('shows a paper record', async () => {
    const paperEntry = await newEntry(a12, 'on_paper', 'true');
    expect(await stateOf(a12)).toMatchObject({ status: 'on_paper', paper: null });
    const { after } = await across(a12, () => t.query(
      `INSERT INTO consent_paper_records (entry_id, form_id, project_id, address_id, agreement, scan_file_id, recorded_by_name, state, decided_by_name, decided_at)
       VALUES ($1, $2, $3, $4, 'agree', $5, 'Test', 'confirmed', 'Tweede', now())`, [paperEntry, form, B, a12, fileId]));
    expect(after).toMatchObject({ status: 'agreed', paper: 'confirmed', agreement: 'agree' });
  });

  it('shows a printed consent letter', async () => {
    const { before, after } = await across(a10, () => t.query(
      `INSERT INTO consent_letters (form_id, address_id, token_hash, expires_at) VALUES ($1, $2, 'tally-cache-test', now() + interval '1 day')`, [form, a10]));
    expect(before.letterPrintedAt).toBeNull();
    expect(after.letterPrintedAt).toBeInstanceOf(Date);
  });

  it('shows the building unit, vacancy and households of address_projects', async () => {
    const set = (column: string, value: unknown) => t.query(`UPDATE address_projects SET ${column} = $3 WHERE project_id = $1 AND address_id = $2`, [B, a10, value]);
    expect((await across(a10, () => set('building_unit', 'Blok Z'))).after.unit).toBe('Blok Z');
    expect((await across(a10, () => set('vacant', true))).after.vacant).toBe(true);
    expect((await across(a10, () => set('households', 3))).after.households).toBe(3);
  });

  it('shows a changed street', async () => {
    const { after } = await across(a10, () => t.query("UPDATE addresses SET street = 'Tulpenlaan' WHERE id = $1", [a10]));
    expect(after.fullAddress).toContain('Tulpenlaan');
  });

  it('recomputes after a change of the project\'s consent rule', async () => {
    const before = await t.services.supportBase.tally.tally(B, { formId: form });
    await across(a10, () => t.query('UPDATE projects SET consent_counts_vacant = NOT consent_counts_vacant WHERE id = $1', [B]));
    const after = await t.services.supportBase.tally.tally(B, { formId: form });
    expect(after.counts_vacant).toBe(!before.counts_vacant);
    expect(after.total!.percentage).toBe(after.counts_vacant ? after.total!.percentage_with_vacant : after.total!.percentage_without_vacant);
  });

  it('notes entry events and consent forms in the change log, not other forms', async () => {
    const changes = async () => Number((await t.query<{ n: string }>('SELECT count(*) AS n FROM consent_tally_changes WHERE project_id = $1', [B]))[0]!.n);
    let n = await changes();
    await t.query("INSERT INTO form_entry_events (entry_id, action, actor_kind) VALUES ($1, 'saved', 'system')", [entry]);
    expect(await changes()).toBe(++n);
    await t.query('UPDATE forms SET name = name WHERE id = $1', [form]);
    expect(await changes()).toBe(++n);
    await t.query("UPDATE forms SET name = name WHERE project_id = $1 AND kind <> 'support-base'", [B]);
    expect(await changes()).toBe(n);
  });
});

describe('the cache', () => {
  it('is used for at most 60 s (consent letters expire by the clock)', async () => {
    const now = Date.now();
    const first = await stateOf(a14);
    vi.spyOn(Date, 'now').mockReturnValue(now + 50_000);
    expect(await stateOf(a14)).toBe(first);
    vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    expect(await stateOf(a14)).not.toBe(first);
  });

  it('gives callers a copy of the list and frozen states', async () => {
    const list = await t.services.supportBase.tally.states(B, form);
    list.pop();
    expect((await t.services.supportBase.tally.states(B, form)).length).toBe(list.length + 1);
    expect(Object.isFrozen(list[0])).toBe(true);
  });
});

describe('a read after a write through the API', () => {
  async function row(addressId: number): Promise<TConsentAddress> {
    const items: TConsentAddress[] = [];
    for (let page = 1; ; page++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/partner/project/${B}/support-base/tally?language=nl&form_id=${form}&page=${page}`, headers: bearer(partner) });
      expectStatus(res, 200);
      const body = ZConsentTally.parse(res.json());
      items.push(...body.addresses.items);
      if (page >= body.addresses.pages) break;
    }
    const found = items.find((a) => a.address_id === addressId);
    if (!found) throw new Error(`address ${addressId} is not in the tally`);
    return found;
  }

  it('shows paper consent recorded just before', async () => {
    const [address] = await t.query<{ address_id: number }>(
      `SELECT ap.address_id FROM address_projects ap WHERE ap.project_id = $1
          AND NOT EXISTS (SELECT 1 FROM form_entries fe WHERE fe.form_id = $2 AND fe.address_id = ap.address_id) ORDER BY ap.address_id LIMIT 1`, [B, form]);
    const id = address!.address_id;
    expect((await row(id)).paper).toBeNull();
    expect((await row(id)).paper).toBeNull();
    const body = multipart({ language: 'nl', agreement: 'agree' }, { field: 'file', filename: 'scan.pdf', data: testPdf('Ja, ik stem in'), type: 'application/pdf' });
    const recorded = await t.app.inject({
      method: 'POST', url: `/api${supportBasePaths.paper(B, form, id)}`, payload: body.body, headers: { ...bearer(partner), 'content-type': body.contentType },
    });
    expect(recorded.statusCode, recorded.body).toBeLessThan(300);
    expect(await row(id)).toMatchObject({ status: 'on_paper', on_paper: true, paper: 'pending' });
  });
});

describe('the sweep', () => {
  it('deletes changes older than 10 minutes but the newest of each project, and notes each project it swept', async () => {
    const [p1, p2, p3] = [990_001, 990_002, 990_003];
    await t.query(`INSERT INTO consent_tally_changes (project_id, at) VALUES
      ($1, now() - interval '30 minutes'), ($1, now() - interval '20 minutes'), ($1, now() - interval '11 minutes'),
      ($2, now() - interval '40 minutes'), ($3, now() - interval '40 minutes')`, [p1, p2, p3]);
    const [recent] = await t.query<{ id: string }>("INSERT INTO consent_tally_changes (project_id, at) VALUES ($1, now() - interval '5 minutes') RETURNING id", [p2]);
    const ids = async (projectId: number) => (await t.query<{ id: string }>('SELECT id FROM consent_tally_changes WHERE project_id = $1 ORDER BY id', [projectId])).map((r) => r.id);
    const [before1, before2, before3] = [await ids(p1), await ids(p2), await ids(p3)];

    await jobHandlers(t.services).sweep({});

    const [after1, after2] = [await ids(p1), await ids(p2)];
    expect(after1.slice(0, -1)).toEqual([before1.at(-1)]);
    expect(after2.slice(0, -1)).toEqual([recent!.id]);
    // The row added for each swept project is newer than any before.
    expect(BigInt(after1.at(-1)!)).toBeGreaterThan(BigInt(before2.at(-1)!));
    expect(BigInt(after2.at(-1)!)).toBeGreaterThan(BigInt(before2.at(-1)!));
    // Nothing to sweep: the one old row is the newest, and stays alone.
    expect(await ids(p3)).toEqual(before3);
  });

  it('waits for the transactions that are inserting changes, and leaves the work to the next sweep after 2 s', async () => {
    const p1 = 990_004;
    await t.query("INSERT INTO consent_tally_changes (project_id, at) VALUES ($1, now() - interval '1 hour'), ($1, now() - interval '1 hour')", [p1]);
    const writer = await t.services.db.$client.connect();
    try {
      await writer.query('BEGIN');
      await writer.query('INSERT INTO consent_tally_changes (project_id) VALUES ($1)', [p1]);
      await t.services.supportBase.tally.sweepChanges();
      await writer.query('COMMIT');
    } finally {
      writer.release();
    }
    // Both old rows are still there: the sweep did not run while the writer was inserting.
    expect(await t.query("SELECT id FROM consent_tally_changes WHERE project_id = $1 AND at < now() - interval '30 minutes'", [p1])).toHaveLength(2);
    expect(await t.query('SELECT id FROM consent_tally_changes WHERE project_id = $1', [p1])).toHaveLength(3);
    await t.services.supportBase.tally.sweepChanges();
    expect(await t.query('SELECT id FROM consent_tally_changes WHERE project_id = $1', [p1])).toHaveLength(2);
  });

  it('vacuums the change log after a large sweep, so that the fingerprint does not walk the deleted rows', async () => {
    const p1 = 990_005;
    await t.query("INSERT INTO consent_tally_changes (project_id, at) SELECT $1, now() - interval '1 hour' FROM generate_series(1, 1500)", [p1]);
    await t.services.supportBase.tally.sweepChanges();
    expect(await t.query('SELECT id FROM consent_tally_changes WHERE project_id = $1', [p1])).toHaveLength(2);
    const [stats] = await t.query<{ dead: number; vacuumed: boolean }>(`SELECT n_dead_tup::int AS dead, (last_vacuum IS NOT NULL) AS vacuumed
      FROM pg_stat_user_tables WHERE relname = 'consent_tally_changes'`);
    expect(stats).toMatchObject({ vacuumed: true });
  });

  it('leaves no cached tally of a swept project in use', async () => {
    const first = await stateOf(a14);
    expect(await stateOf(a14)).toBe(first);
    await t.query("UPDATE consent_tally_changes SET at = now() - interval '1 hour' WHERE project_id = $1", [B]);
    await jobHandlers(t.services).sweep({});
    expect(await stateOf(a14)).not.toBe(first);
  });
});
