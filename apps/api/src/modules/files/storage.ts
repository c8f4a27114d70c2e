import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where file bytes live, addressed by key ('2026/03/3f2a....pdf'). The local-disk driver is the default;
 * an S3-compatible driver (object storage, for several API processes on several machines) implements
 * the same three calls: put = PutObject, get = GetObject (body stream + ContentLength), delete =
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
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomUUID()}.tmp`;
      await fs.promises.writeFile(temp, body);
      await fs.promises.rename(temp, target);
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
      await fs.promises.rm(resolve(key), { force: true });
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
