import { and, eq, inArray } from 'drizzle-orm';
import type { TSurveySectionDefinition } from '@portal/contract';
import type { Db } from '../db/client.ts';
import { sanitizeStaffHtml } from '../lib/sanitize.ts';
import { addresses, occupants } from '../modules/address/address.table.ts';
import { projects } from '../modules/project/project.table.ts';
import { surveyResponses, surveys, type SurveyQuestionDefinition } from '../modules/survey/index.ts';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/** Version 2 with every element type: a title, text, textarea, select as dropdown, radio and check, smileys, stars and a photo. */
const kitchenForm: TSurveySectionDefinition[] = [
  {
    id: 'keuken',
    label: 'Uw nieuwe keuken',
    elements: [
      {
        id: 'intro',
        type: 's_title',
        data: {
          label: 'Inleiding',
          wysiwyg: sanitizeStaffHtml('<p>In het voorjaar vervangen we de keukens en badkamers. Met deze vragenlijst horen we graag uw <strong>wensen</strong>. Het invullen duurt ongeveer vijf minuten.</p>'),
        },
      },
      { id: 'naam', type: 's_textinput', data: { label: 'Naam van de hoofdbewoner', requiredField: true, placeholder: 'Bijvoorbeeld: Jan de Vries', maxLength: 80 } },
      {
        id: 'kleur_keuken', type: 's_select',
        data: { label: 'Welke kleur fronten kiest u voor de keuken?', requiredField: true, type: 'dropdown', placeholder: 'Kies een kleur', options: [{ label: 'Wit hoogglans' }, { label: 'Eiken naturel' }, { label: 'Antraciet mat' }, { label: 'Saliegroen' }] },
      },
      {
        id: 'kookplaat', type: 's_select',
        data: { label: 'Welke kookplaat wilt u?', requiredField: true, type: 'radio', defaultValue: 'Inductie', options: [{ label: 'Inductie' }, { label: 'Keramisch' }, { label: 'Geen voorkeur' }] },
      },
      {
        id: 'extra', type: 's_select',
        data: { label: 'Welke extra voorzieningen wilt u in de keuken?', requiredField: true, type: 'check', options: [{ label: 'Vaatwasseraansluiting' }, { label: 'Extra stopcontacten' }, { label: 'Afzuigkap met motor' }, { label: 'Verlichting onder de kastjes' }] },
      },
    ],
  },
  {
    id: 'badkamer',
    label: 'Uw badkamer en de werkzaamheden',
    elements: [
      { id: 'titel_badkamer', type: 's_title', data: { label: 'De badkamer' } },
      {
        id: 'opmerkingen', type: 's_textareainput',
        data: { label: 'Heeft u bijzondere wensen voor de badkamer?', placeholder: 'Bijvoorbeeld een inloopdouche of een verhoogd toilet', maxLength: 300 },
      },
      {
        id: 'tevredenheid', type: 's_smileyinput',
        data: { label: 'Hoe tevreden bent u over uw huidige badkamer?', requiredField: true, icon: 'smiley', value_1: 'Zeer ontevreden', value_2: 'Ontevreden', value_3: 'Neutraal', value_4: 'Tevreden', value_5: 'Zeer tevreden' },
      },
      {
        id: 'belang', type: 's_smileyinput',
        data: { label: 'Hoe belangrijk vindt u een bad?', icon: 'star', value_1: 'Niet belangrijk', value_2: 'Een beetje', value_3: 'Belangrijk', hideLabels: true },
      },
      { id: 'foto_badkamer', type: 's_photoinput', data: { label: 'Foto van uw huidige badkamer', requiredField: true, image_width: 1600, image_height: 1600 } },
    ],
  },
];

/** A short public version 2 survey: radio, check, stars, a textarea and an optional photo. */
const sampleHomeForm: TSurveySectionDefinition[] = [
  {
    id: 'proefwoning',
    label: null,
    elements: [
      { id: 'uitleg', type: 's_title', data: { label: 'Uw bezoek aan de proefwoning', wysiwyg: sanitizeStaffHtml('<p>Bedankt voor uw bezoek aan de proefwoning aan de Tulpstraat 2. Wat vond u ervan?</p>') } },
      { id: 'bezocht', type: 's_select', data: { label: 'Wanneer heeft u de proefwoning bezocht?', requiredField: true, type: 'radio', options: [{ label: 'Op de open dag' }, { label: 'Op afspraak' }, { label: 'Nog niet' }] } },
      { id: 'indruk', type: 's_smileyinput', data: { label: 'Wat is uw eerste indruk?', requiredField: true, icon: 'star', value_1: 'Slecht', value_2: 'Matig', value_3: 'Redelijk', value_4: 'Goed', value_5: 'Uitstekend' } },
      { id: 'onderdelen', type: 's_select', data: { label: 'Welke onderdelen spraken u aan?', type: 'check', options: [{ label: 'Keuken' }, { label: 'Badkamer' }, { label: 'Isolatie' }, { label: 'Kozijnen' }] } },
      { id: 'toelichting', type: 's_textareainput', data: { label: 'Toelichting', placeholder: 'Wat wilt u ons nog meegeven?', maxLength: 500 } },
      { id: 'foto', type: 's_photoinput', data: { label: 'Een foto van iets dat u opviel (niet verplicht)' } },
    ],
  },
];

