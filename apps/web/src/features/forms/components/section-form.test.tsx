// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TFormSection, TFormValues } from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { formDrafts } from '../../../lib/form-drafts';
import { byLabel, changeValue, cleanup, click, interact, interactAsync, render, settle } from '../../../ui/dom-test-utils';
import { SectionForm } from './section-form';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

const section: TFormSection = {
  id: 's1',
  label: 'Uw woning',
  nr_of_required_fields: 2,
  nr_of_required_fields_filled_in: 0,
  elements: [
    { id: 'kop', type: 'f_title', data: { label: 'Over uw woning', wysiwyg: '<p>Vul alles <strong>eerlijk</strong> in.<script>alert(1)</script></p>' } },
    { id: 'naam', type: 'f_textinput', data: { label: 'Naam', requiredField: true } },
    { id: 'opmerking', type: 'f_textareainput', data: { label: 'Opmerking', maxLength: 20 } },
    { id: 'ruimtes', type: 'f_select', data: { label: 'Ruimtes', type: 'check', requiredField: true, options: [{ label: 'Keuken' }, { label: 'Badkamer' }, { label: 'Zolder' }] } },
    { id: 'aantal', type: 'f_numberinput', data: { label: 'Aantal bewoners', minValue: 1, maxValue: 8 } },
  ],
};

const SCOPE = 'generic:occupant:7:31';
type SaveFn = (values: TFormValues) => Promise<string>;

function renderForm(save: SaveFn, onSaved = vi.fn()) {
  const container = render(
    <SectionForm
      family="generic"
      section={section}
      draftScope={SCOPE}
      draftSection="0"
      readOnly={false}
      occupants={null}
      upload={() => Promise.reject(new Error('no uploads'))}
      save={save}
      onSaved={onSaved}
      submitLabel="Opslaan en volgende"
    />,
  );
  const submit = () => interactAsync(async () => {
    container.querySelector('form')!.requestSubmit();
    await Promise.resolve();
  });
  return { container, submit, onSaved };
}
const checkbox = (container: HTMLElement, label: string) => byLabel<HTMLInputElement>(container, label);

describe('a support-base section', () => {
  it("says 'Controleer de formulier velden' when its fields break the rules (spec section 5), not the other forms' text", async () => {
    const save = vi.fn<SaveFn>();
    const container = render(
      <SectionForm
        family="support-base"
        section={{ id: '0', label: 'Akkoordverklaring', nr_of_required_fields: 1, nr_of_required_fields_filled_in: 0,
          elements: [{ id: 'akkoord', type: 'sb_agreeinput', data: { label: 'Stemt u in met het plan?', agree: 'Ja, ik stem in', disagree: 'Nee, ik stem niet in' } }] }}
        draftScope="support-base:occupant:7:8"
        draftSection="0"
        readOnly={false}
        occupants={null}
        upload={() => Promise.reject(new Error('no uploads'))}
        save={save}
        onSaved={vi.fn()}
        submitLabel="Opslaan en volgende"
      />,
    );
    await interactAsync(async () => {
      container.querySelector('form')!.requestSubmit();
      await Promise.resolve();
    });
    await settle();
    expect(save).not.toHaveBeenCalled();
    expect(container.querySelector('[data-error-summary]')!.textContent).toContain('Controleer de formulier velden');
    expect(document.body.textContent).not.toContain('Formulier niet goed ingevuld');
  });
});

