import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileMessages, VISITOR_UNIQUE_HEADER, ZPublicSurveyList, type TSurveyPhoto } from '@portal/contract';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { multipart } from '../../../test/staff-content-b.ts';
import { imageWorkLoad, runImageWork } from './image-work.ts';

/** A PNG of width × height black-and-white pixels, all white: a few kB however many pixels it claims. */
function bitmapPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth 1
  header[9] = 0; // greyscale
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0; // filter: none
  const raw = Buffer.alloc(row.length * height);
  for (let y = 0; y < height; y++) row.copy(raw, y * row.length);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

describe('anonymous photo uploads: a phone photo passes, a decompression bomb does not, and decoding waits in a bounded queue', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    // One image at a time and one more waiting, so that the test can fill the queue itself.
    t = await createTestApp({ worker: false, env: { IMAGE_WORKERS: '1', IMAGE_QUEUE_MAX: '1' } });
    const [survey] = await t.query<{ id: number }>("SELECT id FROM surveys WHERE name = 'Uw bezoek aan de proefwoning'");
    const list = await t.app.inject({ method: 'GET', url: `/api/public/surveys/${t.ids.projects.bloemenbuurt}` });
    ZPublicSurveyList.parse(list.json());
    url = `/api/public/survey/${survey!.id}/${String(list.headers[VISITOR_UNIQUE_HEADER])}/element/foto`;
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (data: Buffer, filename = 'foto.png', type = 'image/png') => {
    const form = multipart({ language: 'nl' }, { field: 'image', filename, data, type });
    return t.app.inject({ method: 'POST', url, payload: form.body, headers: { 'content-type': form.contentType } });
  };

  it('refuses a 16 kB PNG of 59 megapixels before decoding it (422, Dutch)', async () => {
    const bomb = bitmapPng(7680, 7680);
    expect(bomb.length).toBeLessThan(20 * 1024);
    const res = await upload(bomb);
    expect(res.statusCode, res.body).toBe(422);
    const message = fileMessages.imageTooManyPixels(25);
    expect(res.json()).toEqual({ message, errors: [{ field: 'image', message }] });
    // Just over the cap as well.
    expect((await upload(bitmapPng(5001, 5000))).statusCode).toBe(422);
  });

  it('accepts a 24-megapixel phone photo (6000 × 4000), scaled down', async () => {
    const photo = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#4a7f3c' } }).jpeg({ quality: 80 }).toBuffer();
    const res = await upload(photo, 'IMG_0001.JPG', 'image/jpeg');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TSurveyPhoto>()).toMatchObject({ image_width: 2560, image_height: 1707 });
  });

  it('refuses an upload at once with a Dutch 503 and Retry-After while the image queue is full, and takes it again after', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const held = [runImageWork(() => gate), runImageWork(() => gate)]; // one decoding, one waiting: the queue is full
    expect(imageWorkLoad()).toEqual({ running: 1, waiting: 1 });
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2e7d32' } }).png().toBuffer();

    const busy = await upload(photo);
    expect(busy.statusCode, busy.body).toBe(503);
    expect(busy.headers['retry-after']).toBe('5');
    expect(busy.json()).toEqual({ message: fileMessages.busy });

    release();
    await Promise.all(held);
    expect(imageWorkLoad()).toEqual({ running: 0, waiting: 0 });
    expect((await upload(photo)).statusCode).toBe(200);
  });

  it('lets queued work run in turn, never more at once than the workers', async () => {
    let active = 0;
    let most = 0;
    const task = async () => {
      active++;
      most = Math.max(most, active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      active--;
    };
    const results = await Promise.allSettled([runImageWork(task), runImageWork(task), runImageWork(task)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']); // the third found the line full
    expect(most).toBe(1);
  });
});
