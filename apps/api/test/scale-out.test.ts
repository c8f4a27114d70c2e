/**
 * Scale-out: two real portal processes (main.ts through tsx, as `npm start` runs it) on ONE PostgreSQL
 * database and ONE bucket of a local S3-compatible server (s3rver, in this test process), each with a
 * DATA_DIR of its own, as behind a load balancer. A photo uploaded through one is downloaded through the
 * other with the signed link the first answered; neither keeps a file on its own disk. Each start costs
 * a few seconds, so the two processes serve every check in order.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type TLoginResponse, type TSurveyPhoto } from '@portal/contract';
import { createTestDatabase, DEMO } from './helpers.ts';
import { startS3Server, type TestS3 } from './s3.ts';
import { freePort, startServer, stopServers, waitUntilReady, type Server } from './server-process.ts';

const PREFIX = 'portal';
const dataDirs: string[] = [];
let s3: TestS3 | undefined;
let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let first: Server;
let second: Server;

beforeAll(async () => {
  [s3, database] = await Promise.all([startS3Server(), createTestDatabase()]);
  const shared = { DATABASE_URL: database.url, ...s3.env({ S3_PREFIX: PREFIX }) };
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-scale-out-test-'));
    dataDirs.push(dir);
    return dir;
  };
  // The first fills the empty database with the demo (and stores the demo's files); then the second starts.
  // One after the other: start-up migrations take no lock, so two processes must not migrate at once.
  first = startServer(dataDir(), await freePort(), { ...shared, SEED_DEMO: 'true' });
  await waitUntilReady(first);
  second = startServer(dataDir(), await freePort(), { ...shared, SEED_DEMO: 'false' });
  await waitUntilReady(second);
}, 120_000);

afterAll(async () => {
  await stopServers();
  await database?.drop();
  await s3?.close();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

async function query<R extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: database!.url });
  await client.connect();
  try {
    return (await client.query<R>(text, params)).rows;
  } finally {
    await client.end();
  }
}

async function residentToken(server: Server): Promise<string> {
  const res = await fetch(`${server.base}/api/public/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ zipcode: '1234AB', house_number: '10', password: DEMO.residentPassword, language: 'nl' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as TLoginResponse).token!;
}

async function uploadPhoto(server: Server, token: string, image: Buffer): Promise<Response> {
  const [survey] = await query<{ id: number }>("SELECT id FROM surveys WHERE name = 'Wensen voor keuken en badkamer'");
  const form = new FormData();
  form.append('language', 'nl');
  form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'foto.png');
  return fetch(`${server.base}/api/occupant/survey/${survey!.id}/element/foto_badkamer`, {
    method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form,
  });
}

const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('two portal processes on one database and one bucket', () => {
  it("keeps the demo's files, stored by the first process at its start, in the bucket under S3_PREFIX", async () => {
    const rows = await query<{ key: string; size: number }>('SELECT key, size FROM files');
    expect(rows.length).toBeGreaterThan(0);
    const objects = await s3!.objects();
    for (const row of rows) expect(objects.get(`${PREFIX}/${row.key}`)?.length, row.key).toBe(row.size);
  });

  it('serves a photo uploaded through one process from the other, with the link the first signed', async () => {
    const token = await residentToken(first);
    const image = await sharp({ create: { width: 48, height: 36, channels: 3, background: '#0b5394' } }).png().toBuffer();
    const res = await uploadPhoto(first, token, image);
    expect(res.status, await res.clone().text()).toBe(200);
    const photo = (await res.json()) as TSurveyPhoto;
    expect(photo.url).toMatch(/^\/api\/files\/\d+\/foto\.png\?token=[\w.-]+$/);

    // The second process checks the first's link (one secret, one session in the database) and reads the bytes from the bucket.
    const viaSecond = await fetch(`${second.base}${photo.url}`);
    expect(viaSecond.status).toBe(200);
    expect(viaSecond.headers.get('content-type')).toBe('image/png');
    const served = await bytesOf(viaSecond);
    expect(await sharp(served).metadata()).toMatchObject({ format: 'png', width: 48, height: 36 });
    expect(await bytesOf(await fetch(`${first.base}${photo.url}`))).toEqual(served);
    const plain = `${second.base}${photo.url.split('?')[0]}`;
    expect((await fetch(plain, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await fetch(plain)).status).toBe(401);

    const fileId = Number(/^\/api\/files\/(\d+)\//.exec(photo.url)![1]);
    const [file] = await query<{ key: string }>('SELECT key FROM files WHERE id = $1', [fileId]);
    expect((await s3!.objects()).get(`${PREFIX}/${file!.key}`)).toEqual(served);
    for (const dir of dataDirs) expect(fs.existsSync(path.join(dir, 'files')), dir).toBe(false);
  });

  it('answers 503 with the Dutch message and retry-after when the storage is down (uploads and downloads)', async () => {
    const token = await residentToken(second);
    const [file] = await query<{ id: number; filename: string }>("SELECT id, filename FROM files WHERE owner = 'survey' ORDER BY id DESC LIMIT 1");
    await s3!.stop();

    const download = await fetch(`${second.base}/api/files/${file!.id}/${encodeURIComponent(file!.filename)}`, { headers: { authorization: `Bearer ${token}` } });
    expect(download.status).toBe(503);
    expect(await download.json()).toEqual({ message: messages.storageUnavailable });
    expect(Number(download.headers.get('retry-after'))).toBeGreaterThan(0);

    const upload = await uploadPhoto(first, await residentToken(first), await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer());
    expect(upload.status).toBe(503);
    expect(await upload.json()).toEqual({ message: messages.storageUnavailable });
  });
});
