import { expect } from 'vitest';
import { fillPath, consentLetterPaths, LETTER_COUNT_HEADER, type TConsentLettersBody } from '@portal/contract';
import { bearer, type TestApp } from './helpers.ts';
import { pdfText } from './pdf-text.ts';

/** One printed consent letter as the resident reads it: the address block's street line and the link. */
export type PrintedLetter = { address: string; formId: number; token: string; pagePath: string; apiPath: string };

/**
 * The letters in a consent-letters PDF, in page order: each page's window address ('Tulpstraat 14') and
 * the personal link printed on it (pdfkit breaks a long link after a '/': the lines are joined there).
 */
export function lettersIn(pdf: Buffer): PrintedLetter[] {
  // (the line after the salutation may come on the same line in the extracted text: split on the words, then whitespace)
  const pages = pdfText(pdf).split(/Aan de bewoner\(s\) van[ \t]*\n?/).slice(1);
  return pages.map((page) => {
    const joined = page.replace(/\/\n/g, '/');
    const match = /\/public\/formulier\/draagvlak\/(\d+)\/token\/([A-Z2-9]{26})\b/.exec(joined);
    expect(match, page).toBeTruthy();
    const formId = Number(match![1]);
    const token = match![2]!;
    return {
      address: page.split('\n')[0]!, formId, token,
      pagePath: `/public/formulier/draagvlak/${formId}/token/${token}`,
      apiPath: `/api/public/support-base/form/${formId}/token/${token}`,
    };
  });
}

/** Prints letters through the console's API (a console session) and reads them; the answer must be 200. */
export async function printLetters(t: TestApp, token: string, projectId: number, formId: number, body: Omit<TConsentLettersBody, 'language'>) {
  const res = await t.app.inject({
    method: 'POST', url: `/api${fillPath(consentLetterPaths.print, { projectId, formId })}`, headers: bearer(token), payload: { language: 'nl', ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const letters = lettersIn(res.rawPayload);
  expect(letters).toHaveLength(Number(res.headers[LETTER_COUNT_HEADER]));
  return { res, letters };
}

/** A deadline `days` from today, DD-MM-YYYY in Amsterdam. */
export function deadlineIn(days: number): string {
  const day = new Date(Date.now() + days * 86_400_000);
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', day: '2-digit', month: '2-digit', year: 'numeric' })
    .formatToParts(day).map((p) => [p.type, p.value]));
  return `${parts.day}-${parts.month}-${parts.year}`;
}
