import { describe, expect, it } from 'vitest';
import { filePaths, fillPath } from '@portal/contract';
import { freshLinkPath } from './file-links';

describe('freshLinkPath', () => {
  it('names the contract’s signing call for a signed file link', () => {
    expect(freshLinkPath('/api/files/4/plan.pdf?token=12.1790000000.abc')).toBe(fillPath(filePaths.link, { id: 4 }));
    expect(freshLinkPath('/api/files/4/Foto%20meterkast.png?filename=x.png&token=12.1.abc')).toBe('/files/4/link');
  });

  it('leaves plain links (public files), visitor links and other addresses alone', () => {
    for (const href of ['/api/files/4/plan.pdf', '/api/files/4/plan.pdf?filename=token=x', '/api/public/survey/3/abc/photo/9',
      '/api/assets/demo/logo.svg', 'https://example.nl/api/files/4/x.pdf?token=1', '/api/files/x/plan.pdf?token=1']) {
      expect(freshLinkPath(href), href).toBeNull();
    }
  });
});
