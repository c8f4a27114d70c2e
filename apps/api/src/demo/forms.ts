import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import {
  countRequiredFields, type TFormFamily, type TFormSectionDefinition, type TFormValues, type TPinpoint,
} from '@portal/contract';
import { sanitizeStaffHtml } from '../lib/sanitize.ts';
import { addresses, occupants } from '../modules/address/address.table.ts';
import { fileUrl } from '../modules/files/index.ts';
import { formEntries, formEntryEvents, formFiles, formMenus, formPhotos, forms } from '../modules/form-engine/index.ts';
import { projects } from '../modules/project/project.table.ts';
import type { Services } from '../services.ts';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const html = (text: string) => sanitizeStaffHtml(text);
const options = (...labels: string[]) => labels.map((label) => ({ label }));

/** A simple floor plan (living room, kitchen, hall, bathroom, two bedrooms) that pins are placed on. */
const FLOOR_PLAN = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="560" viewBox="0 0 800 560">
  <rect width="800" height="560" fill="#ffffff"/>
  <g fill="none" stroke="#263238" stroke-width="8">
    <rect x="40" y="40" width="720" height="480"/>
    <line x1="420" y1="40" x2="420" y2="300"/><line x1="40" y1="300" x2="560" y2="300"/>
    <line x1="560" y1="300" x2="560" y2="520"/><line x1="300" y1="300" x2="300" y2="520"/>
    <line x1="420" y1="170" x2="760" y2="170"/>
  </g>
  <g fill="#ffffff"><rect x="180" y="292" width="70" height="16"/><rect x="412" y="90" width="16" height="60"/>
    <rect x="600" y="162" width="60" height="16"/><rect x="360" y="292" width="60" height="16"/><rect x="552" y="380" width="16" height="60"/></g>
  <g fill="#90caf9"><rect x="120" y="34" width="160" height="12"/><rect x="520" y="34" width="160" height="12"/><rect x="120" y="514" width="120" height="12"/></g>
  <g font-family="Helvetica, Arial, sans-serif" font-size="26" fill="#37474f" text-anchor="middle">
    <text x="230" y="180">Woonkamer</text><text x="590" y="115">Keuken</text><text x="590" y="245">Badkamer</text>
    <text x="170" y="420">Slaapkamer 1</text><text x="430" y="420">Slaapkamer 2</text><text x="660" y="420">Hal</text>
  </g>
  <text x="400" y="550" font-family="Helvetica, Arial, sans-serif" font-size="16" fill="#607d8b" text-anchor="middle">Plattegrond begane grond (indicatief)</text>
</svg>`;

/** A photo-like picture of a window frame with a damp patch (the sent intake's photo). */
const PHOTO = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
  <rect width="640" height="480" fill="#d7ccc8"/><rect x="140" y="60" width="360" height="300" fill="#eceff1" stroke="#795548" stroke-width="18"/>
  <line x1="320" y1="60" x2="320" y2="360" stroke="#795548" stroke-width="12"/>
  <ellipse cx="230" cy="400" rx="120" ry="40" fill="#8d6e63" opacity="0.6"/></svg>`;

/** A drawn signature (a PNG data URL, as the portal's signature canvas sends it). */
const SIGNATURE = `<svg xmlns="http://www.w3.org/2000/svg" width="461" height="150">
  <path d="M30 110 C 60 20, 90 20, 100 100 S 150 130, 170 60 S 220 20, 240 100 C 250 130, 290 60, 320 80 S 380 120, 430 50" fill="none" stroke="#000" stroke-width="4"/></svg>`;

const render = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();

