import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Config } from '../src/plugins/env.ts';

/** s3rver checks request signatures against these fixed credentials. */
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type TestS3 = {
  endpoint: string;
  bucket: string;
  /** Storage options for this server's bucket (as loadEnv makes them from S3_*). */
  config: (extra?: Partial<S3Config>) => S3Config;
  /** The S3_* variables for this server's bucket, for a portal process. */
  env: (extra?: Record<string, string>) => Record<string, string>;
  /** Every object in the bucket (key → bytes), read over S3 with a client of its own. */
  objects(): Promise<Map<string, Buffer>>;
  /** Stops serving: later requests are refused. */
  stop(): Promise<void>;
  /** Stops serving and removes the bucket's folder. */
  close(): Promise<void>;
};

/**
 * A real S3-compatible server (the npm package s3rver) in this process, on a free loopback port, keeping
 * its bucket in a temporary folder.
 */
export async function startS3Server(bucket = 'portal-test'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3-test-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  let isRunning = true;
  const stop = async () => {
    if (isRunning) await server.close();
    isRunning = false;
  };
  return {
    endpoint,
    bucket,
    config: (extra = {}) => ({ bucket, endpoint, region: 'us-east-1', forcePathStyle: true, credentials, ...extra }),
    env: (extra = {}) => ({
      S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: credentials.accessKeyId, S3_SECRET_ACCESS_KEY: credentials.secretAccessKey, ...extra,
    }),
    async objects() {
      const { Contents = [] } = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      const found = new Map<string, Buffer>();
      for (const { Key } of Contents) {
        const { Body } = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
        found.set(Key!, Buffer.from(await Body!.transformToByteArray()));
      }
      return found;
    },
    stop,
    async close() {
      client.destroy();
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
