/**
 * The S3 driver against a real S3-compatible server (s3rver, started here on a loopback port), and
 * against servers that are down, failing or hanging: those answer 503 like a failing local disk.
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/contract';
import { ServiceUnavailableError } from '../../lib/errors.ts';
import { loadEnv } from '../../plugins/env.ts';
import { startS3Server, type TestS3 } from '../../../test/s3.ts';
import { createS3Storage } from './s3-storage.ts';
import { readAll } from './storage.ts';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});

const png = { contentType: 'image/png' };

describe('the S3 driver on an S3-compatible server', () => {
  it('stores, reads back (streamed, with its size) and deletes an object, under S3_PREFIX', async () => {
    const storage = createS3Storage(s3.config({ prefix: 'portal/prod' }));
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    await storage.put('survey/2026/03/a.png', bytes, png);

    expect((await s3.objects()).get('portal/prod/survey/2026/03/a.png')).toEqual(bytes);
    const found = await storage.get('survey/2026/03/a.png');
    expect(found?.size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const chunk of found!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(bytes);

    await storage.delete('survey/2026/03/a.png');
    expect(await storage.get('survey/2026/03/a.png')).toBeNull();
    expect([...(await s3.objects()).keys()]).not.toContain('portal/prod/survey/2026/03/a.png');
  });

  it('answers null for a missing key, and deletes a missing key without error', async () => {
    const storage = createS3Storage(s3.config());
    expect(await storage.get('documents/2026/03/never-stored.pdf')).toBeNull();
    expect(await readAll(storage, 'documents/2026/03/never-stored.pdf')).toBeNull();
    await expect(storage.delete('documents/2026/03/never-stored.pdf')).resolves.toBeUndefined();
  });

  it('overwrites a key, and reads it whole for a mail attachment', async () => {
    const storage = createS3Storage(s3.config());
    await storage.put('dossier/2026/03/b.txt', Buffer.from('eerste'), { contentType: 'text/plain' });
    await storage.put('dossier/2026/03/b.txt', Buffer.from('tweede versie'), { contentType: 'text/plain' });
    expect((await readAll(storage, 'dossier/2026/03/b.txt'))?.toString()).toBe('tweede versie');
  });

  it('refuses a key that could leave its folder before sending anything', async () => {
    const storage = createS3Storage(s3.config());
    await expect(storage.put('../outside.png', Buffer.from('x'), png)).rejects.toThrow(/Invalid storage key/);
    await expect(storage.get('a/../../b.png')).rejects.toThrow(/Invalid storage key/);
  });

  it('keeps a missing bucket an error of its own (a configuration fault, not 503)', async () => {
    const storage = createS3Storage(s3.config({ bucket: 'no-such-bucket' }));
    const error = await storage.put('a.png', Buffer.from('x'), png).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ServiceUnavailableError);
    expect(error).toMatchObject({ name: 'NoSuchBucket' });
  });
});

/** Expects `work` to fail with the 503 error of unavailable storage; answers its cause. */
async function expectUnavailable(work: Promise<unknown>): Promise<unknown> {
  const error = await work.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ServiceUnavailableError);
  expect(error).toMatchObject({ statusCode: 503, message: messages.storageUnavailable, retryAfterSeconds: 60 });
  return (error as Error).cause;
}

describe('the S3 driver when the storage fails', () => {
  it('answers 503 on put, get and delete when the server is down (connection refused)', async () => {
    const gone = await startS3Server();
    await gone.stop();
    try {
      const storage = createS3Storage(gone.config());
      expect(await expectUnavailable(storage.put('a.png', Buffer.from('x'), png))).toMatchObject({ code: 'ECONNREFUSED' });
      await expectUnavailable(storage.get('a.png'));
      await expectUnavailable(storage.delete('a.png'));
    } finally {
      await gone.close();
    }
  });

  it('answers 503 when the server answers 5xx (after the SDK retried)', async () => {
    let requests = 0;
    const failing = http.createServer((request, response) => {
      requests += 1;
      request.resume();
      response.writeHead(500, { 'content-type': 'application/xml' })
        .end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>We encountered an internal error.</Message></Error>');
    });
    const endpoint = await listen(failing);
    try {
      const storage = createS3Storage({ ...s3.config(), endpoint, maxAttempts: 2 });
      expect(await expectUnavailable(storage.get('a.png'))).toMatchObject({ name: 'InternalError' });
      await expectUnavailable(storage.put('a.png', Buffer.from('x'), png));
      expect(requests).toBe(4);
    } finally {
      failing.closeAllConnections();
      await new Promise((resolve) => failing.close(resolve));
    }
  });

  it('answers 503 when the server takes the connection but never answers (time-out)', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => { sockets.add(socket); });
    const endpoint = await listen(silent);
    try {
      const storage = createS3Storage({ ...s3.config(), endpoint, requestTimeoutMs: 300, maxAttempts: 1 });
      expect(await expectUnavailable(storage.get('a.png'))).toMatchObject({ name: 'TimeoutError' });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

async function listen(server: net.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

describe('S3_* configuration', () => {
  const keys = { S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };

  it('uses local disk without S3_BUCKET (an empty variable counts as unset)', () => {
    expect(loadEnv({}).s3).toBeNull();
    expect(loadEnv({ S3_BUCKET: '', S3_ENDPOINT: '' }).s3).toBeNull();
  });

  it('stops the start when S3_BUCKET lacks credentials, or other S3_* variables lack S3_BUCKET', () => {
    expect(() => loadEnv({ S3_BUCKET: 'portal' })).toThrow(/S3_ACCESS_KEY_ID: required with S3_BUCKET[\s\S]*S3_SECRET_ACCESS_KEY: required/);
    expect(() => loadEnv({ S3_BUCKET: 'portal', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_SECRET_ACCESS_KEY: required with S3_BUCKET/);
    expect(() => loadEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000', ...keys })).toThrow(/S3_BUCKET: required with S3_ENDPOINT, S3_ACCESS_KEY_ID/);
    expect(() => loadEnv({ S3_BUCKET: 'Mijn_Bucket', ...keys })).toThrow(/S3_BUCKET: a bucket name/);
    expect(() => loadEnv({ S3_BUCKET: 'portal', S3_PREFIX: 'a/../b', ...keys })).toThrow(/S3_PREFIX/);
    expect(() => loadEnv({ S3_BUCKET: 'portal', S3_FORCE_PATH_STYLE: 'yes', ...keys })).toThrow(/S3_FORCE_PATH_STYLE/);
  });

  it('defaults: AWS S3 in us-east-1 with virtual-hosted buckets; path style with S3_ENDPOINT unless turned off', () => {
    const credentials = { accessKeyId: 'key', secretAccessKey: 'secret' };
    expect(loadEnv({ S3_BUCKET: 'portal', ...keys }).s3).toEqual({ bucket: 'portal', region: 'us-east-1', forcePathStyle: false, credentials });
    expect(loadEnv({ S3_BUCKET: 'portal', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_PREFIX: '/portal/prod/', ...keys }).s3).toEqual({
      bucket: 'portal', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', forcePathStyle: true, credentials, prefix: 'portal/prod',
    });
    expect(loadEnv({ S3_BUCKET: 'portal', S3_ENDPOINT: 'https://s3.example.nl', S3_FORCE_PATH_STYLE: 'false', S3_REGION: 'eu-central-1', ...keys }).s3)
      .toMatchObject({ region: 'eu-central-1', forcePathStyle: false });
  });
});
