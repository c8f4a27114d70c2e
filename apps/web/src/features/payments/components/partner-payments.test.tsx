// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_DEFAULT_LIMIT, type TStaffPayment } from '@portal/contract';
import { cleanup, click, render, settle } from '../../../ui/dom-test-utils';
import { formatMoment } from '../texts';
import { PartnerPayments } from './partner-payments';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A moment of the local clock as the API sends it (ISO 8601, UTC), so the expected text does not depend on the time zone. */
const at = (day: number, hour: number, minute: number) => new Date(2026, 10, day, hour, minute).toISOString();

const paid: TStaffPayment = {
  id: 60, provider: 'mollie', provider_payment_id: 'tr_Wk3vQ9', amount_cents: 125050, currency: 'EUR', description: 'Meerwerk keuken Tulpstraat 10',
  status: 'paid', full_address: 'Tulpstraat 10, 1234 AB Utrecht', form: { id: 9, name: 'Keuzes voor uw keuken' }, entry_id: 4,
  created_at: at(21, 14, 3), paid_at: at(21, 14, 9),
  events: [
    { source: 'created', status: 'open', applied: true, at: at(21, 14, 3) },
    { source: 'return', status: 'open', applied: false, at: at(21, 14, 8) },
    { source: 'webhook', status: 'paid', applied: true, at: at(21, 14, 9) },
    { source: 'reconcile', status: 'paid', applied: false, at: at(21, 14, 30) },
  ],
  double_paid: false,
};
/** 59 older ones, each still open, without an address for the oldest. */
const older: TStaffPayment[] = Array.from({ length: 59 }, (_, i) => ({
  ...paid, id: 59 - i, provider: 'local', provider_payment_id: `tr_${59 - i}`, amount_cents: 1000 + i, status: i % 2 ? 'failed' : 'open', paid_at: null,
  full_address: i === 58 ? null : `Tulpstraat ${12 + i}, 1234 AB Utrecht`, created_at: at(20, 9, 0), events: [{ source: 'created', status: 'open', applied: true, at: at(20, 9, 0) }],
}));
const all = [paid, ...older];

/** The network edge: GET .../payments answers pages of `all` as the server does (before, limit, X-Has-More). */
function servePayments(list: TStaffPayment[]) {
  const asked: URL[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: string) => {
    const url = new URL(input, 'http://portal.test');
    asked.push(url);
    const before = Number(url.searchParams.get('before') ?? 0);
    const rest = before ? list.slice(list.findIndex((p) => p.id === before) + 1) : list;
    const page = rest.slice(0, PAGE_DEFAULT_LIMIT);
    return new Response(JSON.stringify(page), { headers: { 'content-type': 'application/json', 'x-has-more': String(rest.length > page.length) } });
  }));
  return asked;
}

/** jsdom has no matchMedia: a screen of the given width. */
function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width >= Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0),
    media: query, addEventListener: () => {}, removeEventListener: () => {},
  }));
}

async function shown(until: (container: HTMLElement) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const container = render(<QueryClientProvider client={client}><PartnerPayments projectId={7} /></QueryClientProvider>);
  await vi.waitFor(async () => {
    await settle();
    until(container);
  });
  return container;
}

const rows = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('[data-testid="payment"]')];
const button = (scope: HTMLElement, text: string) => [...scope.querySelectorAll('button')].find((b) => b.textContent?.startsWith(text));

