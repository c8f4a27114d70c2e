import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { MonthCalendar } from './month-calendar';

const render = (selected: string | null) => renderToStaticMarkup(
  <Router ssrPath="/planning"><MonthCalendar month={new Date(2026, 10, 1)} previous={null} next={new Date(2027, 1, 1)} onMonthChange={() => {}} counts={{ '2026-11-23': 2, '2026-11-25': 1 }}
    highlighted={new Set(['2026-11-25'])} selected={selected} today={new Date(2026, 10, 23)} hrefFor={(day) => `/planning/${day}`} /></Router>,
);

/** How many elements of the markup carry the class `underline`. */
const underlined = (html: string) => [...html.matchAll(/class="([^"]*)"/g)].filter((m) => m[1]!.split(/\s+/).includes('underline')).length;

/** The markup of one day's link. */
const dayLink = (html: string, day: string) => new RegExp(`<a[^>]*data-day="${day}"[^>]*>.*?</a>`).exec(html)?.[0] ?? '';

describe('MonthCalendar', () => {
  it('underlines today once, on the number, also when today is the selected planned day', () => {
    for (const selected of ['2026-11-23', null]) {
      const today = dayLink(render(selected), '2026-11-23');
      expect(today).not.toBe('');
      expect(underlined(today)).toBe(1);
      expect(today).toMatch(/<span[^>]*class="underline[^"]*"[^>]*>23<\/span>/);
    }
    expect(dayLink(render('2026-11-23'), '2026-11-23')).toContain('aria-current="date"');
  });

  it('labels the month buttons with the month they lead to, and disables one that leads nowhere', () => {
    const html = render(null);
    expect(html).toMatch(/<button[^>]*aria-label="Volgende maand: februari 2027"(?![^>]*aria-disabled=")[^>]*>/);
    expect(html).toMatch(/<button[^>]*aria-label="Vorige maand: geen eerdere planning"[^>]*aria-disabled="true"[^>]*>/);
  });

  it('underlines no other day', () => {
    expect(underlined(dayLink(render('2026-11-25'), '2026-11-25'))).toBe(0);
  });
});