describe('a form section', () => {
  it('renders the title (sanitised), required labels with *, the textarea counter and the number hint', () => {
    const { container } = renderForm(vi.fn());
    expect(container.querySelector('h3')!.textContent).toBe('Over uw woning');
    expect(container.querySelector('.staff-html')!.innerHTML).toBe('<p>Vul alles <strong>eerlijk</strong> in.</p>');
    expect(container.querySelector('label[for="field-values-naam"]')!.textContent).toBe('Naam *');
    const area = byLabel<HTMLTextAreaElement>(container, 'Opmerking');
    expect(area.rows).toBe(4);
    expect(area.maxLength).toBe(20);
    interact(() => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(area, 'Lekkage');
      area.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(container.textContent).toContain('(7 van 20 tekens)');
    expect(container.textContent).toContain('Vul een getal van 1 t/m 8 in');
  });

  it('keys a check group per option and sends every key of the section', async () => {
    const save = vi.fn<SaveFn>().mockResolvedValue('ok');
    const { container, submit, onSaved } = renderForm(save);
    changeValue(byLabel(container, 'Naam'), 'Jan');
    click(checkbox(container, 'Badkamer'));
    expect(checkbox(container, 'Badkamer').name).toBe('values.ruimtes-value-1');
    await submit();
    expect(save).toHaveBeenCalledWith({ naam: 'Jan', opmerking: null, 'ruimtes-value-0': false, 'ruimtes-value-1': true, 'ruimtes-value-2': false, aantal: null });
    expect(onSaved).toHaveBeenCalledWith('ok');
  });

  it('stops a save that breaks the rules: the summary, red fields with their messages, focus on the summary', async () => {
    const save = vi.fn<SaveFn>();
    const { container, submit } = renderForm(save);
    await submit();
    await settle();
    expect(save).not.toHaveBeenCalled();
    const summary = container.querySelector<HTMLElement>('[data-error-summary]')!;
    expect(summary.textContent).toContain('Formulier niet goed ingevuld');
    expect(document.activeElement).toBe(summary);
    const name = byLabel<HTMLInputElement>(container, 'Naam');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent).toBe('Dit veld is verplicht');
    expect(container.querySelector('fieldset#field-values-ruimtes-value-0')!.textContent).toContain('Kies minimaal één optie');
    expect(document.body.textContent).toContain('Formulier niet goed ingevuld');
  });

  it('puts the server’s 422 messages on the fields', async () => {
    const save = vi.fn<SaveFn>().mockRejectedValue(new ApiError(422, { message: 'Formulier niet goed ingevuld', errors: [{ field: 'values.naam', message: 'Gebruik maximaal 3 tekens' }] }));
    const { container, submit } = renderForm(save);
    changeValue(byLabel(container, 'Naam'), 'Johannes');
    click(checkbox(container, 'Keuken'));
    await submit();
    await settle();
    const name = byLabel<HTMLInputElement>(container, 'Naam');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(container.querySelector('[data-error-summary]')!.textContent).toContain('Gebruik maximaal 3 tekens');
  });

  it('keeps what was typed until the server saved it, and sends a save that found no connection again when the connection returns', async () => {
    const save = vi.fn<SaveFn>().mockRejectedValueOnce(new ApiError(0, { message: 'geen verbinding' })).mockResolvedValue('saved');
    const first = renderForm(save);
    changeValue(byLabel(first.container, 'Naam'), 'Jan');
    expect(formDrafts.get(SCOPE, '0')).toMatchObject({ values: { naam: 'Jan' }, pending: false });
    click(checkbox(first.container, 'Zolder'));
    await first.submit();
    await settle();
    expect(save).toHaveBeenCalledTimes(1);
    expect(first.onSaved).not.toHaveBeenCalled();
    expect(formDrafts.get(SCOPE, '0')).toMatchObject({ values: { naam: 'Jan', 'ruimtes-value-2': true }, pending: true });
    expect(first.container.textContent).toContain('Nog niet opgeslagen');

    // The tab is closed and opened again: the draft comes back.
    cleanup();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const second = renderForm(save, first.onSaved);
    expect(byLabel<HTMLInputElement>(second.container, 'Naam').value).toBe('Jan');
    expect(checkbox(second.container, 'Zolder').checked).toBe(true);
    expect(save).toHaveBeenCalledTimes(1);

    // The connection returns: the save goes again by itself, then the draft is gone.
    await interactAsync(async () => {
      window.dispatchEvent(new Event('online'));
      await Promise.resolve();
    });
    await settle();
    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls[1]![0]).toMatchObject({ naam: 'Jan', 'ruimtes-value-2': true });
    expect(first.onSaved).toHaveBeenCalledWith('saved');
    expect(formDrafts.get(SCOPE, '0')).toBeNull();
    vi.restoreAllMocks();
  });

  it('renders every kind of the generic family with unique ids, labels tied to their inputs and descriptions that exist', async () => {
    const every: TFormSection = {
      id: 's2', label: 'Alles', nr_of_required_fields: 0, nr_of_required_fields_filled_in: 0,
      elements: [
        { id: 'kop', type: 'f_title', data: { label: 'Kop', wysiwyg: '<p>Uitleg</p>' } },
        { id: 'tekst', type: 'f_textinput', data: { label: 'Tekst', requiredField: true } },
        { id: 'lang', type: 'f_textareainput', data: { label: 'Lang', maxLength: 50 } },
        { id: 'getal', type: 'f_numberinput', data: { label: 'Getal' } },
        { id: 'tijd', type: 'f_timeinput', data: { label: 'Tijd', requiredField: true } },
        { id: 'datum', type: 'f_dateinput', data: { label: 'Datum', requiredField: true } },
        { id: 'lijst', type: 'f_select', data: { label: 'Lijst', type: 'dropdown', options: [{ label: 'A' }] } },
        { id: 'rondje', type: 'f_select', data: { label: 'Rondje', type: 'radio', requiredField: true, options: [{ label: 'A' }, { label: 'B' }] } },
        { id: 'vink', type: 'f_select', data: { label: 'Vink', type: 'check', requiredField: true, options: [{ label: 'A' }, { label: 'B' }] } },
        { id: 'foto', type: 'f_photoinput', data: { label: 'Foto', requiredField: true } },
        { id: 'contact', type: 'f_contactinput', data: { label: 'Contact', requiredField: true }, cp_id: 'custom', cp: { gender: null, initials: null, first_name: null, affix: null, last_name: null, description: null, email_address: null, prefer_email: false, telephone: null, mobile: null, different_address: true, street: null, house_number: null, house_number_suffix: null, zipcode: null, city: null } },
        { id: 'teken', type: 'f_drawinginput', data: { label: 'Teken', requiredField: true, options: [{ label: 'X' }] }, pinpoints: [{ id: 'p', x: 0.5, y: 0.5, value: '', comment: '', label: 'Pin 1', nr: 1 }] },
        { id: 'handtekening', type: 'f_signatureinput', data: { label: 'Handtekening', requiredField: true } },
      ],
    };
    const container = render(
      <SectionForm family="generic" section={every} draftScope="generic:test" draftSection="0" readOnly={false} occupants={[]} upload={vi.fn()} save={vi.fn()} onSaved={vi.fn()} submitLabel="Opslaan" />,
    );
    const submit = () => interactAsync(async () => {
      container.querySelector('form')!.requestSubmit();
      await Promise.resolve();
    });
    // The signature pad is its own chunk: let it load (jsdom has no 2D context to draw on).
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    await interactAsync(async () => {
      await import('../../../ui/signature-pad');
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(container.querySelector('[aria-label="Tekenvlak voor uw handtekening"]')).not.toBeNull();
    await submit();
    await settle();
    const ids = [...document.querySelectorAll('[id]')].map((el) => el.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const label of container.querySelectorAll('label[for]')) {
      const target = document.getElementById(label.getAttribute('for')!);
      expect(target && ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName), `label ${label.textContent}`).toBe(true);
    }
    for (const el of container.querySelectorAll('[aria-describedby]')) {
      for (const id of el.getAttribute('aria-describedby')!.split(' ')) expect(document.getElementById(id), `${id} of ${el.tagName}`).not.toBeNull();
    }
    // Every invalid field is named in the summary, each message with its question.
    const summary = container.querySelector('[data-error-summary]')!.textContent;
    for (const text of ['Tekst: Dit veld is verplicht', 'Tijd: Dit veld is verplicht', 'Datum: Dit veld is verplicht', 'Rondje: Kies een van de opties', 'Vink: Kies minimaal één optie', 'Foto: Voeg een foto toe', 'Contact: Vul een achternaam in', 'Handtekening: Geef een handtekening op']) {
      expect(summary).toContain(text);
    }
    // Each link of the summary leads to a control of its field.
    for (const link of container.querySelectorAll<HTMLAnchorElement>('[data-error-summary] a')) {
      const field = link.getAttribute('href')!.slice(1);
      const named = container.querySelector(`[name="${field}"]`) ?? document.getElementById(field);
      expect(named, field).not.toBeNull();
    }
    vi.restoreAllMocks();
  });

  it("asks a contact only the fields its element's flags name (spec 3.2)", () => {
    const blank = { gender: null, initials: null, first_name: null, affix: null, last_name: null, description: null, email_address: null, prefer_email: false, telephone: null, mobile: null, different_address: false, street: null, house_number: null, house_number_suffix: null, zipcode: null, city: null };
    const flagged: TFormSection = {
      id: 's3', label: 'Contact', nr_of_required_fields: 1, nr_of_required_fields_filled_in: 0,
      elements: [{ id: 'contact', type: 'f_contactinput', data: { label: 'Contactpersoon werk', requiredField: true, contact_fields: { first_name: true, telephone: true } }, cp_id: 'custom', cp: blank }],
    };
    const container = render(
      <SectionForm family="generic" section={flagged} draftScope="generic:flags" draftSection="0" readOnly={false} occupants={[]} upload={vi.fn()} save={vi.fn()} onSaved={vi.fn()} submitLabel="Opslaan" />,
    );
    const labels = [...container.querySelectorAll('label, legend')].map((l) => l.textContent?.replace(' *', '').trim());
    expect(labels).toEqual(expect.arrayContaining(['Contactpersoon', 'Voornaam', 'Achternaam', 'Telefoonnummer']));
    for (const hidden of ['Aanhef', 'Voorletters', 'Tussenvoegsel', 'Omschrijving', 'E-mailadres', 'Mobiel nummer', 'Liever contact per e-mail', 'Ander adres']) expect(labels).not.toContain(hidden);
  });
});
