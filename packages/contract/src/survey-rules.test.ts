import { describe, expect, it } from 'vitest';
import { surveyMaxLength, surveyMessages, surveyScaleLabels, validateSurveyV1, validateSurveyV2, type SurveyElementRule } from './survey-rules.ts';

describe('survey texts and limits', () => {
  it("counts characters as '(n van max tekens)'", () => {
    expect(surveyMessages.counter(0, 300)).toBe('(0 van 300 tekens)');
    expect(surveyMessages.counter(12, 40)).toBe('(12 van 40 tekens)');
  });

  it('enforces maxLength only when it is greater than 0', () => {
    expect(surveyMaxLength(80)).toBe(80);
    expect(surveyMaxLength(0)).toBeNull();
    expect(surveyMaxLength(null)).toBeNull();
    expect(surveyMaxLength(undefined)).toBeNull();
  });

  it('reads a scale from value_1 onwards, 5 values at most, 1..5 when none are named', () => {
    expect(surveyScaleLabels({ value_1: 'Slecht', value_2: 'Goed' })).toEqual(['Slecht', 'Goed']);
    expect(surveyScaleLabels({ value_1: 'a', value_2: '', value_3: 'c' })).toEqual(['a']);
    expect(surveyScaleLabels({})).toEqual(['1', '2', '3', '4', '5']);
  });
});

describe('validateSurveyV1', () => {
  const questions = [{ id: 1, type: 'rating' as const }, { id: 2, type: 'open' as const }];
  it('accepts a whole rating 0..10 and a non-empty open answer', () => {
    expect(validateSurveyV1(questions, [{ question_id: 1, answer: 0 }, { question_id: 2, answer: 'ja' }])).toEqual([]);
    expect(validateSurveyV1(questions, [{ question_id: 1, answer: 10 }, { question_id: 2, answer: 'ja' }])).toEqual([]);
  });
  it("refuses the rest with the spec's text for open answers", () => {
    expect(validateSurveyV1(questions, [{ question_id: 1, answer: 10.5 }, { question_id: 2, answer: ' ' }])).toEqual([
      { field: 'answers.1', message: surveyMessages.ratingRange },
      { field: 'answers.2', message: 'Vul hier een antwoord in.' },
    ]);
  });
});

describe('validateSurveyV2', () => {
  const elements: SurveyElementRule[] = [
    { id: 't', type: 's_title' },
    { id: 'text', type: 's_textareainput', data: { requiredField: false, maxLength: 5 } },
    { id: 'drop', type: 's_select', data: { requiredField: false, type: 'dropdown', options: [{ label: 'A' }, { label: 'B' }] } },
    { id: 'check', type: 's_select', data: { requiredField: true, type: 'check', options: [{ label: 'A' }, { label: 'B' }] } },
    { id: 'scale', type: 's_smileyinput', data: { requiredField: false, value_1: 'x', value_2: 'y' } },
    { id: 'photo', type: 's_photoinput', data: { requiredField: true } },
  ];
  const sections = [{ elements }];
  const hasPhoto = (elementId: string, id: number) => elementId === 'photo' && id === 7;

  it('accepts a complete answer and leaves optional elements empty', () => {
    expect(validateSurveyV2(sections, { check: ['B', 'A'], photo: 7 }, hasPhoto)).toEqual([]);
    expect(validateSurveyV2(sections, { text: '12345', drop: 'A', check: ['A'], scale: 2, photo: 7 }, hasPhoto)).toEqual([]);
  });

  it('needs at least one choice in a required check group and a photo of this respondent', () => {
    expect(validateSurveyV2(sections, { check: [], photo: null }, hasPhoto)).toEqual([
      { field: 'values.check', message: 'Kies minimaal één optie' },
      { field: 'values.photo', message: surveyMessages.photoRequired },
    ]);
    expect(validateSurveyV2(sections, { check: ['A', 'A'], photo: 8 }, hasPhoto)).toEqual([
      { field: 'values.check', message: surveyMessages.notAnOption },
      { field: 'values.photo', message: surveyMessages.photoUnknown },
    ]);
  });

  it('checks length, options and scale', () => {
    expect(validateSurveyV2(sections, { text: '123456', drop: 'C', check: ['A'], scale: 3, photo: 7, t: 'x' }, hasPhoto)).toEqual([
      { field: 'values.t', message: surveyMessages.unknownElement },
      { field: 'values.text', message: 'Gebruik maximaal 5 tekens' },
      { field: 'values.drop', message: surveyMessages.notAnOption },
      { field: 'values.scale', message: 'Kies een waarde van 1 tot en met 2' },
    ]);
  });
});

describe('survey texts', () => {
  it("write 'enquête' with its ê, except the spec's own 'Enquete verstuurd' and 'Enquete kon niet worden verstuurd'", () => {
    const texts = Object.entries(surveyMessages).flatMap(([key, text]) => (typeof text === 'string' ? [[key, text] as const] : []));
    const without = texts.filter(([, text]) => /enquete/i.test(text)).map(([key]) => key);
    expect(without).toEqual(['sent', 'failed']);
    expect([surveyMessages.sent, surveyMessages.failed]).toEqual(['Enquete verstuurd', 'Enquete kon niet worden verstuurd']);
  });
});