describe('PartnerPayments: staff see every payment with its history', () => {
  it('lists the newest page as a table on a wide screen, in Dutch, and loads the older ones with "Meer laden"', async () => {
    screenWidth(1280);
    const asked = servePayments(all);
    const container = await shown((c) => expect(rows(c).length).toBe(PAGE_DEFAULT_LIMIT));
    expect(asked[0]!.pathname).toBe('/api/partner/project/7/payments');
    expect(asked[0]!.searchParams.has('before')).toBe(false);

    const table = container.querySelector('table')!;
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Adres', 'Formulier', 'Bedrag', 'Status', 'Aangemaakt', 'Betaald op', 'Geschiedenis']);
    const first = rows(container)[0]!;
    expect([...first.querySelectorAll('tr:first-child > *')].slice(0, 6).map((cell) => cell.textContent)).toEqual([
      'Tulpstraat 10, 1234 AB Utrecht', 'Keuzes voor uw keuken', '€\u00a01.250,50', 'Betaald', '21-11-2026 14:03', '21-11-2026 14:09',
    ]);
    expect(rows(container)[1]!.textContent).toContain('€\u00a010,00');
    expect(rows(container)[1]!.textContent).toContain('Open');
    expect(rows(container)[1]!.textContent).toContain('Nog niet betaald');
    expect(rows(container)[2]!.textContent).toContain('Mislukt');

    click(button(container, 'Meer laden')!);
    await vi.waitFor(async () => {
      await settle();
      expect(rows(container)).toHaveLength(60);
    });
    expect(asked[1]!.searchParams.get('before')).toBe('11'); // the last payment of the first page
    expect(rows(container).at(-1)!.querySelector('th')!.textContent).toBe('Geen adres');
    expect(button(container, 'Meer laden')).toBeUndefined();
  });

  it('opens and closes a payment\'s history with a button that says whether it is open', async () => {
    screenWidth(1280);
    servePayments([paid]);
    const container = await shown((c) => expect(rows(c)).toHaveLength(1));
    const toggle = button(container, 'Geschiedenis')!;
    expect(toggle.textContent).toBe(`Geschiedenis van de betaling van Tulpstraat 10, 1234 AB Utrecht, €\u00a01.250,50, ${formatMoment(paid.created_at)}`);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(container.querySelector('[data-testid="payment-history"]')).toBeNull();

    click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const history = container.querySelector<HTMLElement>('[data-testid="payment-history"]')!;
    expect(toggle.getAttribute('aria-controls')).toBe(history.id);
    expect([...history.querySelectorAll('[data-testid="payment-event"]')].map((li) => [...li.querySelectorAll('[data-part]')].map((part) => part.textContent))).toEqual([
      ['21-11-2026 14:03', 'Aangemaakt', 'Open', 'Betaling bijgewerkt'],
      ['21-11-2026 14:08', 'Teruggekeerd van de betaalpagina', 'Open', 'Geen wijziging'],
      ['21-11-2026 14:09', 'Melding van de betaalprovider', 'Betaald', 'Betaling bijgewerkt'],
      ['21-11-2026 14:30', 'Nagevraagd bij de betaalprovider', 'Betaald', 'Geen wijziging'],
    ]);
    expect(history.textContent).toContain('Mollie');
    expect(history.textContent).toContain('tr_Wk3vQ9');

    click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(container.querySelector('[data-testid="payment-history"]')).toBeNull();
  });

  it('shows a card per payment on a phone, with the address as its heading', async () => {
    screenWidth(375);
    servePayments([paid]);
    const container = await shown((c) => expect(rows(c)).toHaveLength(1));
    expect(container.querySelector('table')).toBeNull();
    const card = rows(container)[0]!;
    expect(card.querySelector('h2')!.textContent).toBe('Tulpstraat 10, 1234 AB Utrecht');
    expect([...card.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling!.textContent}`)).toEqual([
      'Formulier: Keuzes voor uw keuken', 'Bedrag: €\u00a01.250,50', 'Status: Betaald', 'Aangemaakt: 21-11-2026 14:03', 'Betaald op: 21-11-2026 14:09',
    ]);
    click(button(card, 'Geschiedenis')!);
    expect(card.querySelectorAll('[data-testid="payment-event"]')).toHaveLength(4);
  });

  it('flags the payments of a form that is paid more than once, with a notice above the list', async () => {
    const twice = (id: number, createdAt: string): TStaffPayment => ({ ...paid, id, provider_payment_id: `tr_${id}`, entry_id: 8, created_at: createdAt, double_paid: true });
    for (const width of [1280, 375]) {
      screenWidth(width);
      servePayments([twice(62, at(22, 10, 0)), twice(61, at(21, 9, 0)), paid]);
      const container = await shown((c) => expect(rows(c)).toHaveLength(3));
      const notice = container.querySelector('[role="status"]')!;
      expect(notice.textContent).toContain('Let op: 1 formulier is meer dan één keer betaald');
      expect(rows(container).map((row) => row.querySelector('[data-testid="double-paid"]')?.textContent ?? null)).toEqual(['Dubbel betaald', 'Dubbel betaald', null]);
      cleanup();
    }
  });

  it('says so when the project has no payments yet', async () => {
    screenWidth(1280);
    servePayments([]);
    const container = await shown((c) => expect(c.textContent).toContain('Er zijn nog geen betalingen.'));
    expect(container.querySelector('table')).toBeNull();
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    screenWidth(1280);
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'Niet gevonden.' }), { status: 404, headers: { 'content-type': 'application/json' } })));
    const container = await shown((c) => expect(c.textContent).toContain('Deze gegevens zijn niet gevonden.'));
    expect(button(container, 'Opnieuw proberen')).toBeDefined();
  });
});