/** Generic form with every f_ element type over three sections. */
function homeWishesForm(drawing: string): TFormSectionDefinition[] {
  return [
    {
      id: 'over-u',
      label: 'Over u en uw woning',
      elements: [
        { id: 'intro', type: 'f_title', data: { label: 'Uw wensen voor de renovatie', wysiwyg: html('<p>Met dit formulier geeft u door wat u wilt en wanneer wij bij u terecht kunnen. Velden met een <strong>*</strong> zijn verplicht.</p>') } },
        { id: 'naam', type: 'f_textinput', data: { label: 'Naam van de hoofdbewoner', requiredField: true, placeholder: 'Bijvoorbeeld: Jan de Vries', maxLength: 80 } },
        { id: 'bewoners', type: 'f_numberinput', data: { label: 'Met hoeveel personen woont u in de woning?', requiredField: true, minValue: 1, maxValue: 12 } },
        { id: 'vanaf', type: 'f_dateinput', data: { label: 'Vanaf welke datum kunnen wij bij u terecht?', requiredField: true } },
        { id: 'tijdstip', type: 'f_timeinput', data: { label: 'Welk tijdstip komt u het best uit?', fromHour: '09:00', tillHour: '16:00' } },
        // Per-field flags (spec 3.2): for the works a name, phone numbers and an e-mail address are enough.
        {
          id: 'contact', type: 'f_contactinput',
          data: {
            label: 'Wie is uw contactpersoon tijdens de werkzaamheden?', requiredField: true,
            contact_fields: { gender: true, initials: true, first_name: true, affix: true, email_address: true, telephone: true, mobile: true },
          },
        },
      ],
    },
    {
      id: 'wensen',
      label: 'Uw wensen',
      elements: [
        { id: 'voordeur', type: 'f_select', data: { label: 'Kleur van de nieuwe voordeur', requiredField: true, type: 'dropdown', placeholder: 'Kies een kleur', options: options('Donkergroen', 'Antraciet', 'Donkerblauw', 'Rood') } },
        { id: 'verwarming', type: 'f_select', data: { label: 'Hoe verwarmt u uw woning nu?', requiredField: true, type: 'radio', options: options('Cv-ketel op gas', 'Stadsverwarming', 'Elektrisch') } },
        { id: 'extra', type: 'f_select', data: { label: 'Welke extra’s wilt u (tegen meerprijs)?', type: 'check', options: options('Rolluiken', 'Horren', 'Extra buitenkraan', 'Laadpaal') } },
        { id: 'opmerkingen', type: 'f_textareainput', data: { label: 'Heeft u nog andere wensen?', placeholder: 'Bijvoorbeeld over de planning of een hulpvraag', maxLength: 500 } },
        { id: 'foto', type: 'f_photoinput', data: { label: 'Foto van de huidige situatie (niet verplicht)', image_width: 1600, image_height: 1600 } },
        {
          id: 'stopcontacten', type: 'f_drawinginput',
          data: { label: 'Waar wilt u een extra stopcontact of lichtpunt?', drawing, pinpointsEnabled: true, commentsEnabled: true, options: options('Stopcontact', 'Lichtpunt', 'Schakelaar') },
        },
      ],
    },
    {
      id: 'bevestigen',
      label: 'Bevestigen',
      elements: [
        { id: 'uitleg', type: 'f_title', data: { label: 'Bevestiging', wysiwyg: html('<p>Met uw handtekening bevestigt u dat u dit formulier naar waarheid heeft ingevuld.</p>') } },
        { id: 'handtekening', type: 'f_signatureinput', data: { label: 'Uw handtekening', requiredField: true } },
      ],
    },
  ];
}

const defectForm: TFormSectionDefinition[] = [
  {
    id: 'melding',
    label: 'Uw melding',
    elements: [
      { id: 'ruimte', type: 'f_select', data: { label: 'In welke ruimte zit het gebrek?', requiredField: true, type: 'dropdown', options: options('Woonkamer', 'Keuken', 'Badkamer', 'Slaapkamer', 'Zolder', 'Buiten') } },
      { id: 'omschrijving', type: 'f_textareainput', data: { label: 'Omschrijf het gebrek', requiredField: true, maxLength: 1000 } },
      { id: 'sinds', type: 'f_dateinput', data: { label: 'Sinds wanneer ziet u het?' } },
      { id: 'foto', type: 'f_photoinput', data: { label: 'Foto van het gebrek' } },
    ],
  },
];

