import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.ts';
import { renderSummaryPdf, type SummaryItem } from './form-summary.pdf.ts';

/** The text of each page: the footer ('title', 'Pagina n van m') closes every page's content. */
function pages(pdf: Buffer, title: string): string[][] {
  const result: string[][] = [];
  let page: string[] = [];
  for (const line of pdfText(pdf).split('\n')) {
    if (/^Pagina \d+ van \d+$/.test(line)) {
      result.push(page.at(-1) === title ? page.slice(0, -1) : page);
      page = [];
    } else page.push(line);
  }
  return result;
}

describe('the summary PDF', () => {
  it('never leaves a heading alone at the bottom of a page: it moves on with its first content', async () => {
    const orphans: number[] = [];
    // Filler of every length: one of them brings the heading down to the last lines of the first page.
    for (let filler = 10; filler <= 20; filler++) for (const extra of [0, 1, 2, 3]) {
      const items: SummaryItem[] = [
        // an answer of 1 to 4 lines shifts where the heading lands by a line at a time
        { kind: 'text', label: 'Toelichting', answer: Array.from({ length: extra + 1 }, (_, i) => `Regel ${i + 1}`).join('\n') },
        ...Array.from({ length: filler }, (_, i): SummaryItem => ({ kind: 'text', label: `Vraag ${i + 1}`, answer: `Antwoord ${i + 1}` })),
        { kind: 'heading', label: 'Tussenkop keuken', text: 'Uitleg bij de keuken' },
        { kind: 'text', label: 'Vraag na de kop', answer: 'Antwoord na de kop' },
      ];
      const pdf = await renderSummaryPdf({
        title: 'Formulier', projectName: 'Project', address: null, date: new Date('2026-11-28T10:00:00Z'),
        sections: [{ label: 'Onderdeel', items }], signatures: [],
      }, { compress: false });
      const text = pages(pdf, 'Formulier');
      const page = text.findIndex((lines) => lines.includes('Tussenkop keuken'));
      expect(page).toBeGreaterThanOrEqual(0);
      // the heading and its first question are on one page
      if (!text[page]!.includes('Vraag na de kop')) orphans.push(filler * 10 + extra);
    }
    expect(orphans).toEqual([]);
  });

  it("keeps a section's title with its first question", async () => {
    const orphans: number[] = [];
    for (let filler = 8; filler <= 30; filler++) {
      const first: SummaryItem[] = Array.from({ length: filler }, (_, i) => ({ kind: 'text', label: `Vraag ${i + 1}`, answer: `Antwoord ${i + 1}` }));
      const pdf = await renderSummaryPdf({
        title: 'Formulier', projectName: 'Project', address: null, date: new Date('2026-11-28T10:00:00Z'),
        sections: [
          { label: 'Eerste', items: first },
          { label: 'Tweede onderdeel', items: [{ kind: 'heading', label: 'Kop', text: 'Uitleg bij de kop' }, { kind: 'text', label: 'Eerste vraag', answer: 'Ja' }] },
        ],
        signatures: [],
      }, { compress: false });
      const text = pages(pdf, 'Formulier');
      const page = text.findIndex((lines) => lines.includes('Tweede onderdeel'));
      if (!text[page]!.includes('Eerste vraag')) orphans.push(filler);
    }
    expect(orphans).toEqual([]);
  });
});
