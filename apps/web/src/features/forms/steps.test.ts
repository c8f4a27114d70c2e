import { describe, expect, it } from 'vitest';
import type { TGenericEntry } from '@portal/contract';
import { blockedMessage, isStepEnabled, nextStep, parseStep, resumeStep, stepList, stepSegments } from './steps';

const section = (required: number, filled: number, label = 'Onderdeel') => ({ id: label, label, elements: [], nr_of_required_fields: required, nr_of_required_fields_filled_in: filled });

function entry(patch: Partial<TGenericEntry> = {}): TGenericEntry {
  return {
    id: 40, form_id: 3, name: 'Melding', description: null, form: [section(2, 2, 'Gegevens'), section(1, 0, 'Woning')], completed: false, locked: false, status: 'answered',
    signature_not_required: false, require_to_sign_form: true, require_to_sign_form_legally: false, nr_of_signatures: null, signature: {},
    signatures_completed: false, summary_enabled: false, summary_completed: false, nr_of_signatures_enabled: false, nr_of_signatures_completed: false,
    signatures_enabled: false, status_enabled: false, status_completed: false, allow_form_to_be_emailed: true, email_to: [], sent_at: null, email_once: false, status_text: null,
    summary_pdf: '', unique: null, menu_id: null, sign_request: false, allow_multiple_entries: false, updated_at: '01-03-2026', version: 1,
    ...patch,
  };
}

describe('the steps of a generic form', () => {
  it('reads and writes the slugs of every step, and refuses what names none', () => {
    for (const [segments, step] of [
      [['0'], { kind: 'section', index: 0 }],
      [['samenvatting'], { kind: 'summary' }],
      [['aantal-handtekeningen'], { kind: 'nr-of-signatures' }],
      [['handtekening', '2'], { kind: 'signature', nr: 2 }],
      [['status'], { kind: 'status' }],
    ] as const) {
      expect(parseStep(segments[0], segments[1])).toEqual(step);
      expect(stepSegments(step)).toBe(segments.join('/'));
    }
    expect(parseStep('handtekening', undefined)).toBeNull();
    expect(parseStep('handtekening', '0')).toBeNull();
    expect(parseStep('samenvatting', '1')).toBeNull();
    expect(parseStep('betalen', undefined)).toBeNull();
  });

  it('lists sections, summary, number of signatures, each signature and the status', () => {
    expect(stepList(entry()).map(stepSegments)).toEqual(['0', '1', 'samenvatting', 'aantal-handtekeningen', 'handtekening/1', 'status']);
    const signing = entry({ locked: true, nr_of_signatures: 2, nr_of_signatures_enabled: true });
    expect(stepList(signing).map(stepSegments)).toEqual(['0', '1', 'samenvatting', 'aantal-handtekeningen', 'handtekening/1', 'handtekening/2', 'status']);
    // Without the number step a locked form has one signer and no such step.
    expect(stepList(entry({ locked: true, nr_of_signatures: 1 })).map(stepSegments)).toEqual(['0', '1', 'samenvatting', 'handtekening/1', 'status']);
    expect(stepList(entry({ require_to_sign_form: false, signature_not_required: true })).map(stepSegments)).toEqual(['0', '1', 'samenvatting', 'status']);
  });

  it('says why a step is not open: right after the sections, and further on', () => {
    const open = entry();
    expect(blockedMessage(open, { kind: 'summary' })).toBe('Het formulier is nog niet volledig ingevuld.');
    expect(blockedMessage(open, { kind: 'signature', nr: 1 })).toBe('Het formulier is nog niet volledig ingevuld en goedgekeurd.');
    expect(blockedMessage(open, { kind: 'status' })).toBe('Het formulier is nog niet volledig ingevuld en goedgekeurd.');
    expect(blockedMessage(entry({ completed: true, summary_enabled: true }), { kind: 'summary' })).toBeNull();
    expect(isStepEnabled(entry({ locked: true, nr_of_signatures: 2, signatures_enabled: true }), { kind: 'signature', nr: 3 })).toBe(false);
  });

  it('goes from section to section, then to the summary and on', () => {
    const e = entry({ locked: true, nr_of_signatures: 2, nr_of_signatures_enabled: true, signatures_enabled: true });
    expect(nextStep(e, { kind: 'section', index: 0 })).toEqual({ kind: 'section', index: 1 });
    expect(nextStep(e, { kind: 'section', index: 1 })).toEqual({ kind: 'summary' });
    expect(nextStep(e, { kind: 'summary' })).toEqual({ kind: 'nr-of-signatures' });
    expect(nextStep(e, { kind: 'signature', nr: 2 })).toEqual({ kind: 'status' });
  });

  it('resumes at a section with an unsaved draft, else the first section not done, else the first open step after them', () => {
    expect(resumeStep(entry(), [])).toEqual({ kind: 'section', index: 1 });
    expect(resumeStep(entry(), [0])).toEqual({ kind: 'section', index: 0 });
    expect(resumeStep(entry({ form: [section(1, 1), section(0, 0)], completed: true, summary_enabled: true }), [])).toEqual({ kind: 'summary' });
    const signing = entry({
      form: [section(1, 1)], completed: true, locked: true, nr_of_signatures: 2, nr_of_signatures_enabled: true, nr_of_signatures_completed: true, signatures_enabled: true,
      signature: { 1: { image: 'data:image/png;base64,AA==', who: 'Jan', description: 'bewoner', mobile: null, signed: true }, 2: { image: null, who: null, description: null, mobile: null, signed: false } },
    });
    expect(resumeStep(signing, [0])).toEqual({ kind: 'signature', nr: 2 });
    expect(resumeStep(entry({ locked: true, require_to_sign_form: false, status: 'completed', status_enabled: true, status_completed: true }), [])).toEqual({ kind: 'status' });
  });
});