const accessForm: TFormSectionDefinition[] = [
  {
    id: 'toegang',
    label: 'Toegang tot uw woning',
    elements: [
      { id: 'uitleg', type: 'f_title', data: { label: 'Toestemming', wysiwyg: html('<p>Tijdens de renovatie werken de vakmensen ook als u niet thuis bent. Geef hier aan of dat mag.</p>') } },
      { id: 'toestemming', type: 'f_select', data: { label: 'Mogen de vakmensen uw woning betreden als u niet thuis bent?', requiredField: true, type: 'radio', options: options('Ja', 'Nee, alleen als ik thuis ben') } },
      { id: 'sleutel', type: 'f_textinput', data: { label: 'Waar kunnen wij de sleutel ophalen?', placeholder: 'Bijvoorbeeld bij de buren op nummer 12', maxLength: 200 } },
      { id: 'huisdieren', type: 'f_textinput', data: { label: 'Heeft u huisdieren waar wij rekening mee moeten houden?', maxLength: 200 } },
    ],
  },
];

const planningForm: TFormSectionDefinition[] = [
  {
    id: 'planning',
    label: 'Uitvoeringsplanning',
    elements: [
      { id: 'uitleg', type: 'f_title', data: { label: 'De planning voor uw woning', wysiwyg: html('<p>De werkzaamheden aan uw woning staan gepland in <strong>week 14 tot en met 16</strong>. Gaat u akkoord met deze planning?</p>') } },
      { id: 'akkoord', type: 'f_select', data: { label: 'Gaat u akkoord met de planning?', requiredField: true, type: 'radio', options: options('Ja, ik ga akkoord', 'Nee, ik wil een andere periode') } },
      { id: 'toelichting', type: 'f_textareainput', data: { label: 'Toelichting', maxLength: 500 } },
    ],
  },
];

const eveningForm: TFormSectionDefinition[] = [
  {
    id: 'aanmelding',
    label: 'Aanmelding',
    elements: [
      { id: 'uitleg', type: 'f_title', data: { label: 'Bewonersavond', wysiwyg: html('<p>Op de bewonersavond vertellen wij over de plannen en beantwoorden we uw vragen. Iedereen is welkom.</p>') } },
      { id: 'naam', type: 'f_textinput', data: { label: 'Uw naam', requiredField: true, maxLength: 80 } },
      { id: 'personen', type: 'f_numberinput', data: { label: 'Met hoeveel personen komt u?', requiredField: true, minValue: 1, maxValue: 6 } },
      { id: 'avond', type: 'f_select', data: { label: 'Welke avond komt u?', requiredField: true, type: 'radio', options: options('Dinsdag 14 april', 'Donderdag 16 april') } },
      { id: 'vraag', type: 'f_textareainput', data: { label: 'Heeft u alvast een vraag?', maxLength: 500 } },
    ],
  },
];

const solarForm: TFormSectionDefinition[] = [
  {
    id: 'aanvraag',
    label: 'Aanvraag',
    elements: [
      { id: 'aantal', type: 'f_numberinput', data: { label: 'Hoeveel panelen wilt u extra?', requiredField: true, minValue: 1, maxValue: 8 } },
      { id: 'dak', type: 'f_select', data: { label: 'Hoe ligt uw dak?', requiredField: true, type: 'radio', options: options('Plat', 'Schuin, op het zuiden', 'Schuin, op het oosten of westen') } },
      { id: 'foto', type: 'f_photoinput', data: { label: 'Foto van uw dak (niet verplicht)' } },
      { id: 'opmerking', type: 'f_textareainput', data: { label: 'Opmerking', maxLength: 500 } },
    ],
  },
];

