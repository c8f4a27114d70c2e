import { describe, expect, it } from 'vitest';
import { appointmentEmailProblem, appointmentMobileProblem, phoneNumberDigits, plannedText } from './appointment-rules.ts';
import { occupantEmailProblem, occupantFullName, occupantPhoneProblem } from './household-rules.ts';

describe('appointment confirmation rules', () => {
  it('needs a valid e-mail address', () => {
    expect(appointmentEmailProblem('')).toBe('Vul een e-mailadres in');
    expect(appointmentEmailProblem(null)).toBe('Vul een e-mailadres in');
    expect(appointmentEmailProblem('jan@example')).toBe('Vul een geldig e-mailadres in');
    expect(appointmentEmailProblem('jan@example.nl')).toBeNull();
  });

  it('needs a Dutch mobile number of 10 digits', () => {
    expect(appointmentMobileProblem(' ')).toBe('Vul een telefoonnummer in');
    expect(appointmentMobileProblem('0612')).toBe('Vul minimaal 10 cijfers in');
    expect(appointmentMobileProblem('06123456789')).toBe('Vul een telefoonnummer van 10 cijfers in, bijvoorbeeld 0612345678');
    expect(appointmentMobileProblem('06-1234567a')).toBe('Vul een telefoonnummer van 10 cijfers in, bijvoorbeeld 0612345678');
    for (const ok of ['0612345678', '06 1234 5678', '06-12345678', '+31 6 12345678', '0031612345678']) expect(appointmentMobileProblem(ok), ok).toBeNull();
  });

  it('reads the digits of a number with a +31 prefix as a national number', () => {
    expect(phoneNumberDigits('+31 (0)6 1234 5678')).toBe('0612345678');
    expect(phoneNumberDigits('+31 6 1234 5678')).toBe('0612345678');
  });

  it('says when an appointment is planned', () => {
    expect(plannedText('14-04-2026', '09:00')).toBe('Gepland op 14-04-2026 - 09:00 uur');
  });
});

describe('occupant rules', () => {
  it('allows an empty e-mail address and phone numbers, and checks given ones', () => {
    expect(occupantEmailProblem('')).toBeNull();
    expect(occupantEmailProblem('anna@')).toBe('Vul een geldig e-mailadres in.');
    expect(occupantPhoneProblem(null)).toBeNull();
    expect(occupantPhoneProblem('030 12')).toBe('Vul minimaal 10 cijfers in');
    expect(occupantPhoneProblem('030 123 4567')).toBeNull();
    // fewer than 10 digits is always the spec's text, whatever else was typed
    expect(occupantPhoneProblem('bel mij')).toBe('Vul minimaal 10 cijfers in');
    expect(occupantPhoneProblem('06-12ab')).toBe('Vul minimaal 10 cijfers in');
    expect(occupantPhoneProblem('tel. 030 123 4567')).toBe('Vul een geldig telefoonnummer in');
    expect(occupantPhoneProblem('0031 30 123 4567 8901 23')).toBe('Vul een geldig telefoonnummer in');
  });

  it('writes a full name with the affix', () => {
    expect(occupantFullName({ first_name: 'Jan', affix: 'de', last_name: 'Vries' })).toBe('Jan de Vries');
    expect(occupantFullName({ first_name: 'Fatima', affix: null, last_name: 'El Amrani' })).toBe('Fatima El Amrani');
  });
});
