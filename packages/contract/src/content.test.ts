import { describe, expect, it } from 'vitest';
import { complaintPaths, documentPaths, fillPath, informationPaths, newsPaths, ZDossierDownloadBody } from './index.ts';

describe('fillPath', () => {
  it('fills the path templates of the content modules', () => {
    expect(fillPath(newsPaths.publicList, { id: 3 })).toBe('/public/news/3');
    expect(fillPath(newsPaths.publicArticle, { project_id: 3, id: 17 })).toBe('/public/news/3/article/17');
    expect(fillPath(informationPaths.partnerFaq, { project_id: 5 })).toBe('/partner/project/5/faq');
    expect(fillPath(complaintPaths.occupantItem, { id: 9 })).toBe('/occupant/complaint/9');
    expect(fillPath(documentPaths.occupantList)).toBe('/occupant/documents');
  });

  it('refuses a template with a missing parameter', () => {
    expect(() => fillPath(newsPaths.publicArticle, { id: 1 })).toThrow('needs project_id');
  });
});

describe('ZDossierDownloadBody', () => {
  it.each([
    [undefined, 'Vul hier een e-mailadres in'],
    ['', 'Vul hier een e-mailadres in'],
    ['  ', 'Vul hier een e-mailadres in'],
    ['jan@', 'Vul een geldig e-mailadres in'],
    ['jan@example', 'Vul een geldig e-mailadres in'],
  ])('%j: %s (one message only)', (email, message) => {
    const result = ZDossierDownloadBody.safeParse({ email });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual([message]);
  });

  it('accepts and trims a valid address', () => {
    expect(ZDossierDownloadBody.parse({ email: ' jan.devries@example.nl ' }).email).toBe('jan.devries@example.nl');
  });
});