const questionForm: TFormSectionDefinition[] = [
  {
    id: 'vraag',
    label: null,
    elements: [
      { id: 'naam', type: 'f_textinput', data: { label: 'Uw naam', requiredField: true, maxLength: 80 } },
      { id: 'email', type: 'f_textinput', data: { label: 'Uw e-mailadres (als u antwoord wilt)', placeholder: 'naam@voorbeeld.nl', maxLength: 120 } },
      { id: 'onderwerp', type: 'f_select', data: { label: 'Waarover gaat uw vraag?', type: 'dropdown', options: options('Planning', 'Overlast', 'Huur', 'Iets anders') } },
      { id: 'vraag', type: 'f_textareainput', data: { label: 'Uw vraag of opmerking', requiredField: true, maxLength: 1000 } },
    ],
  },
];

/** Intake with every intake element type (a drawing with pins among them). */
function intakeForm(drawing: string, rooms: string[]): TFormSectionDefinition[] {
  return [
    {
      id: 'algemeen',
      label: 'Algemeen',
      elements: [
        { id: 'intro', type: 'title', data: { label: 'Opname van de woning', wysiwyg: html('<p>Bij de opname leggen we de staat van de woning vast vóór de werkzaamheden beginnen.</p>') } },
        { id: 'contact', type: 'contactinput', data: { label: 'Contactpersoon voor de opname', requiredField: true } },
        { id: 'datum', type: 'dateinput', data: { label: 'Datum van de opname', requiredField: true } },
        { id: 'tijd', type: 'timeinput', data: { label: 'Tijdstip van de opname', fromHour: '09:00', tillHour: '17:00' } },
        { id: 'slaapkamers', type: 'numberinput', data: { label: 'Aantal slaapkamers', requiredField: true, minValue: 0, maxValue: 10 } },
      ],
    },
    {
      id: 'staat',
      label: 'Staat van de woning',
      elements: [
        { id: 'kozijnen', type: 'select', data: { label: 'Staat van de kozijnen', requiredField: true, type: 'dropdown', options: options('Goed', 'Matig', 'Slecht') } },
        { id: 'ruimtes', type: 'select', data: { label: 'In welke ruimtes zijn gebreken?', type: 'check', options: options(...rooms) } },
        { id: 'gebreken', type: 'drawinginput', data: { label: 'Geef de gebreken aan op de plattegrond', requiredField: true, drawing, pinpointsEnabled: true, commentsEnabled: true, options: options('Vocht', 'Scheur', 'Schimmel', 'Lekkage', 'Overig') } },
        { id: 'foto', type: 'photoinput', data: { label: 'Foto van het grootste gebrek', image_width: 1600, image_height: 1600 } },
        { id: 'toelichting', type: 'textareainput', data: { label: 'Toelichting', maxLength: 1000 } },
      ],
    },
    {
      id: 'akkoord',
      label: 'Akkoord',
      elements: [
        { id: 'naam', type: 'textinput', data: { label: 'Naam van de bewoner', requiredField: true, maxLength: 80 } },
        { id: 'handtekening', type: 'signatureinput', data: { label: 'Handtekening bewoner', requiredField: true } },
      ],
    },
  ];
}

const supportBaseForm: TFormSectionDefinition[] = [
  {
    id: 'akkoord',
    label: 'Akkoordverklaring',
    elements: [
      { id: 'uitleg', type: 'sb_title', data: { label: 'Het renovatieplan', wysiwyg: html('<p>Wij vragen u of u instemt met het renovatieplan voor de Bloemenbuurt.</p>') } },
      { id: 'instemming', type: 'sb_agreeinput', data: { label: 'Stemt u in met het renovatieplan?', agree: 'Ja, ik stem in', disagree: 'Nee, ik stem niet in' } },
      { id: 'opmerking', type: 'sb_textareainput', data: { label: 'Opmerking', maxLength: 500 } },
    ],
  },
];

