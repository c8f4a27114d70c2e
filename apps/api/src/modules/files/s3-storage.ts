import type { Readable } from 'node:stream';
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import { messages } from '@portal/contract';
import { ServiceUnavailableError } from '../../lib/errors.ts';
import type { S3Config } from '../../plugins/env.ts';
import { assertValidKey, type FileStorage } from './storage.ts';

/** The bucket and its access (S3Config, parsed from the S3_* variables in plugins/env.ts), and bounds on the requests. */
export type S3StorageOptions = S3Config & {
  /**
   * Bounds on one attempt: to connect (default 5 s), until the answer's head (default 30 s), and silence on
   * the socket while a body streams (default 30 s). The SDK tries up to `maxAttempts` times (default 3).
   */
  connectionTimeoutMs?: number;
  requestTimeoutMs?: number;
  socketTimeoutMs?: number;
  maxAttempts?: number;
};

/** Faults of the connection itself: the server is down, unreachable or went away mid-request. */
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Storage that gives no answer (refused, reset, unreachable, timed out) or answers 5xx or 429 (InternalError,
 * SlowDown): the request answers 503 with a Dutch message and retry-after, as the local driver does for a
 * failing disk. Other refusals (AccessDenied, NoSuchBucket, a bad signature) are configuration errors that no
 * retry fixes; they stay errors (500, logged with their cause).
 */
function unavailable(error: unknown): unknown {
  const { $metadata, code, name } = (error ?? {}) as { $metadata?: { httpStatusCode?: number }; code?: string; name?: string };
  const status = $metadata?.httpStatusCode;
  const isDown = status === undefined ? (code !== undefined && NETWORK.has(code)) || name === 'TimeoutError' : status >= 500 || status === 429;
  return isDown ? new ServiceUnavailableError(messages.storageUnavailable, 60, { cause: error }) : error;
}

/** The SDK client: bounded attempts, and checksums that S3-compatible servers accept. */
function clientConfig(options: S3StorageOptions): S3ClientConfig {
  return {
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    maxAttempts: options.maxAttempts ?? 3,
    requestHandler: {
      connectionTimeout: options.connectionTimeoutMs ?? 5_000,
      requestTimeout: options.requestTimeoutMs ?? 30_000,
      throwOnRequestTimeout: true, // without it the SDK only logs a warning and keeps waiting
      socketTimeout: options.socketTimeoutMs ?? 30_000,
    },
    // Since early 2025 the SDK sends CRC checksums with every upload by default, which several S3-compatible
    // servers refuse; with a custom endpoint it sends only the checksums an operation requires.
    ...(options.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } as const : {}),
  };
}

/**
 * Files as objects in an S3-compatible bucket (AWS S3, MinIO, Ceph, ...), shared by every portal process:
 * put = PutObject, get = GetObject (streamed, with its ContentLength), delete = DeleteObject.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const { bucket, prefix } = options;
  // The SDK (about 0.2 s to load) is loaded here, not by every start of a portal that keeps files on disk.
  const s3 = import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: new sdk.S3Client(clientConfig(options)) }));
  const objectKey = (key: string) => {
    assertValidKey(key);
    return prefix ? `${prefix}/${key}` : key;
  };

  return {
    driver: 's3',
    async put(key, body, { contentType }) {
      const input = { Bucket: bucket, Key: objectKey(key), Body: body, ContentType: contentType, ContentLength: body.length };
      const { sdk, client } = await s3;
      await client.send(new sdk.PutObjectCommand(input)).catch((error: unknown) => { throw unavailable(error); });
    },
    async get(key) {
      const input = { Bucket: bucket, Key: objectKey(key) };
      const { sdk, client } = await s3;
      try {
        const { Body, ContentLength } = await client.send(new sdk.GetObjectCommand(input));
        if (!Body || ContentLength === undefined) throw new Error(`S3 answered GetObject ${input.Key} without a body or its length`);
        return { body: Body as Readable, size: ContentLength }; // in Node the body is the HTTP response stream
      } catch (error) {
        if (error instanceof sdk.NoSuchKey) return null;
        throw unavailable(error);
      }
    },
    async delete(key) {
      const input = { Bucket: bucket, Key: objectKey(key) };
      const { sdk, client } = await s3;
      // S3 answers a missing key with success too.
      await client.send(new sdk.DeleteObjectCommand(input)).catch((error: unknown) => { throw unavailable(error); });
    },
  };
}
