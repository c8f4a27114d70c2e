import { describe, expect, it } from 'vitest';
import { appointmentRulesProblems, newAppointmentTypeBody, weekdayName, ZAppointmentTypeBody } from './staff-appointment-types.ts';

const day = (weekday: number, ...ranges: Array<[string, string]>) => ({ weekday, ranges: ranges.map(([start, end]) => ({ start, end })) });

describe('appointment type rules', () => {
  it('accepts the editor\'s defaults', () => {
    expect(ZAppointmentTypeBody.safeParse({ ...newAppointmentTypeBody(), subject: 'Schouw' }).success).toBe(true);
  });

  it('names the day and the times of each problem, in Dutch', () => {
    expect(appointmentRulesProblems(60, {
      weekly: [day(2, ['09:00', '12:00'], ['11:30', '14:00']), day(3, ['10:00', '10:30']), day(4, ['13:00', '13:00']), day(2, ['15:00', '17:00'])],
      overrides: [{ date: '2030-05-06', ranges: [] }],
      days_off: ['2030-05-06'],
    })).toEqual([
      { field: 'availability.weekly.0.ranges', message: 'Dinsdag: de tijden 09:00-12:00 en 11:30-14:00 overlappen.' },
      { field: 'availability.weekly.1.ranges.0', message: 'Woensdag: 10:00-10:30 is korter dan de duur van de afspraak (60 minuten).' },
      { field: 'availability.weekly.2.ranges.0.end', message: 'Donderdag: de eindtijd 13:00 ligt niet na de begintijd 13:00.' },
      { field: 'availability.weekly.3.weekday', message: 'Dinsdag staat twee keer in het weekrooster.' },
      { field: 'availability.overrides.0.ranges', message: '06-05-2030: geef andere tijden op, of maak er een vrije dag van.' },
      { field: 'availability.days_off.0', message: '06-05-2030 staat twee keer bij de afwijkende dagen of vrije dagen.' },
    ]);
  });

  it('lets ranges touch, and allows a day until 24:00', () => {
    expect(appointmentRulesProblems(30, { weekly: [day(1, ['09:00', '12:00'], ['12:00', '24:00'])], overrides: [], days_off: [] })).toEqual([]);
    expect(weekdayName(7)).toBe('Zondag');
  });
});
