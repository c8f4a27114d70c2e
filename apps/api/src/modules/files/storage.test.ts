/**
 * A disk that cannot take the file: the upload answers 503 with a Dutch message and retry-after, not 500.
 *
 * The read-only disk is real: a tmpfs mounted read-only (EROFS), and a tiny tmpfs that fills up
 * (ENOSPC), where the machine lets the tests mount (root with CAP_SYS_ADMIN, as on the build machines).
 * Elsewhere: a folder without write permission for a normal user (EACCES); for root without mounting
 * (chmod does not stop root), a path under /sys, which refuses root's writes (EPERM, or EROFS where
 * /sys is mounted read-only).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/contract';
import { ServiceUnavailableError } from '../../lib/errors.ts';
import { bearer, createTestApp, occupantToken, type TestApp } from '../../../test/helpers.ts';
import { createLocalStorage } from './storage.ts';

const mounts: string[] = [];
const temps: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-fault-test-'));
  temps.push(dir);
  return dir;
}

/** A tmpfs mounted on a fresh folder with `options`, or null when this machine does not let us mount. */
function mountTmpfs(options: string): string | null {
  const dir = tempDir();
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    return null;
  }
  mounts.push(dir);
  return dir;
}

/** A folder this process cannot write into, and the error code that proves it. */
function readOnlyFolder(): { dir: string; how: string } {
  const mounted = mountTmpfs('ro,size=1m');
  if (mounted) return { dir: mounted, how: 'read-only tmpfs' };
  if (process.getuid?.() !== 0) {
    const dir = tempDir();
    fs.chmodSync(dir, 0o555);
    return { dir, how: 'folder without write permission' };
  }
  return { dir: '/sys/portal-storage-test', how: 'path under /sys' };
}

afterAll(() => {
  for (const dir of mounts) execFileSync('umount', [dir], { stdio: 'ignore' });
  for (const dir of temps) {
    const unlock = (folder: string) => {
      fs.chmodSync(folder, 0o700);
      for (const entry of fs.readdirSync(folder, { withFileTypes: true })) if (entry.isDirectory()) unlock(path.join(folder, entry.name));
    };
    unlock(dir);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe('local storage on a disk that refuses writes', () => {
  it('throws a 503 error (Dutch message, retry-after) instead of the file system error', async () => {
    const { dir, how } = readOnlyFolder();
    const storage = createLocalStorage(path.join(dir, 'files'));
    const error = await storage.put('survey/2026/03/a.png', Buffer.from('x'), { contentType: 'image/png' }).catch((e: unknown) => e);
    expect(error, how).toBeInstanceOf(ServiceUnavailableError);
    expect(error).toMatchObject({ statusCode: 503, message: messages.storageUnavailable });
    expect(['EROFS', 'EACCES', 'EPERM']).toContain(((error as Error).cause as NodeJS.ErrnoException).code);
  });

  it('on a full disk, also removes the part it wrote', async (context) => {
    const dir = mountTmpfs('size=64k');
    if (!dir) return context.skip('this machine does not let the tests mount a small tmpfs');
    const storage = createLocalStorage(dir);
    const error = await storage.put('big.bin', Buffer.alloc(256 * 1024, 1), { contentType: 'application/octet-stream' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(((error as Error).cause as NodeJS.ErrnoException).code).toBe('ENOSPC');
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe('an upload when the disk refuses writes', () => {
  let t: TestApp;
  let how: string;
  beforeAll(async () => {
    // The app starts (and its demo data is stored) on a writable disk, which then turns read-only.
    const dataDir = tempDir();
    const mounted = mountTmpfs('size=16m');
    t = await createTestApp({ env: { DATA_DIR: mounted ?? dataDir } });
    if (mounted) {
      execFileSync('mount', ['-o', 'remount,ro', mounted], { stdio: 'ignore' });
      how = 'tmpfs remounted read-only';
    } else if (process.getuid?.() !== 0) {
      const lock = (dir: string) => {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory()) lock(path.join(dir, entry.name));
        fs.chmodSync(dir, 0o555);
      };
      lock(path.join(dataDir, 'files'));
      how = 'folders without write permission';
    } else {
      fs.renameSync(path.join(dataDir, 'files'), path.join(dataDir, 'files.seeded'));
      fs.symlinkSync('/sys/kernel', path.join(dataDir, 'files')); // a sysfs folder: no new entries, not even for root
      how = 'files/ pointing under /sys';
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 503 with a Dutch message and retry-after, not 500', async () => {
    const token = await occupantToken(t.app, '10');
    const [survey] = await t.query<{ id: number }>("SELECT id FROM surveys WHERE name = 'Wensen voor keuken en badkamer'");
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2e7d32' } }).png().toBuffer();
    const boundary = '----storagefault';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="language"\r\n\r\nnl\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST', url: `/api/occupant/survey/${survey!.id}/element/foto_badkamer`, payload,
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode, `${how}: ${res.body}`).toBe(503);
    expect(res.json()).toEqual({ message: messages.storageUnavailable });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
