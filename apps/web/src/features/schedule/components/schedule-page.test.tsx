// @vitest-environment jsdom
// (a DOM for DOMPurify, which cleans the entries' staff HTML)
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { TSchedule, TScheduleEntry } from '@portal/contract';
import type { Audience } from '../../../lib/audience';
import { scheduleKeys } from '../api';
import { SchedulePage } from './schedule-page';

const empty: TSchedule = { comment: null, image_url: null, show_date: false, month: '2026-11', months_with_items: [], sorted_scheduled_items: {} };

/** The page as it renders once the month(s) in `cached` have arrived (null: the month the server opens with). */
function shown(audience: Audience, cached: Array<[month: string | null, schedule: TSchedule]>, day: string | null = null, itemNr: number | null = null): string {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  for (const [month, schedule] of cached) client.setQueryData(scheduleKeys.month(audience, month), schedule);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <Router ssrPath="/planning"><SchedulePage audience={audience} day={day} itemNr={itemNr} /></Router>
    </QueryClientProvider>,
  );
}

const entry = (id: number, title: string, highlight = false): TScheduleEntry => ({
  item: { id, title, content: `<p>${title}</p>`, image_url: null, highlight, access_to_home_required: false, icon_urls: [], indicators: [] },
  description: null, title, partners: [], is_new: false,
});
/** A planning with items in March and May 2020 (both before today, so a day of March opens by default). */
const months = ['2020-03', '2020-05'];
const march: TSchedule = { ...empty, month: '2020-03', months_with_items: months, sorted_scheduled_items: { '2020-03-10': [entry(1, 'Steigers')], '2020-03-17': [entry(2, 'Dak')] } };
const may: TSchedule = { ...empty, month: '2020-05', months_with_items: months, sorted_scheduled_items: { '2020-05-12': [entry(3, 'Keukens'), entry(4, 'Stroom af', true)] } };
const april: TSchedule = { ...empty, month: '2020-04', months_with_items: months };

const resident: Audience = { kind: 'occupant', projectId: 1 };
const visitor: Audience = { kind: 'public', projectId: 1 };

describe('SchedulePage: the empty states of the spec (section 4, Planning)', () => {
  it("says 'Geen planning beschikbaar' to a resident when nothing is planned and there is no note", () => {
    const html = shown(resident, [[null, empty]]);
    expect(html).toContain('Geen planning beschikbaar');
    expect(html).not.toContain('Geen informatie beschikbaar');
  });

  it("says 'Geen informatie beschikbaar' on the public page without a comment or image", () => {
    const html = shown(visitor, [[null, empty]]);
    expect(html).toContain('Geen informatie beschikbaar');
    expect(html).not.toContain('Geen planning beschikbaar');
  });

  it('shows the image instead, to a resident with only an image and to every visitor', () => {
    // (a comment is staff HTML, cleaned by DOMPurify in the browser: the e2e suite shows it)
    const withImage = { ...empty, image_url: '/api/files/3/planning.png' };
    for (const audience of [resident, visitor]) {
      const html = shown(audience, [[null, withImage]]);
      expect(html).toContain('src="/api/files/3/planning.png"');
      expect(html).not.toMatch(/Geen (informatie|planning) beschikbaar/);
    }
  });
});

/** The markup of the calendar's month buttons, by their accessible name. */
const monthButton = (html: string, name: RegExp) => new RegExp(`<button[^>]*aria-label="${name.source}"[^>]*>`).exec(html)?.[0] ?? '';

describe('SchedulePage: one month at a time', () => {
  it('opens the month the server chose, on its last day before today, with buttons to the nearest months with items', () => {
    const html = shown(resident, [[null, march], ['2020-03', march]]);
    expect(html).toContain('data-testid="calendar-month">Maart 2020<');
    expect(html).toMatch(/data-day="2020-03-17"[^>]*aria-current="date"|aria-current="date"[^>]*data-day="2020-03-17"/);
    expect(html).toContain('Planning voor dinsdag 17 maart 2020');
    // forward skips the empty April; back has nowhere to go
    expect(monthButton(html, /Volgende maand: mei 2020/)).not.toContain('aria-disabled="true"');
    expect(monthButton(html, /Vorige maand: geen eerdere planning/)).toContain('aria-disabled="true"');
  });

  it('opens the item at the position item_nr of the day (from 0, the spec\'s /planning/{day}/{item_nr}), not by its id', () => {
    const first = shown(resident, [[null, march], ['2020-05', may]], '2020-05-12', 0);
    expect(first).toMatch(/aria-expanded="true"[^>]*>.*?Keukens/);
    expect(first).toMatch(/aria-expanded="false"[^>]*>.*?Stroom af/);
    // 3 is the id of the first item, but there is no fourth item that day: nothing opens
    expect(shown(resident, [[null, march], ['2020-05', may]], '2020-05-12', 3)).not.toContain('aria-expanded="true"');
  });

  it('opens a day of another month by its address from that month, with the asked item open', () => {
    const html = shown(resident, [[null, march], ['2020-05', may]], '2020-05-12', 1);
    expect(html).toContain('data-testid="calendar-month">Mei 2020<');
    expect(html).toContain('Planning voor dinsdag 12 mei 2020');
    expect(html).toMatch(/aria-expanded="true"[^>]*>.*?Belangrijk: .*?Stroom af/);
    expect(html).toMatch(/aria-expanded="false"[^>]*>.*?Keukens/);
    expect(monthButton(html, /Vorige maand: maart 2020/)).not.toContain('aria-disabled="true"');
    expect(monthButton(html, /Volgende maand: geen latere planning/)).toContain('aria-disabled="true"');
  });

  it('waits for the month of a day that has not arrived yet, and says when a day of a month without items has nothing', () => {
    expect(shown(resident, [[null, march]], '2020-05-12')).toContain('Bezig met laden');
    const html = shown(resident, [['2020-04', april]], '2020-04-08');
    expect(html).toContain('data-testid="calendar-month">April 2020<');
    expect(html).toContain('Er is op deze dag niets gepland.');
  });
});
