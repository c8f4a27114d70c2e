import { describe, expect, it } from 'vitest';
import type { TSupportBaseForm } from '@portal/contract';
import { attachmentsDone, blockedMessage, isFinished, nextStep, NOTHING_OPENED, parseSupportBaseStep, resumeStep, sidebarSteps, stepEnabled, stepPath } from './steps';

const section = (required: number, filled: number, label = '') => ({ id: label || 's', label, elements: [], nr_of_required_fields: required, nr_of_required_fields_filled_in: filled });
const form = (over: Partial<TSupportBaseForm> = {}): TSupportBaseForm => ({
  id: 8, project_id: 1, name: 'Draagvlak', description: null, form: [section(1, 0, 'Akkoordverklaring'), section(1, 0, 'Uw gegevens')], status: '', completed: false,
  editable: true, document_checked: false, document_url: null, signed: false, signed_status: null, sign_requested: false,
  attachments: [{ name: 'Plan', file_url: '/a' }], nr_of_signatures: null, mobile: {}, signers: [], use_sms_auth: true, email_address: null, comment: null,
  on_paper: false, agreement: null, agreement_at: null, version: 0, ...over,
});

describe('the support-base steps', () => {
  it('parses and writes the URL segments', () => {
    expect(parseSupportBaseStep('0', undefined)).toEqual({ kind: 'section', index: 0 });
    expect(parseSupportBaseStep('mobiel_nummer', '2')).toEqual({ kind: 'mobiel_nummer', nr: 2 });
    expect(parseSupportBaseStep('ondertekenen', '0')).toBeNull();
    expect(parseSupportBaseStep('document', '1')).toBeNull();
    expect(parseSupportBaseStep('onbekend', undefined)).toBeNull();
    expect(stepPath({ kind: 'ondertekenen', nr: 3 })).toBe('ondertekenen/3');
  });

  it('lists the sidebar per spec: attachments and mobile number only when they apply', () => {
    expect(sidebarSteps(form()).map((s) => s.label)).toEqual(['Akkoordverklaring', 'Uw gegevens', 'Bijlages', 'Document controleren', 'Aantal handtekeningen', 'Mobiel nummer', 'Ondertekenen', 'Afronden']);
    expect(sidebarSteps(form({ attachments: [], use_sms_auth: false })).map((s) => s.key)).toEqual(['0', '1', 'document', 'aantal_handtekeningen', 'ondertekenen', 'afronden']);
  });

  it('blocks later steps until the earlier ones are done', () => {
    expect(stepEnabled(form(), '0')).toBe(true);
    expect(stepEnabled(form(), '1')).toBe(false);
    expect(stepEnabled(form(), 'document')).toBe(false);
    const completed = form({ form: [section(1, 1), section(1, 1)], completed: true });
    expect(stepEnabled(completed, 'bijlages')).toBe(true);
    // Bijlages is not done before its attachments are opened; the document waits for them
    expect(sidebarSteps(completed).find((s) => s.key === 'bijlages')!.done).toBe(false);
    expect(stepEnabled(completed, 'document')).toBe(false);
    expect(stepEnabled(completed, 'document', { openedAttachments: ['Plan'] })).toBe(true);
    expect(stepEnabled(completed, 'aantal_handtekeningen')).toBe(false);
    expect(stepEnabled({ ...completed, document_checked: true }, 'aantal_handtekeningen')).toBe(true);
    const named = { ...completed, document_checked: true, nr_of_signatures: 1, signers: [{ nr: 1, name: 'Jan de Vries', mobile: null, signed: false }] };
    expect(stepEnabled({ ...named, mobile: { 1: '0612' } }, 'ondertekenen')).toBe(false);
    expect(stepEnabled({ ...named, mobile: { 1: '0612345678' } }, 'ondertekenen')).toBe(true);
    // the number of signatures is done only with every signer's name
    const unnamed = { ...named, signers: [{ nr: 1, name: null, mobile: '0612345678', signed: false }], mobile: { 1: '0612345678' } };
    expect(sidebarSteps(unnamed).find((s) => s.key === 'aantal_handtekeningen')!.done).toBe(false);
    expect(stepEnabled(unnamed, 'mobiel_nummer')).toBe(false);
    expect(resumeStep(unnamed)).toEqual({ kind: 'aantal_handtekeningen' });
  });

  it("ticks Bijlages only once every attachment is opened here, or once the form went further (another device)", () => {
    const done = (f: TSupportBaseForm, opened: string[] = []) => sidebarSteps(f, { openedAttachments: opened }).find((s) => s.key === 'bijlages')!.done;
    const two = form({ form: [section(1, 1), section(1, 1)], completed: true, attachments: [{ name: 'Plan', file_url: '/a' }, { name: 'Tekening', file_url: '/b' }] });
    expect(done(two)).toBe(false);
    expect(done(two, ['Plan'])).toBe(false);
    expect(done(two, ['Tekening', 'Plan'])).toBe(true);
    // not before the questions are answered (the attachments open after them, spec 4.1)
    expect(done({ ...two, completed: false, form: [section(1, 0), section(1, 1)] }, ['Plan', 'Tekening'])).toBe(false);
    expect(done({ ...two, document_checked: true })).toBe(true);
    expect(done({ ...two, sign_requested: true })).toBe(true);
    expect(attachmentsDone({ ...two, status: 'confirmed' }, NOTHING_OPENED)).toBe(true);
  });

  it('moves to the next signer before the next step, and resumes where it stopped', () => {
    const f = form({ nr_of_signatures: 2, form: [section(1, 1), section(0, 0)], completed: true });
    expect(nextStep(f, { kind: 'mobiel_nummer', nr: 1 })).toEqual({ kind: 'mobiel_nummer', nr: 2 });
    expect(nextStep(f, { kind: 'mobiel_nummer', nr: 2 })).toEqual({ kind: 'ondertekenen', nr: 1 });
    expect(nextStep(f, { kind: 'section', index: 1 })).toEqual({ kind: 'bijlages' });
    expect(resumeStep(f)).toEqual({ kind: 'bijlages' });
    expect(resumeStep(f, { openedAttachments: ['Plan'] })).toEqual({ kind: 'document' });
    expect(nextStep(f, { kind: 'section', index: 1 }, { openedAttachments: ['Plan'] })).toEqual({ kind: 'bijlages' });
    expect(resumeStep(form({ status: 'confirmed' }))).toEqual({ kind: 'afgerond' });
    expect(resumeStep(form({ on_paper: true }))).toEqual({ kind: 'afgerond' });
  });

  it('hides the flow of a signed form with no signing request open, as the demo and the letters have them (spec 4.1)', () => {
    // Signed at the signing service; its document was never opened through the portal (document_checked false).
    const signed = form({ status: 'signed', signed: true, sign_requested: false, completed: true, nr_of_signatures: 1, form: [section(1, 1), section(1, 1)], editable: false });
    expect(isFinished(signed)).toBe(true);
    expect(resumeStep(signed)).toEqual({ kind: 'afgerond' });
    // A request still open, or not every signer signed: the flow stays.
    expect(isFinished({ ...signed, sign_requested: true })).toBe(false);
    expect(isFinished({ ...signed, signed: false })).toBe(false);
    expect(isFinished(form({ status: 'confirmed' }))).toBe(true);
    // Nothing else is finished: not an empty form, nor one being filled in.
    expect(isFinished(form())).toBe(false);
    expect(isFinished(form({ status: 'open', completed: true, document_checked: true }))).toBe(false);
  });

  it("says why a step is closed: finishing before the signature is 'nog niet ondertekend' (spec 2.3, 8)", () => {
    expect(blockedMessage(form(), { kind: 'afronden' })).toBe('Het formulier is nog niet ondertekend bij ons ontvangen...');
    expect(blockedMessage(form(), { kind: 'ondertekenen', nr: 1 })).toBe('Eerst dienen de vragen beantwoord te worden voordat het ondertekend kan worden.');
    expect(blockedMessage(form(), { kind: 'document' })).toBe('Deze stap is nog niet afgerond');
  });
});