const choiceForm: TFormSectionDefinition[] = [
  {
    id: 'keuken',
    label: 'Vragen',
    elements: [
      { id: 'fronten', type: 'c_choice', data: { label: 'Kies de fronten van uw keuken', requiredField: true, type: 'radio', options: [{ label: 'Wit', price: '0,00' }, { label: 'Eiken', price: '350,00' }, { label: 'Antraciet', price: '250,00' }] } },
      { id: 'extra', type: 'c_select', data: { label: 'Extra voorzieningen', type: 'check', options: options('Close-in boiler', 'Extra stopcontacten') } },
    ],
  },
];

const pin = (nr: number, x: number, y: number, value: string, comment: string): TPinpoint => ({ id: `pin-${nr}`, x, y, value, comment, label: `Pin ${nr}`, nr });

function sectionsDone(family: TFormFamily, definition: TFormSectionDefinition[], values: TFormValues, photoIds: number[]): number {
  const rules = { hasPhoto: (_: string, id: number) => photoIds.includes(id), occupantIds: null };
  return definition.filter((s) => {
    const c = countRequiredFields(family, s.elements, values, rules);
    return c.nr_of_required_fields === c.nr_of_required_fields_filled_in;
  }).length;
}

const contact = (first: string, last: string, email: string) => ({
  cp_id: 'custom' as const,
  cp: {
    gender: 'u' as const, initials: null, first_name: first, affix: null, last_name: last, description: 'Bewoner', email_address: email, prefer_email: true,
    telephone: null, mobile: '0612345678', different_address: false, street: null, house_number: null, house_number_suffix: null, zipcode: null, city: null,
  },
});

/**
 * Forms demo in both resident projects. Bloemenbuurt: a menu (with a sub-menu) of generic forms (one with
 * every element type, one allowing several entries, one with drawn signatures, one with legal signing
 * and e-mailing), a public form and a simple public form, an intake form with every intake element type
 * (addresses in three states: not started, half filled, sent), and a support-base and a choice form
 * (definitions only). Rivierenwijk: a menu with a generic form, an intake form and a public form.
 */
