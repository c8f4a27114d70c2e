// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TGenericEntry } from '@portal/contract';
import { cleanup, render } from '../../../ui/dom-test-utils';
import type { GenericForm } from '../api';
import { SignatureStep } from './generic-steps';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const form: GenericForm = { audience: { kind: 'occupant' }, formId: 4, unique: null };
const entry = {
  id: 9, form_id: 4, name: 'Akkoord met de planning', description: null, form: [], completed: true, locked: true, status: 'locked',
  signature_not_required: false, require_to_sign_form: true, require_to_sign_form_legally: true, nr_of_signatures: 2,
  signature: { 1: { image: null, who: 'Jan', description: null, mobile: null, signed: false }, 2: { image: null, who: 'Anna', description: null, mobile: null, signed: false } },
  signatures_completed: false, summary_enabled: true, summary_completed: true, nr_of_signatures_enabled: true, nr_of_signatures_completed: true,
  signatures_enabled: true, status_enabled: false, status_completed: false, allow_form_to_be_emailed: false, email_to: [], sent_at: null, email_once: false, status_text: null,
  summary_pdf: '/api/files/1/planning.pdf', unique: null, menu_id: null, sign_request: false, allow_multiple_entries: false, updated_at: '01-03-2026', version: 4,
} satisfies TGenericEntry;

/** The network edge: the signing link, and is-signed answering false (and counted). */
function serveSigning() {
  const calls = { url: 0, isSigned: 0, entry: 0 };
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    const path = new URL(url, 'http://portal.test').pathname;
    const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    if (path.endsWith('/signage/url/1')) {
      calls.url++;
      return json({ url: '/api/signing/local/abc' });
    }
    if (path.endsWith('/is-signed/1')) {
      calls.isSigned++;
      return json(false);
    }
    calls.entry++;
    return json(entry);
  }));
  return calls;
}

const advance = (ms: number) => act(async () => {
  await vi.advanceTimersByTimeAsync(ms);
});

describe('legal signing', () => {
  it('shows the signing page in a frame and asks every 5 seconds whether it was signed, until the step is left', async () => {
    vi.useFakeTimers();
    const calls = serveSigning();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const container = render(
      <QueryClientProvider client={client}>
        <SignatureStep form={form} entry={entry} nr={1} onDone={() => {}} />
      </QueryClientProvider>,
    );
    expect(container.textContent).toContain('Bezig met het ophalen van de ondertekenen link.');
    await advance(0);
    const frame = container.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('/api/signing/local/abc');
    expect(frame.getAttribute('title')).toBe('Ondertekenen, handtekening 1');
    expect(calls.isSigned).toBe(1);
    await advance(5_000);
    expect(calls.isSigned).toBe(2);
    await advance(10_000);
    expect(calls.isSigned).toBe(4);

    cleanup();
    await advance(30_000);
    expect(calls.isSigned).toBe(4);
    expect(calls.url).toBe(1);
  });
});
