import { describe, expect, it } from 'vitest';
import { surveyBreakingChanges, surveyDefinitionMessages, validateSurveyDefinition, type SurveyShape } from './survey-definition-rules.ts';

describe('survey definition rules', () => {
  it('accepts a version 2 survey with every element type and refuses problems naming the element', () => {
    const ok = validateSurveyDefinition({
      name: 'Alles', version: 2,
      form: [{ id: 's1', elements: [
        { id: 'a', type: 's_title', data: { label: 'Welkom' } },
        { id: 'b', type: 's_textinput', data: { label: 'Naam', requiredField: true } },
        { id: 'c', type: 's_textareainput', data: { label: 'Toelichting', maxLength: 200 } },
        { id: 'd', type: 's_select', data: { label: 'Kleur', type: 'dropdown', options: [{ label: 'Rood' }, { label: 'Blauw' }], defaultValue: 'Rood' } },
        { id: 'e', type: 's_smileyinput', data: { label: 'Blij?', icon: 'smiley', value_1: 'Nee', value_2: 'Ja' } },
        { id: 'f', type: 's_photoinput', data: { label: 'Foto', image_width: 1600 } },
      ] }],
    });
    expect(ok).toEqual([]);
    const bad = validateSurveyDefinition({ name: 'X', version: 2, form: [{ id: 's1', elements: [
      { id: 'd', type: 's_select', data: { label: 'Kleur', type: 'radio', options: [{ label: 'Rood' }], defaultValue: 'Geel' } },
      { id: 'e', type: 's_smileyinput', data: { label: 'Blij?', icon: 'heart', value_1: 'a', value_3: 'c' } },
    ] }] });
    expect(bad.map((e) => e.field)).toEqual(['form.s1.elements.d.data.options', 'form.s1.elements.d.data.defaultValue', 'form.s1.elements.e.data.icon', 'form.s1.elements.e.data.value_2']);
    for (const e of bad) expect(e.message).toMatch(/^(Keuzevraag 'Kleur'|Waardering 'Blij\?')/);
    expect(validateSurveyDefinition({ name: 'T', version: 2, form: [{ id: 's1', elements: [{ id: 'a', type: 's_title', data: { label: 'Alleen een titel' } }] }] }))
      .toEqual([{ field: 'form', message: surveyDefinitionMessages.noAnswerable }]);
  });

  it('finds the edits that break given answers, and only those', () => {
    const before: SurveyShape = { version: 2, questions: [], form: [{ elements: [
      { id: 'a', type: 's_select', data: { label: 'Kleur', type: 'radio', options: [{ label: 'Rood' }, { label: 'Blauw' }] } },
      { id: 'b', type: 's_smileyinput', data: { label: 'Blij?', icon: 'star' } },
      { id: 't', type: 's_title', data: { label: 'Kop' } },
    ] }] };
    const fine: SurveyShape = { version: 2, questions: [], form: [{ id: 's1', elements: [
      { id: 'b', type: 's_smileyinput', data: { label: 'Hoe blij?', icon: 'smiley' } },
      { id: 'a', type: 's_select', data: { label: 'Kleur deur', type: 'dropdown', options: [{ label: 'Rood' }, { label: 'Blauw' }, { label: 'Groen' }] } },
    ] }] };
    expect(surveyBreakingChanges(before, fine)).toEqual([]);
    const broken: SurveyShape = { version: 2, questions: [], form: [{ id: 's1', elements: [
      { id: 'a', type: 's_select', data: { label: 'Kleur', type: 'check', options: [{ label: 'Rood' }] } },
    ] }] };
    expect(surveyBreakingChanges(before, broken).map((e) => e.message)).toEqual([
      "Keuzevraag 'Kleur' is al beantwoord; wisselen tussen één keuze en meerdere keuzes kan niet meer.",
      "Keuzevraag 'Kleur' is al beantwoord; optie 'Blauw' kan niet meer worden verwijderd of hernoemd.",
      "Waardering 'Blij?' is al beantwoord en kan niet meer worden verwijderd.",
    ]);
  });
});
