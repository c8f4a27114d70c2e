import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { TSchedule } from '@portal/contract';
import type { Audience } from '../../../lib/audience';
import { scheduleKeys } from '../api';
import { SchedulePage } from './schedule-page';

const empty: TSchedule = { comment: null, image_url: null, show_date: false, sorted_scheduled_items: {} };

/** The page as it renders once the schedule has arrived. */
function shown(audience: Audience, schedule: TSchedule): string {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(scheduleKeys.detail(audience), schedule);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <Router ssrPath="/planning"><SchedulePage audience={audience} day={null} itemId={null} /></Router>
    </QueryClientProvider>,
  );
}

const resident: Audience = { kind: 'occupant', projectId: 1 };
const visitor: Audience = { kind: 'public', projectId: 1 };

describe('SchedulePage: the empty states of the spec (section 4, Planning)', () => {
  it("says 'Geen planning beschikbaar' to a resident when nothing is planned and there is no note", () => {
    const html = shown(resident, empty);
    expect(html).toContain('Geen planning beschikbaar');
    expect(html).not.toContain('Geen informatie beschikbaar');
  });

  it("says 'Geen informatie beschikbaar' on the public page without a comment or image", () => {
    const html = shown(visitor, empty);
    expect(html).toContain('Geen informatie beschikbaar');
    expect(html).not.toContain('Geen planning beschikbaar');
  });

  it('shows the image instead, to a resident with only an image and to every visitor', () => {
    // (a comment is staff HTML, cleaned by DOMPurify in the browser: the e2e suite shows it)
    const withImage = { ...empty, image_url: '/api/files/3/planning.png' };
    for (const audience of [resident, visitor]) {
      const html = shown(audience, withImage);
      expect(html).toContain('src="/api/files/3/planning.png"');
      expect(html).not.toMatch(/Geen (informatie|planning) beschikbaar/);
    }
  });
});
