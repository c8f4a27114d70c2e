import { describe, expect, it } from 'vitest';
import { ELEMENT_REGISTRY, elementSpec, familyElementTypes, newDefinitionId, newFormElement } from './form-elements.ts';
import { definitionMessages, problemsAt, validateFormDefinition } from './form-definition-rules.ts';
import { FAMILY_KINDS, FORM_FAMILIES, type TFormElementData, type TFormFamily } from './form-rules.ts';
import type { TFormSectionDefinition } from './forms.ts';

const section = (elements: TFormSectionDefinition['elements'], id = 's1', label: string | null = 'Keuken'): TFormSectionDefinition => ({ id, label, elements });
const el = (id: string, type: string, data: TFormElementData) => ({ id, type, data });
const only = (family: TFormFamily, ...elements: TFormSectionDefinition['elements']) => validateFormDefinition(family, [section(elements)]);

describe('the element registry', () => {
  it('has an entry with a Dutch name and defaults for every kind of every family', () => {
    for (const family of FORM_FAMILIES) {
      const types = familyElementTypes(family);
      expect(types.map((t) => t.kind)).toEqual(FAMILY_KINDS[family]);
      for (const { type, spec } of types) {
        expect(spec.name.length).toBeGreaterThan(2);
        expect(elementSpec(family, type)?.name).toBe(spec.name);
      }
    }
    expect(familyElementTypes('support-base').map((t) => t.type)).toContain('sb_agreeinput');
    expect(familyElementTypes('choice').map((t) => t.type)).toContain('c_choice');
    expect(familyElementTypes('intake').map((t) => t.type)).toContain('drawinginput');
    expect(familyElementTypes('generic').map((t) => t.type)).toContain('f_photoinput');
    expect(elementSpec('intake', 'c_choice')).toBeNull();
  });

  it('makes new elements with fresh ids that are valid once they have a question (and a drawing)', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 200; i++) ids.add(newDefinitionId('e'));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^e[a-z0-9]{12}$/);
    for (const family of FORM_FAMILIES) {
      for (const kind of FAMILY_KINDS[family]) {
        const element = newFormElement(family, kind);
        element.data.label = 'Een vraag';
        if (kind === 'drawinginput') element.data.drawing = '/files/tekening.png';
        expect(only(family, element), `${family} ${kind}`).toEqual([]);
      }
    }
  });

  it('makes a new element without a question, which the validator names by its kind', () => {
    const element = newFormElement('choice', 'select');
    expect(only('choice', element)).toEqual([
      { field: `sections.s1.elements.${element.id}.data.label`, message: 'Vraag zonder tekst (Keuzelijst): geef de vraag een tekst' },
    ]);
  });
});

