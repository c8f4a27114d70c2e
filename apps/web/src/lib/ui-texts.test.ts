import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { euro, euroAmount } from './money';

/** Every file that holds the Dutch texts of a feature or a shared component. */
function textFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return textFiles(full);
    return /^(texts?|.*-texts)\.ts$/.test(entry.name) ? [full] : [];
  });
}

describe('the texts people read', () => {
  it('show no raw field or setting names such as module_18_name', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const files = textFiles(src);
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((file) =>
      fs.readFileSync(file, 'utf8').split('\n')
        // the text of a string literal (quotes or backticks) that names a snake_case key in brackets
        .filter((line) => /['`‘][^'`’]*\([a-z]+(?:_[a-z0-9]+)+\)[^'`]*['`’]/.test(line))
        .map((line) => `${path.relative(src, file)}: ${line.trim()}`));
    expect(found).toEqual([]);
  });
});

describe('money on screen', () => {
  it('keeps the euro sign and the amount together (a no-break space)', () => {
    expect(euro(98575)).toBe('€\u00a0985,75');
    expect(euro(125050)).toBe('€\u00a01.250,50');
    expect(euroAmount('985,75')).toBe('€\u00a0985,75');
  });
});
