import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { messages } from '@portal/contract';
import { ServiceUnavailableError } from '../../lib/errors.ts';

/**
 * Where file bytes live, addressed by key ('2026/03/3f2a....pdf'). The local-disk driver is the default;
 * the S3-compatible driver (s3-storage.ts: object storage, for several API processes on several machines)
 * implements the same three calls: put = PutObject, get = GetObject (body stream + ContentLength), delete =
 * DeleteObject.
 */
export interface FileStorage {
  readonly driver: string;
  put(key: string, body: Buffer, options: { contentType: string }): Promise<void>;
  /** The bytes as a stream with their size, or null when nothing is stored under the key. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function assertValidKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.') || key.length > 512) {
    throw new Error(`Invalid storage key: ${key}`);
  }
}

/**
 * Errors of a disk that cannot take writes now (read-only, full, over quota, not writable, failing,
 * out of file handles): the request answers 503 with a Dutch message and retry-after, not 500.
 */
const UNAVAILABLE = new Set(['EROFS', 'ENOSPC', 'EDQUOT', 'EACCES', 'EPERM', 'EIO', 'EMFILE', 'ENFILE']);

function unavailable(error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code && UNAVAILABLE.has(code) ? new ServiceUnavailableError(messages.storageUnavailable, 60, { cause: error }) : error;
}

/**
 * mkdir -p that reports why a folder cannot be made: Node's recursive mkdir answers ENOENT when the
 * disk is read-only; creating the missing folders one by one gives the real error (EROFS, ...).
 */
async function makeFolder(dir: string): Promise<void> {
  try {
    await fs.promises.mkdir(dir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const missing: string[] = [];
    for (let at = dir; path.dirname(at) !== at; at = path.dirname(at)) {
      if (await fs.promises.stat(at).then(() => true, () => false)) break;
      missing.unshift(at);
    }
    for (const folder of missing) {
      await fs.promises.mkdir(folder).catch((failure: NodeJS.ErrnoException) => {
        if (failure.code !== 'EEXIST') throw failure;
      });
    }
  }
}

/** Files under `root` (`${DATA_DIR}/files`); writes go to a temporary file first and are renamed. */
export function createLocalStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    driver: 'local',
    async put(key, body) {
      const target = resolve(key);
      const temp = `${target}.${randomUUID()}.tmp`;
      try {
        await makeFolder(path.dirname(target));
        await fs.promises.writeFile(temp, body);
        await fs.promises.rename(temp, target);
      } catch (error) {
        await fs.promises.rm(temp, { force: true }).catch(() => {}); // a half-written file on a full disk
        throw unavailable(error);
      }
    },
    async get(key) {
      const target = resolve(key);
      try {
        const stat = await fs.promises.stat(target);
        if (!stat.isFile()) return null;
        return { body: fs.createReadStream(target), size: stat.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.promises.rm(resolve(key), { force: true }).catch((error: unknown) => { throw unavailable(error); });
    },
  };
}

/** Reads a stored object whole (for e-mail attachments). */
export async function readAll(storage: FileStorage, key: string): Promise<Buffer | null> {
  const found = await storage.get(key);
  if (!found) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
