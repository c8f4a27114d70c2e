// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DateField, normalizeDutchDate, parseDutchDate } from './date-field';
import { byLabel, changeValue, cleanup, click, interact, press, render } from './dom-test-utils';

const TODAY = new Date(2026, 3, 15); // woensdag 15 april 2026

/** A DateField as a form holds it; `changes` records every value it reports. */
function Harness({ initial = '', changes }: { initial?: string; changes: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField label="Datum van de opname" value={value} onChange={(next) => { changes.push(next); setValue(next); }} today={TODAY} />
      <button type="button">Verder</button>
    </>
  );
}

function setUp(initial = '') {
  const changes: string[] = [];
  const container = render(<Harness initial={initial} changes={changes} />);
  const input = byLabel<HTMLInputElement>(container, 'Datum van de opname');
  const toggle = () => container.querySelector<HTMLButtonElement>('button[aria-haspopup="dialog"]')!;
  const dialog = () => container.querySelector<HTMLElement>('[role="dialog"]');
  const focused = () => document.activeElement?.getAttribute('aria-label');
  const next = Array.from(container.querySelectorAll('button')).find((button) => button.textContent === 'Verder')!;
  return { container, changes, input, toggle, dialog, focused, next };
}

afterEach(cleanup);

describe('parseDutchDate and normalizeDutchDate', () => {
  it('read DD-MM-YYYY and only real days', () => {
    expect(parseDutchDate('05-03-2026')).toEqual(new Date(2026, 2, 5));
    expect(parseDutchDate('31-02-2026')).toBeNull();
    expect(parseDutchDate('2026-03-05')).toBeNull();
    expect(parseDutchDate('5-3-2026')).toBeNull();
  });

  it('write what was typed as DD-MM-YYYY when it is a day, and leave anything else as typed', () => {
    expect(normalizeDutchDate('5-3-2026')).toBe('05-03-2026');
    expect(normalizeDutchDate(' 5.3.2026 ')).toBe('05-03-2026');
    expect(normalizeDutchDate('05032026')).toBe('05-03-2026');
    expect(normalizeDutchDate('31-2-2026')).toBe('31-2-2026');
    expect(normalizeDutchDate('morgen')).toBe('morgen');
  });
});

describe('DateField', () => {
  it('is a labelled text input for DD-MM-YYYY that normalises what was typed when it is left', () => {
    const { input, changes, next } = setUp();
    expect(input.getAttribute('placeholder')).toBe('DD-MM-JJJJ');
    expect(input.maxLength).toBe(10);
    input.focus();
    changeValue(input, '7-4-2026');
    interact(() => next.focus());
    expect(input.value).toBe('07-04-2026');
    expect(changes.at(-1)).toBe('07-04-2026');
  });

  it('offers the years from 10 before to 10 after the current year, and twelve Dutch months', () => {
    const { container, toggle, dialog } = setUp();
    click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(dialog()!.getAttribute('aria-label')).toBe('Kies een datum');
    const years = Array.from(byLabel<HTMLSelectElement>(container, 'Jaar').options).map((o) => Number(o.value));
    expect(years).toHaveLength(21);
    expect(years[0]).toBe(2016);
    expect(years.at(-1)).toBe(2036);
    const months = Array.from(byLabel<HTMLSelectElement>(container, 'Maand').options).map((o) => o.textContent);
    expect(months).toEqual(['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december']);
  });

  it('opens on the chosen day with focus on it, marks today, and starts the week on Monday', () => {
    const { container, toggle, focused } = setUp('05-03-2026');
    expect(toggle().getAttribute('aria-label')).toBe('Kies datum, gekozen: donderdag 5 maart 2026');
    click(toggle());
    expect(focused()).toBe('donderdag 5 maart 2026');
    expect(document.activeElement!.getAttribute('aria-pressed')).toBe('true');
    expect(Array.from(container.querySelectorAll('th')).map((th) => th.textContent)).toEqual(['ma', 'di', 'wo', 'do', 'vr', 'za', 'zo']);
    // only one day is in the tab order
    expect(container.querySelectorAll('td button[tabindex="0"]')).toHaveLength(1);
    // March 2026 starts on a Sunday: six empty cells before the 1st
    const firstRow = Array.from(container.querySelectorAll('tbody tr:first-child td')).map((td) => td.textContent);
    expect(firstRow).toEqual(['', '', '', '', '', '', '1']);
    click(byLabel(container, 'Volgende maand'));
    expect(byLabel(container, 'woensdag 15 april 2026').getAttribute('aria-current')).toBe('date');
  });

  it('moves through the days by keyboard: arrows, Home/End, PageUp/PageDown, with Shift a year', () => {
    const { container, toggle, focused } = setUp('05-03-2026');
    click(toggle());
    const grid = container.querySelector('table')!;
    press(document.activeElement!, 'ArrowRight');
    expect(focused()).toBe('vrijdag 6 maart 2026');
    press(document.activeElement!, 'ArrowDown');
    expect(focused()).toBe('vrijdag 13 maart 2026');
    press(document.activeElement!, 'Home');
    expect(focused()).toBe('maandag 9 maart 2026');
    press(document.activeElement!, 'End');
    expect(focused()).toBe('zondag 15 maart 2026');
    press(document.activeElement!, 'PageDown');
    expect(focused()).toBe('woensdag 15 april 2026');
    expect(grid.querySelector('caption')!.textContent).toBe('april 2026');
    press(document.activeElement!, 'PageUp', { shiftKey: true });
    expect(focused()).toBe('dinsdag 15 april 2025');
    expect(byLabel<HTMLSelectElement>(container, 'Jaar').value).toBe('2025');
    press(document.activeElement!, 'ArrowUp');
    expect(focused()).toBe('dinsdag 8 april 2025');
  });

  it('goes no further than the first and last day of the years it offers', () => {
    const { container, toggle, focused } = setUp('01-01-2016');
    click(toggle());
    press(document.activeElement!, 'ArrowLeft');
    expect(focused()).toBe('vrijdag 1 januari 2016');
    press(document.activeElement!, 'PageUp', { shiftKey: true });
    expect(focused()).toBe('vrijdag 1 januari 2016');
    expect((byLabel(container, 'Vorige maand') as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps the day within the month when another month or year is chosen from the selects', () => {
    const { container, toggle } = setUp('31-01-2028');
    click(toggle());
    changeValue(byLabel<HTMLSelectElement>(container, 'Maand'), '1');
    expect(container.querySelector('td button[tabindex="0"]')!.getAttribute('aria-label')).toBe('dinsdag 29 februari 2028');
    changeValue(byLabel<HTMLSelectElement>(container, 'Jaar'), '2027');
    expect(container.querySelector('td button[tabindex="0"]')!.getAttribute('aria-label')).toBe('zondag 28 februari 2027');
  });

  it('chooses a day as DD-MM-YYYY, closes, and gives focus back to its button', () => {
    const { changes, toggle, dialog, input } = setUp('05-03-2026');
    click(toggle());
    press(document.activeElement!, 'ArrowRight');
    press(document.activeElement!, 'ArrowRight');
    click(document.activeElement!);
    expect(changes).toEqual(['07-03-2026']);
    expect(input.value).toBe('07-03-2026');
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(toggle());
  });

  it('closes on Escape without choosing, and when focus leaves it', () => {
    const { changes, toggle, dialog, next } = setUp('05-03-2026');
    click(toggle());
    press(document.activeElement!, 'Escape');
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(toggle());
    click(toggle());
    expect(dialog()).not.toBeNull();
    interact(() => next.focus());
    expect(dialog()).toBeNull();
    expect(changes).toEqual([]);
  });
});
