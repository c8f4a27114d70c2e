import { describe, expect, it } from 'vitest';
import type { FilesService } from '../files/index.ts';
import { createLogoPngs } from './summary-logo.ts';

const files = {} as FilesService;
const png = (n: number) => Buffer.from([n]);

describe('the summary logo kept per URL', () => {
  it('draws a logo once per URL, and another URL anew', async () => {
    const drawn: string[] = [];
    const logo = createLogoPngs(files, async (url) => { drawn.push(url!); return png(drawn.length); });
    expect(await logo('/api/files/7/logo.svg')).toEqual(png(1));
    expect(await logo('/api/files/7/logo.svg')).toEqual(png(1));
    expect(await logo('/api/files/8/logo.png')).toEqual(png(2));
    expect(drawn).toEqual(['/api/files/7/logo.svg', '/api/files/8/logo.png']);
  });

  it('tries an unreadable logo again, and draws none without a URL', async () => {
    let calls = 0;
    const logo = createLogoPngs(files, async () => (++calls === 1 ? null : png(9)));
    expect(await logo('/api/files/9/weg.svg')).toBeNull();
    expect(await logo('/api/files/9/weg.svg')).toEqual(png(9));
    expect(await logo(null)).toBeNull();
    expect(calls).toBe(2);
  });

  it('keeps at most 20 logos, the oldest dropped first', async () => {
    const drawn: string[] = [];
    const logo = createLogoPngs(files, async (url) => { drawn.push(url!); return png(1); });
    for (let n = 0; n <= 20; n++) await logo(`/api/files/${n}/logo.png`);
    await logo('/api/files/20/logo.png');
    await logo('/api/files/0/logo.png');
    expect(drawn.filter((u) => u === '/api/files/0/logo.png')).toHaveLength(2);
    expect(drawn.filter((u) => u === '/api/files/20/logo.png')).toHaveLength(1);
  });
});