export async function seedFormsDemo(services: Services): Promise<void> {
  const { db, files } = services;
  const rows = await db.select({ id: projects.id, name: projects.name, customerId: projects.customerId }).from(projects)
    .where(inArray(projects.name, ['Renovatie Bloemenbuurt', 'Verduurzaming Rivierenwijk']));
  const bloemenbuurt = rows.find((p) => p.name === 'Renovatie Bloemenbuurt');
  const rivierenwijk = rows.find((p) => p.name === 'Verduurzaming Rivierenwijk');
  if (!bloemenbuurt || !rivierenwijk) throw new Error('forms demo: projects missing');
  const homes = await db.select({ id: addresses.id, houseNumber: addresses.houseNumber }).from(addresses)
    .where(and(eq(addresses.customerId, bloemenbuurt.customerId), eq(addresses.zipcode, '1234AB'), inArray(addresses.houseNumber, ['10', '12', '14'])));
  const home = (nr: string) => homes.find((h) => h.houseNumber === nr)?.id ?? (() => { throw new Error(`forms demo: 1234AB ${nr} missing`); })();
  const [jan] = await db.select({ id: occupants.id }).from(occupants).where(eq(occupants.emailAddress, 'jan.devries@example.nl'));

  const [planPng, photoPng, signaturePng] = await Promise.all([render(FLOOR_PLAN), render(PHOTO), render(SIGNATURE)]);
  const signature = `data:image/png;base64,${signaturePng.toString('base64')}`;

  await db.transaction(async (tx) => {
    const [plan, photo] = await files.storeMany([
      { filename: 'plattegrond.png', mime: 'image/png', data: planPng, owner: 'form-file' },
      { filename: 'foto.png', mime: 'image/png', data: photoPng, owner: 'form-photo' },
    ], tx);
    const drawing = fileUrl(plan);

    const [home_, requests, solar] = await tx.insert(formMenus).values([
      { projectId: bloemenbuurt.id, name: 'Uw woning en de renovatie', position: 1 },
      { projectId: bloemenbuurt.id, name: 'Meldingen en verzoeken', position: 2 },
      { projectId: rivierenwijk.id, name: 'Zonnepanelen', position: 1 },
    ]).returning();
    await tx.update(formMenus).set({ parentId: home_!.id }).where(eq(formMenus.id, requests!.id));

    const b = bloemenbuurt.id;
    // The status text says what the status step offers: e-mailing only where the form allows it.
    const statusText = html('<p>Bedankt! Wij hebben uw formulier ontvangen. U kunt het hieronder downloaden.</p>');
    const statusTextMail = html('<p>Bedankt! Wij hebben uw formulier ontvangen. U kunt het hieronder downloaden of naar uzelf mailen.</p>');
    const made = await tx.insert(forms).values([
      { projectId: b, kind: 'generic', name: 'Uw wensen voor de renovatie', description: html('<p>Geef uw wensen door voor de renovatie van uw woning.</p>'), definition: homeWishesForm(drawing), menuId: home_!.id, position: 1, statusText },
      { projectId: b, kind: 'generic', name: 'Melding van een klein gebrek', description: html('<p>Meld een gebrek in of aan uw woning. U kunt dit formulier vaker invullen.</p>'), definition: defectForm, menuId: requests!.id, position: 1, allowMultipleEntries: true, statusText },
      {
        projectId: b, kind: 'generic', name: 'Toestemming om de woning te betreden', description: html('<p>Geef toestemming en onderteken met uw handtekening.</p>'), definition: accessForm,
        menuId: home_!.id, position: 2, requireToSignForm: true, statusText,
      },
      {
        projectId: b, kind: 'generic', name: 'Akkoord met de uitvoeringsplanning', description: html('<p>Onderteken de planning digitaal via de ondertekenservice.</p>'), definition: planningForm,
        position: 3, requireToSignForm: true, requireToSignFormLegally: true, allowFormToBeEmailed: true, statusText: statusTextMail,
      },
      { projectId: b, kind: 'generic', name: 'Aanmelding bewonersavond', description: html('<p>Meld u aan voor de bewonersavond over de renovatie.</p>'), definition: eveningForm, position: 4, isPublic: true, allowFormToBeEmailed: true, statusText: statusTextMail },
      { projectId: b, kind: 'generic', name: 'Vraag aan het projectteam', description: html('<p>Stel uw vraag; wij reageren binnen vijf werkdagen.</p>'), definition: questionForm, position: 5, isPublic: true, isSimple: true },
      { projectId: b, kind: 'intake', name: 'Opname van uw woning', description: html('<p>Vul de opname in vóór de werkzaamheden beginnen.</p>'), definition: intakeForm(drawing, ['Woonkamer', 'Keuken', 'Badkamer', 'Slaapkamers', 'Zolder']), position: 6 },
      { projectId: b, kind: 'support-base', name: 'Draagvlakmeting renovatieplan', definition: supportBaseForm, position: 7 },
      { projectId: b, kind: 'choice', name: 'Keuzes voor uw keuken', definition: choiceForm, position: 8 },
      { projectId: rivierenwijk.id, kind: 'generic', name: 'Aanvraag extra zonnepaneel', description: html('<p>Wilt u meer panelen dan standaard? Vraag het hier aan.</p>'), definition: solarForm, menuId: solar!.id, position: 1, statusText },
      { projectId: rivierenwijk.id, kind: 'intake', name: 'Opname portiekwoning', definition: intakeForm(drawing, ['Woonkamer', 'Keuken', 'Badkamer', 'Balkon']), position: 2 },
      { projectId: rivierenwijk.id, kind: 'generic', name: 'Aanmelding informatieavond zonnepanelen', definition: eveningForm, position: 3, isPublic: true, statusText },
    ]).returning();
    const byName = (name: string) => made.find((f) => f.name === name)!;
    await tx.insert(formFiles).values(made.filter((f) => JSON.stringify(f.definition).includes(drawing)).map((f) => ({ formId: f.id, fileId: plan.id })));

    // The intake form of Bloemenbuurt: 1234AB 10 not started, 12 half filled, 14 sent.
    const intake = byName('Opname van uw woning');
    const halfValues: TFormValues = {
      contact: contact('Fatima', 'El Amrani', 'fatima.elamrani@example.nl'), datum: '12-05-2026', tijd: '10:30', slaapkamers: 3,
      kozijnen: 'Matig', 'ruimtes-value-1': true,
      'gebreken-pinpoints': [pin(1, 0.62, 0.2, 'Vocht', 'Vochtplek boven het keukenraam'), pin(2, 0.22, 0.74, 'Scheur', '')],
    };
    const [half, sent] = await tx.insert(formEntries).values([
      { formId: intake.id, projectId: b, addressId: home('12'), onePerOwner: true, status: 'open', values: halfValues, sectionsDone: sectionsDone('intake', intake.definition, halfValues, []), version: 3, createdAt: daysAgo(4), updatedAt: daysAgo(2) },
      { formId: intake.id, projectId: b, addressId: home('14'), onePerOwner: true, status: 'sent', values: {}, locked: true, lockedAt: daysAgo(6), sentAt: daysAgo(6), version: 5, createdAt: daysAgo(9), updatedAt: daysAgo(6) },
    ]).returning();
    const [sentPhoto] = await tx.insert(formPhotos).values({ entryId: sent!.id, elementId: 'foto', fileId: photo.id, imageWidth: 640, imageHeight: 480 }).returning();
    const sentValues: TFormValues = {
      contact: contact('Kees', 'Jansen', 'kees.jansen@example.nl'), datum: '02-05-2026', tijd: '09:30', slaapkamers: 2,
      kozijnen: 'Slecht', 'ruimtes-value-0': true, 'ruimtes-value-2': true,
      'gebreken-pinpoints': [pin(1, 0.3, 0.35, 'Schimmel', 'Schimmel in de hoek achter de bank'), pin(2, 0.74, 0.42, 'Lekkage', 'Lekkende kraan in de badkamer'), pin(3, 0.5, 0.82, 'Overig', '')],
      foto: sentPhoto!.id, toelichting: 'De kozijnen aan de voorkant zijn op meerdere plekken rot.', naam: 'Kees Jansen', handtekening: signature,
    };
    await tx.update(formEntries).set({ values: sentValues, sectionsDone: sectionsDone('intake', intake.definition, sentValues, [sentPhoto!.id]) }).where(eq(formEntries.id, sent!.id));

    // 1234AB 10 reported a defect before (the form allows several entries).
    const defect = byName('Melding van een klein gebrek');
    const [reported] = await tx.insert(formEntries).values({
      formId: defect.id, projectId: b, addressId: home('10'), status: 'completed', locked: true, lockedAt: daysAgo(20), sectionsDone: 1, version: 3,
      values: { ruimte: 'Badkamer', omschrijving: 'De afvoer van de douche loopt langzaam weg.', sinds: '01-03-2026' }, createdAt: daysAgo(21), updatedAt: daysAgo(20),
    }).returning();

    await tx.insert(formEntryEvents).values([
      { entryId: half!.id, action: 'created', actorKind: 'staff', at: daysAgo(4) },
      { entryId: half!.id, action: 'saved', actorKind: 'staff', detail: { section: 0 }, at: daysAgo(4) },
      { entryId: half!.id, action: 'saved', actorKind: 'staff', detail: { section: 1 }, at: daysAgo(2) },
      { entryId: sent!.id, action: 'created', actorKind: 'staff', at: daysAgo(9) },
      { entryId: sent!.id, action: 'sent', actorKind: 'staff', at: daysAgo(6) },
      { entryId: reported!.id, action: 'created', actorKind: 'occupant', occupantId: jan?.id ?? null, at: daysAgo(21) },
      { entryId: reported!.id, action: 'locked', actorKind: 'occupant', occupantId: jan?.id ?? null, at: daysAgo(20) },
    ]);
  });
}