/** Version 2 in Rivierenwijk (public): every input type once more, solar panels. */
const solarForm: TSurveySectionDefinition[] = [
  {
    id: 'zonnepanelen',
    label: 'Zonnepanelen',
    elements: [
      { id: 'intro', type: 's_title', data: { label: 'Zonnepanelen op uw dak', wysiwyg: sanitizeStaffHtml('<p>We plaatsen zonnepanelen op alle daken in de Rivierenwijk. Laat ons weten wat u belangrijk vindt.</p>') } },
      { id: 'email', type: 's_textinput', data: { label: 'Uw e-mailadres (voor de uitnodiging van de informatieavond)', placeholder: 'naam@voorbeeld.nl', maxLength: 120 } },
      { id: 'aantal', type: 's_select', data: { label: 'Hoeveel panelen wilt u?', requiredField: true, type: 'dropdown', options: [{ label: '4 panelen' }, { label: '6 panelen' }, { label: '8 panelen' }, { label: 'Dat weet ik nog niet' }] } },
      { id: 'kleur', type: 's_select', data: { label: 'Welke kleur panelen heeft uw voorkeur?', type: 'radio', options: [{ label: 'Volledig zwart' }, { label: 'Blauw met zilveren rand' }] } },
      { id: 'vragen', type: 's_select', data: { label: 'Waarover wilt u meer weten?', type: 'check', options: [{ label: 'Opbrengst' }, { label: 'Onderhoud' }, { label: 'Kosten' }] } },
      { id: 'mening', type: 's_smileyinput', data: { label: 'Wat vindt u van het plan?', requiredField: true, icon: 'smiley', value_1: 'Slecht', value_2: 'Matig', value_3: 'Goed' } },
      { id: 'dak', type: 's_photoinput', data: { label: 'Foto van uw dak of zolder' } },
      { id: 'vraag', type: 's_textareainput', data: { label: 'Heeft u nog een vraag?', maxLength: 0 } },
    ],
  },
];

const satisfaction: SurveyQuestionDefinition[] = [
  { id: 1, question: 'Hoe tevreden bent u over de informatie die u tot nu toe over de renovatie heeft gekregen?', type: 'rating' },
  { id: 2, question: 'Wat kunnen wij verbeteren aan onze communicatie?', type: 'open' },
  { id: 3, question: 'Hoe beoordeelt u de bereikbaarheid van het projectteam?', type: 'rating' },
];
const neighbourhood: SurveyQuestionDefinition[] = [
  { id: 1, question: 'Hoe prettig woont u in de Bloemenbuurt?', type: 'rating' },
  { id: 2, question: 'Wat zou de buurt prettiger maken?', type: 'open' },
];
const insulation: SurveyQuestionDefinition[] = [
  { id: 1, question: 'Hoe tevreden bent u over de isolatiewerkzaamheden?', type: 'rating' },
  { id: 2, question: 'Merkt u verschil in het comfort van uw woning? Licht uw antwoord toe.', type: 'open' },
  { id: 3, question: 'Hoe netjes lieten de vakmensen uw woning achter?', type: 'rating' },
];

/**
 * Survey demo in both resident projects: Bloemenbuurt has a version 1 survey that 1234AB 10 already
 * answered, a version 2 survey with every element type (required photo), a public version 1 and a
 * public version 2; Rivierenwijk a version 1 and a public version 2.
 */
export async function seedSurveyDemo(db: Db): Promise<void> {
  const rows = await db.select({ id: projects.id, name: projects.name, customerId: projects.customerId }).from(projects)
    .where(inArray(projects.name, ['Renovatie Bloemenbuurt', 'Verduurzaming Rivierenwijk']));
  const bloemenbuurt = rows.find((p) => p.name === 'Renovatie Bloemenbuurt');
  const rivierenwijk = rows.find((p) => p.name === 'Verduurzaming Rivierenwijk');
  if (!bloemenbuurt || !rivierenwijk) throw new Error('survey demo: projects missing');

  const [a10] = await db.select({ id: addresses.id }).from(addresses)
    .where(and(eq(addresses.customerId, bloemenbuurt.customerId), eq(addresses.zipcode, '1234AB'), eq(addresses.houseNumber, '10')));
  const [jan] = await db.select({ id: occupants.id }).from(occupants).where(eq(occupants.emailAddress, 'jan.devries@example.nl'));
  if (!a10 || !jan) throw new Error('survey demo: 1234AB 10 missing');

  await db.transaction(async (tx) => {
    const [done] = await tx.insert(surveys).values([
      { projectId: bloemenbuurt.id, name: 'Tevredenheid over de voorbereiding', version: 1, questions: satisfaction, position: 1, createdAt: daysAgo(30) },
      { projectId: bloemenbuurt.id, name: 'Wensen voor keuken en badkamer', version: 2, form: kitchenForm, position: 2, createdAt: daysAgo(10) },
      { projectId: bloemenbuurt.id, name: 'Wonen in de Bloemenbuurt', version: 1, questions: neighbourhood, isPublic: true, position: 3, createdAt: daysAgo(8) },
      { projectId: bloemenbuurt.id, name: 'Uw bezoek aan de proefwoning', version: 2, form: sampleHomeForm, isPublic: true, position: 4, createdAt: daysAgo(5) },
      { projectId: rivierenwijk.id, name: 'Zonnepanelen: uw voorkeur', version: 2, form: solarForm, isPublic: true, position: 1, createdAt: daysAgo(12) },
      { projectId: rivierenwijk.id, name: 'Tevredenheid na de isolatie', version: 1, questions: insulation, position: 2, createdAt: daysAgo(3) },
    ]).returning();
    await tx.insert(surveyResponses).values({
      surveyId: done!.id, projectId: bloemenbuurt.id, addressId: a10.id, occupantId: jan.id, version: 1, submittedAt: daysAgo(12),
      answers: { version: 1, answers: [{ question_id: 1, answer: 8 }, { question_id: 2, answer: 'Graag elke maand een korte update per e-mail.' }, { question_id: 3, answer: 7 }] },
    });
  });
}
