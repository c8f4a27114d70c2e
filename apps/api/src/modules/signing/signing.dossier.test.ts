import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZDossierList } from '@portal/contract';
import { jobHandlers } from '../../services.ts';
import { bearer, createListeningApp, occupantToken, type TestApp } from '../../../test/helpers.ts';
import { runJobs } from '../../../test/jobs.ts';
import { drawnSignature as drawn, testPdf as pdf } from '../../../test/signing.ts';
import type { SigningSubject } from './signing.types.ts';


describe('a signed form in the dossier of its address (demo data, real database)', () => {
  let t: TestApp;
  let jan: string, fatima: string;
  let formId: number;

  /**
   * Runs the provider's postbacks and the document jobs until none is left. The progress job is dropped:
   * it tells the form's own module, which is not what this test is about (its entries are made up here).
   */
  const runSigningJobs = () => runJobs(t, { prefix: 'signing-', skip: ['signing-progress'] });

  async function signedEntry(addressId: number | null, visitor = false): Promise<{ subject: SigningSubject; requestId: number }> {
    const [entry] = await t.query<{ id: number }>(
      'INSERT INTO form_entries (form_id, project_id, address_id, visitor_token_hash) VALUES ($1, $2, $3, $4) RETURNING id',
      [formId, t.ids.projects.bloemenbuurt, addressId, visitor ? 'bezoeker' : null],
    );
    const subject: SigningSubject = { kind: 'support-base', entryId: entry!.id };
    const request = await t.services.signing.request({
      subject, document: { filename: 'draagvlak.pdf', bytes: await pdf('Draagvlakmeting') }, verification: 'scribble', signers: [{ nr: 1, name: 'Jan de Vries' }],
    });
    const res = await t.app.inject({
      method: 'POST', url: request.signers[0]!.signUrl, headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ signature: await drawn() }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(await runSigningJobs()).toEqual(['signing-local-postback', 'signing-local-postback', 'signing-progress', 'signing-documents']);
    return { subject, requestId: request.id };
  }

  const dossierOf = async (token: string) =>
    ZDossierList.parse((await t.app.inject({ method: 'GET', url: `/api/occupant/dossier?project_id=${t.ids.projects.bloemenbuurt}`, headers: bearer(token) })).json());

  beforeAll(async () => {
    t = await createListeningApp({ worker: false });
    [jan, fatima] = await Promise.all([occupantToken(t.app, '10'), occupantToken(t.app, '12')]);
    formId = (await t.query<{ id: number }>("SELECT id FROM forms WHERE name = 'Draagvlakmeting renovatieplan'"))[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the signed document and the receipt appear once in the dossier of the address; its residents download them, others cannot', async () => {
    const { requestId, subject } = await signedEntry(t.ids.addresses.a10);
    const items = (await dossierOf(jan)).filter((d) => d.type === 'Ondertekening');
    expect(items).toHaveLength(2);
    expect(items.map((d) => [d.sub_type, d.method_type, d.name]).sort()).toEqual([
      ['Draagvlak', 'Digitaal ondertekend', 'Draagvlakmeting renovatieplan (ondertekend)'],
      ['Draagvlak', 'Digitaal ondertekend', 'Ontvangstbewijs Draagvlakmeting renovatieplan'],
    ]);
    const proof = (await t.services.signing.proof(subject))!;
    const signed = items.find((d) => d.name.endsWith('(ondertekend)'))!;
    expect(signed.download_url).toContain(`/api/files/${proof.signed!.id}/`);

    // Jan (address 10) downloads both; Fatima (address 12, same project) and strangers cannot.
    for (const item of items) {
      const res = await t.app.inject({ method: 'GET', url: item.download_url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const plain = item.download_url.split('?')[0]!;
      expect((await t.app.inject({ method: 'GET', url: plain, headers: bearer(fatima) })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: plain })).statusCode).toBe(401);
    }
    expect((await dossierOf(fatima)).filter((d) => d.type === 'Ondertekening')).toEqual([]);
    // the document sent to be signed stays unreadable (it is in no dossier)
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${proof.document.id}/x.pdf`, headers: bearer(jan) })).statusCode).toBe(404);

    // The documents job again (a retry), and a postback delivered again: nothing is added twice.
    const handlers = jobHandlers(t.services);
    await handlers['signing-documents']({ requestId });
    const transactionId = (await t.query<{ provider_transaction_id: string }>('SELECT provider_transaction_id FROM signing_requests WHERE id = $1', [requestId]))[0]!.provider_transaction_id;
    await t.services.signing.local.deliverPostback(transactionId);
    await runSigningJobs();
    expect(await t.query("SELECT id FROM dossier_items WHERE type = 'Ondertekening'")).toHaveLength(2);
  });

  it('an entry without an address (a public visitor) gets no dossier items, its documents are still kept', async () => {
    const before = await t.query("SELECT id FROM dossier_items WHERE type = 'Ondertekening'");
    const { subject } = await signedEntry(null, true);
    expect((await t.services.signing.proof(subject))!.signed).not.toBeNull();
    expect(await t.query("SELECT id FROM dossier_items WHERE type = 'Ondertekening'")).toHaveLength(before.length);
  });
});
