// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { PAGE_DEFAULT_LIMIT, type TDocument } from '@portal/contract';
import type { Audience } from '../../../lib/audience';
import { cleanup, click, render, settle } from '../../../ui/dom-test-utils';
import { DocumentsPage } from './documents-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** 60 documents, newest (highest id) first, as the server lists them. */
const all: TDocument[] = Array.from({ length: 60 }, (_, i) => ({
  id: 60 - i, type: 'Brief', created_at: '01-03-2026', subject: `Brief ${60 - i}`, name: `brief-${60 - i}.pdf`, fetched: false,
  document_url: `/api/files/${60 - i}/brief.pdf`, methods: [],
}));

/**
 * The network edge: GET /api/public/documents/{id} answers pages of `all` as the server does (paging.ts):
 * the newest PAGE_DEFAULT_LIMIT, with `before` the ones after that document, and X-Has-More.
 */
function serveDocuments() {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    const query = new URL(url, 'http://portal.test').searchParams;
    asked.push(query);
    const before = Number(query.get('before') ?? 0);
    const rest = before ? all.slice(all.findIndex((d) => d.id === before) + 1) : all;
    const page = rest.slice(0, PAGE_DEFAULT_LIMIT);
    return new Response(JSON.stringify(page), { headers: { 'content-type': 'application/json', 'x-has-more': String(rest.length > page.length) } });
  }));
  return asked;
}

const visitor: Audience = { kind: 'public', projectId: 7 };

async function shown() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const container = render(
    <QueryClientProvider client={client}>
      <Router ssrPath="/public/documenten/7"><DocumentsPage audience={visitor} /></Router>
    </QueryClientProvider>,
  );
  await vi.waitFor(async () => {
    await settle();
    expect(container.querySelectorAll('[data-testid="document"]').length).toBeGreaterThan(0);
  });
  return container;
}

const titles = (container: HTMLElement) => [...container.querySelectorAll('[data-testid="document"] h2')].map((h) => h.textContent);
const loadMore = (container: HTMLElement) => [...container.querySelectorAll('button')].find((b) => b.textContent === 'Meer documenten laden');

describe('DocumentsPage: the list a page at a time', () => {
  it("shows the newest page, and 'Meer documenten laden' the older ones after the last held, until none remain", async () => {
    const asked = serveDocuments();
    const container = await shown();
    expect(titles(container)).toEqual(all.slice(0, 50).map((d) => d.subject));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.has('before')).toBe(false);

    click(loadMore(container)!);
    await vi.waitFor(async () => {
      await settle();
      expect(titles(container)).toHaveLength(60);
    });
    expect(asked[1]!.get('before')).toBe('11'); // the last document of the first page
    expect(titles(container)).toEqual(all.map((d) => d.subject));
    expect(loadMore(container)).toBeUndefined(); // the server said no more follow
  });
});