describe('validateFormDefinition', () => {
  it('accepts a valid definition of every family', () => {
    expect(validateFormDefinition('choice', [
      section([
        el('t1', 'c_title', { label: 'Welkom', wysiwyg: '<p>Kies uw keuken.</p>' }),
        el('k1', 'c_choice', { label: 'Keuken kiezen', type: 'radio', defaultValue: 'Wit', options: [{ label: 'Wit', price: '0,00', image: '/f/1.png' }, { label: 'Eiken', price: '1.250,00' }] }),
        el('c1', 'c_calculatorinput', { label: 'Extra stopcontacten', unit: 'stuk', price_per_unit: '45,00', minValue: 0, maxValue: 10, defaultValue: '2' }),
        el('n1', 'c_numberinput', { label: 'Aantal', minValue: 1, maxValue: 5 }),
        el('d1', 'c_dateinput', { label: 'Datum', defaultValue: '01-04-2026' }),
        el('h1', 'c_timeinput', { label: 'Tijd', fromHour: '09:00', tillHour: '17:00', defaultValue: '10:00' }),
      ]),
      section([el('s2e', 'c_signatureinput', { label: 'Handtekening' })], 's2', 'Ondertekenen'),
    ])).toEqual([]);
    expect(only('support-base', el('a1', 'sb_agreeinput', { label: 'Gaat u akkoord?', agree: 'Ja', disagree: 'Nee' }))).toEqual([]);
    expect(only('intake', el('p1', 'drawinginput', { label: 'Waar lekt het?', drawing: '/f/plattegrond.png', options: [{ label: 'Lek' }] }))).toEqual([]);
    expect(only('generic', el('c1', 'f_contactinput', { label: 'Contact', contact_fields: { email_address: true } }))).toEqual([]);
  });

  it('needs a section, each with a name and a unique id', () => {
    expect(validateFormDefinition('generic', [])).toEqual([{ field: 'sections', message: definitionMessages.noSections }]);
    expect(validateFormDefinition('generic', [section([], 's1', ' '), section([], 's1', 'Tweede'), section([], 'x y', 'Derde')])).toEqual([
      { field: 'sections.s1.id', message: "Onderdeel zonder naam: het id 's1' komt vaker voor in dit formulier" },
      { field: 'sections.s1.label', message: 'Onderdeel zonder naam: geef het onderdeel een naam' },
      { field: 'sections.s1.id', message: "Onderdeel 'Tweede': het id 's1' komt vaker voor in dit formulier" },
      { field: 'sections.x y.id', message: "Onderdeel 'Derde': het id 'x y' is ongeldig (gebruik letters, cijfers, - en _)" },
    ]);
  });

  it('lets a form of one section leave its name out (the simple public form)', () => {
    expect(validateFormDefinition('generic', [section([el('q', 'f_textareainput', { label: 'Uw vraag' })], 's1', null)])).toEqual([]);
  });

  it('refuses element ids used twice in the form, also across sections', () => {
    const problems = validateFormDefinition('intake', [
      section([el('naam', 'textinput', { label: 'Naam' })]),
      section([el('naam', 'textinput', { label: 'Achternaam' })], 's2', 'Twee'),
    ]);
    expect(problems).toEqual([
      { field: 'sections.s1.elements.naam.id', message: "Vraag 'Naam': het id 'naam' komt vaker voor in dit formulier" },
      { field: 'sections.s2.elements.naam.id', message: "Vraag 'Achternaam': het id 'naam' komt vaker voor in dit formulier" },
    ]);
  });

  it('refuses an element type of another family, and unknown types', () => {
    expect(only('intake', el('k1', 'c_choice', { label: 'Keuken kiezen', type: 'radio', options: [{ label: 'A' }, { label: 'B' }] }), el('x', 'f_rocket', { label: 'Raket' }))).toEqual([
      { field: 'sections.s1.elements.k1.type', message: "Element 'Keuken kiezen': het type 'c_choice' hoort niet bij een opnameformulier" },
      { field: 'sections.s1.elements.x.type', message: "Element 'Raket': het type 'f_rocket' bestaat niet" },
    ]);
  });

  it('needs a question, and a title or text for a text block', () => {
    expect(only('generic', el('t', 'f_title', { label: '', wysiwyg: '<p> </p>' }), el('q', 'f_textinput', { label: '  ' }))).toEqual([
      { field: 'sections.s1.elements.t.data.label', message: 'Tekstblok zonder tekst (Titel en tekst): vul een titel of een tekst in' },
      { field: 'sections.s1.elements.q.data.label', message: 'Vraag zonder tekst (Tekstveld): geef de vraag een tekst' },
    ]);
    expect(only('generic', el('t', 'f_title', { wysiwyg: '<p>Welkom</p>' }))).toEqual([]);
    expect(only('generic', el('q', 'f_textinput', { label: 'x'.repeat(1001) }))[0]?.message).toMatch(/^Vraag 'x+…': gebruik voor de vraag maximaal 1000 tekens$/);
  });

  it('refuses a select or choice without options, with one (unless ticked), options without a name and twice the same option', () => {
    expect(only('choice', el('k1', 'c_choice', { label: 'Keuken kiezen', type: 'radio', options: [] }))).toEqual([
      { field: 'sections.s1.elements.k1.data.options', message: "Vraag 'Keuken kiezen': voeg minstens één optie toe" },
    ]);
    expect(only('choice', el('k1', 'c_select', { label: 'Kleur', type: 'dropdown', options: [{ label: 'Rood' }] }))).toEqual([
      { field: 'sections.s1.elements.k1.data.options', message: "Vraag 'Kleur': voeg minstens twee opties toe" },
    ]);
    expect(only('choice', el('k1', 'c_select', { label: 'Akkoord met de voorwaarden', type: 'check', options: [{ label: 'Ja' }] }))).toEqual([]);
    expect(only('choice', el('k1', 'c_choice', { label: 'Keuken kiezen', type: 'radio', options: [{ label: 'Wit' }, { label: '' }, { label: 'Wit' }] }))).toEqual([
      { field: 'sections.s1.elements.k1.data.options.1.label', message: "Vraag 'Keuken kiezen': een optie heeft geen naam" },
      { field: 'sections.s1.elements.k1.data.options.2.label', message: "Vraag 'Keuken kiezen': de optie 'Wit' komt vaker voor" },
    ]);
  });

  it('refuses a select type the kind does not offer', () => {
    expect(only('choice', el('k1', 'c_choice', { label: 'Keuken kiezen', type: 'dropdown', options: [{ label: 'A' }, { label: 'B' }] }))).toEqual([
      { field: 'sections.s1.elements.k1.data.type', message: "Vraag 'Keuken kiezen': kies hoe de opties worden getoond (radio, check)" },
    ]);
  });

  it('refuses prices that are no amount, and suggests one', () => {
    expect(only('choice', el('k1', 'c_choice', { label: 'Keuken kiezen', type: 'radio', options: [{ label: 'Wit', price: '12,5' }, { label: 'Eiken', price: 'gratis' }, { label: 'Noten', price: '1250.5' }] }))).toEqual([
      { field: 'sections.s1.elements.k1.data.options.0.price', message: "Vraag 'Keuken kiezen': '12,5' is geen bedrag; schrijf bijvoorbeeld 12,50" },
      { field: 'sections.s1.elements.k1.data.options.1.price', message: "Vraag 'Keuken kiezen': 'gratis' is geen bedrag; schrijf bijvoorbeeld 12,50" },
      { field: 'sections.s1.elements.k1.data.options.2.price', message: "Vraag 'Keuken kiezen': '1250.5' is geen bedrag; schrijf bijvoorbeeld 1.250,50" },
    ]);
    expect(only('choice', el('c1', 'c_calculatorinput', { label: 'Stopcontacten', unit: 'stuk', price_per_unit: '€ 45' }))).toEqual([
      { field: 'sections.s1.elements.c1.data.price_per_unit', message: "Vraag 'Stopcontacten': '€ 45' is geen bedrag; schrijf bijvoorbeeld 12,50" },
    ]);
  });

  it('refuses a minimum above the maximum and bounds out of range', () => {
    expect(only('intake', el('n', 'numberinput', { label: 'Aantal kamers', minValue: 10, maxValue: 2 }))).toEqual([
      { field: 'sections.s1.elements.n.data.minValue', message: "Vraag 'Aantal kamers': de minimumwaarde (10) is groter dan de maximumwaarde (2)" },
    ]);
    expect(only('intake', el('n', 'numberinput', { label: 'Aantal', maxValue: 1e13 }))).toEqual([
      { field: 'sections.s1.elements.n.data.maxValue', message: "Vraag 'Aantal': gebruik een grens tussen -1000000000000 en 1000000000000" },
    ]);
  });

  it('refuses a negative or broken maximum length', () => {
    expect(only('generic', el('t', 'f_textareainput', { label: 'Toelichting', maxLength: -1 }))).toEqual([
      { field: 'sections.s1.elements.t.data.maxLength', message: `Vraag 'Toelichting': ${definitionMessages.maxLength}` },
    ]);
  });

  it('refuses times that are no time or in the wrong order', () => {
    expect(only('intake', el('h', 'timeinput', { label: 'Voorkeurstijd', fromHour: '14:00', tillHour: '10:00' }), el('h2', 'timeinput', { label: 'Tweede', fromHour: '9 uur' }))).toEqual([
      { field: 'sections.s1.elements.h.data.fromHour', message: "Vraag 'Voorkeurstijd': de eerste tijd (14:00) ligt na de laatste tijd (10:00)" },
      { field: 'sections.s1.elements.h2.data.fromHour', message: "Vraag 'Tweede': '9 uur' is geen tijd; schrijf bijvoorbeeld 09:00" },
    ]);
    expect(only('intake', el('h', 'timeinput', { label: 'Voorkeurstijd', fromHour: '07:30', tillHour: '10:00' }))).toEqual([
      { field: 'sections.s1.elements.h.data.fromHour', message: "Vraag 'Voorkeurstijd': de eerste tijd (07:30) ligt voor 09:00; eerdere tijden kunnen bewoners niet kiezen" },
    ]);
  });

  it('refuses default values a resident could not give', () => {
    expect(only('choice',
      el('k', 'c_select', { label: 'Kleur', type: 'dropdown', defaultValue: 'Paars', options: [{ label: 'Rood' }, { label: 'Blauw' }] }),
      el('n', 'c_numberinput', { label: 'Aantal', minValue: 0, maxValue: 5, defaultValue: '7' }),
      el('d', 'c_dateinput', { label: 'Datum', defaultValue: '31-02-2026' }),
      el('h', 'c_timeinput', { label: 'Tijd', defaultValue: '18:00' }),
      el('t', 'c_textinput', { label: 'Code', maxLength: 3, defaultValue: 'ABCD' }),
    )).toEqual([
      { field: 'sections.s1.elements.k.data.defaultValue', message: "Vraag 'Kleur': de standaardwaarde 'Paars' is geen van de opties" },
      { field: 'sections.s1.elements.n.data.defaultValue', message: "Vraag 'Aantal': de standaardwaarde '7' is geen getal tussen de minimum- en maximumwaarde" },
      { field: 'sections.s1.elements.d.data.defaultValue', message: "Vraag 'Datum': de standaardwaarde '31-02-2026' is geen datum; schrijf bijvoorbeeld 01-04-2026" },
      { field: 'sections.s1.elements.h.data.defaultValue', message: "Vraag 'Tijd': de standaardwaarde '18:00' is geen tijd binnen de gekozen tijden" },
      { field: 'sections.s1.elements.t.data.defaultValue', message: "Vraag 'Code': de standaardwaarde is langer dan de maximale lengte" },
    ]);
  });

  it('needs a drawing for a drawing input, and checks its pin choices', () => {
    expect(only('intake', el('p', 'drawinginput', { label: 'Waar lekt het?', drawing: null, options: [{ label: '' }] }))).toEqual([
      { field: 'sections.s1.elements.p.data.options.0.label', message: "Vraag 'Waar lekt het?': een optie heeft geen naam" },
      { field: 'sections.s1.elements.p.data.drawing', message: "Vraag 'Waar lekt het?': voeg een tekening toe waarop pins worden geplaatst" },
    ]);
  });

  it('checks the photo size, the agree texts and the calculator unit', () => {
    expect(only('generic', el('f', 'f_photoinput', { label: 'Foto van de meter', image_width: 0 }))).toEqual([
      { field: 'sections.s1.elements.f.data.image_width', message: "Vraag 'Foto van de meter': de breedte en hoogte van een foto zijn hele getallen groter dan 0" },
    ]);
    expect(only('support-base', el('a', 'sb_agreeinput', { label: 'Akkoord?', agree: 'x'.repeat(1001) }))).toEqual([
      { field: 'sections.s1.elements.a.data.agree', message: "Vraag 'Akkoord?': gebruik maximaal 1000 tekens" },
    ]);
    expect(only('choice', el('c', 'c_calculatorinput', { label: 'Meters', unit: 'x'.repeat(51) }))).toEqual([
      { field: 'sections.s1.elements.c.data.unit', message: "Vraag 'Meters': gebruik voor de eenheid maximaal 50 tekens" },
    ]);
  });

  it('names the element (never its place) in every message about it', () => {
    const bad: TFormSectionDefinition[] = [
      section([
        el('k1', 'c_choice', { label: 'Keuken kiezen', type: 'dropdown', defaultValue: 'Zwart', options: [{ label: '', price: '1,5' }, { label: 'A' }, { label: 'A' }] }),
        el('n1', 'c_numberinput', { label: 'Aantal kasten', minValue: 9, maxValue: 1, defaultValue: 'veel' }),
        el('c1', 'c_calculatorinput', { label: 'Tegels', price_per_unit: 'duur', unit: 'x'.repeat(60), minValue: 5, maxValue: 1 }),
        el('h1', 'c_timeinput', { label: 'Tijdstip', fromHour: '25:00', tillHour: 'nu', defaultValue: '8' }),
        el('f1', 'c_photoinput', { label: 'Foto keuken', image_height: -3 }),
        el('k1', 'c_textinput', { label: 'Dubbel id', maxLength: 1.5 }),
        el('x1', 'sb_agreeinput', { label: 'Vreemd type' }),
      ]),
    ];
    const problems = validateFormDefinition('choice', bad);
    expect(problems.length).toBeGreaterThan(12);
    const labels: Record<string, string> = { k1: '', n1: 'Aantal kasten', c1: 'Tegels', h1: 'Tijdstip', f1: 'Foto keuken', x1: 'Vreemd type' };
    for (const problem of problems) {
      const id = /^sections\.s1\.elements\.([^.]+)\./.exec(problem.field)?.[1];
      expect(id, problem.field).toBeDefined();
      const names = id === 'k1' ? ["'Keuken kiezen':", "'Dubbel id':"] : [`'${labels[id!]}':`];
      expect(names.some((name) => problem.message.includes(name)), problem.message).toBe(true);
      expect(problem.message).not.toMatch(/\b(positie|nummer|element \d|vraag \d)/i);
    }
    expect(problemsAt(problems, 'sections.s1.elements.n1').map((p) => p.field)).toEqual([
      'sections.s1.elements.n1.data.minValue', 'sections.s1.elements.n1.data.defaultValue',
    ]);
  });

  it('reads a definition of the wrong shape without failing (the server checks the schema after it)', () => {
    const odd = [
      { id: 's1', label: 7, elements: [{ id: 3, type: 9, data: { label: 12 } }, { id: 'k', type: 'c_choice', data: { label: 'Keuken kiezen', type: 'radio', options: 'Wit', unit: 5 } }] },
      { id: 's2', label: 'Twee', elements: null },
    ] as unknown as TFormSectionDefinition[];
    const problems = validateFormDefinition('choice', odd);
    expect(problems).toContainEqual({ field: 'sections.s1.elements.k.data.options', message: "Vraag 'Keuken kiezen': voeg minstens één optie toe" });
    expect(problems).toContainEqual({ field: 'sections.s1.label', message: 'Onderdeel zonder naam: geef het onderdeel een naam' });
    expect(problems.some((p) => p.message === "Element zonder tekst (): het id '' is ongeldig (gebruik letters, cijfers, - en _)")).toBe(true);
  });

  it('gives every kind a registry entry whose settings the editor knows', () => {
    for (const spec of Object.values(ELEMENT_REGISTRY)) expect(spec.settings).toContain('label');
  });
});
