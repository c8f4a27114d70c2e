import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { TFormSectionDefinition } from '@portal/contract';
import { sanitizeStaffHtml } from '../lib/sanitize.ts';
import { fileUrl } from '../modules/files/index.ts';
import { formFiles, forms } from '../modules/form-engine/index.ts';
import { projects } from '../modules/project/project.table.ts';
import type { Services } from '../services.ts';

const html = (text: string) => sanitizeStaffHtml(text);
const render = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();

/** A kitchen front of one colour, as the option's picture. */
const front = (fill: string, grain = false) => `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160" viewBox="0 0 240 160">
  <rect width="240" height="160" fill="#eceff1"/>
  <g stroke="#455a64" stroke-width="3"><rect x="16" y="16" width="100" height="128" fill="${fill}"/><rect x="124" y="16" width="100" height="128" fill="${fill}"/></g>
  ${grain ? '<g stroke="#8d6e63" stroke-width="2" opacity="0.5"><path d="M30 30 C50 60 40 100 60 130"/><path d="M150 30 C170 70 160 100 190 130"/></g>' : ''}
  <g fill="#263238"><rect x="100" y="70" width="6" height="24" rx="3"/><rect x="134" y="70" width="6" height="24" rx="3"/></g></svg>`;

const FRONTS = [
  { label: 'Wit (standaard)', price: '0,00', svg: front('#ffffff') },
  { label: 'Eiken', price: '350,00', svg: front('#c8a27a', true) },
  { label: 'Antraciet', price: '1.250,50', svg: front('#37474f') },
] as const;

function kitchenForm(images: string[]): TFormSectionDefinition[] {
  return [
    {
      id: 'keuken',
      label: 'Vragen',
      elements: [
        { id: 'intro', type: 'c_title', data: { label: 'Uw nieuwe keuken', wysiwyg: html('<p>Kies hieronder de uitvoering van uw keuken. Bij opties met een meerprijs ziet u de extra kosten.</p>') } },
        {
          id: 'fronten', type: 'c_choice',
          data: { label: 'Kies de fronten van uw keuken', requiredField: true, type: 'radio', options: FRONTS.map((f, i) => ({ label: f.label, price: f.price, image: images[i] ?? null })) },
        },
        {
          id: 'extra', type: 'c_choice',
          data: { label: 'Extra voorzieningen', type: 'check', options: [{ label: 'Close-in boiler', price: '495,00' }, { label: 'Extra stopcontacten (2 stuks)', price: '12,50' }, { label: 'Afzuigkap met koolstoffilter', price: '0,00' }] },
        },
      ],
    },
    {
      id: 'aanrecht',
      label: 'Aanrecht en aansluitingen',
      elements: [
        { id: 'adres', type: 'c_addressinput', data: { label: 'Uw adres', wysiwyg: html('<p>De keuken wordt geplaatst op het adres waarvoor u dit formulier invult.</p>') } },
        { id: 'blad', type: 'c_calculatorinput', data: { label: 'Extra lengte aanrechtblad', requiredField: true, price_per_unit: '85,50', unit: 'meter', minValue: 0, maxValue: 5 } },
        { id: 'vaatwasser', type: 'c_numberinput', data: { label: 'Aantal extra aansluitingen voor apparatuur', minValue: 0, maxValue: 10 } },
        { id: 'opmerking', type: 'c_textareainput', data: { label: 'Opmerking voor de uitvoerder', maxLength: 500 } },
      ],
    },
  ];
}

const bathroomForm: TFormSectionDefinition[] = [
  {
    id: 'badkamer',
    label: 'Vragen',
    elements: [
      { id: 'tegels', type: 'c_choice', data: { label: 'Kleur wandtegels', requiredField: true, type: 'radio', options: [{ label: 'Wit' }, { label: 'Lichtgrijs' }, { label: 'Zand' }] } },
      { id: 'douche', type: 'c_select', data: { label: 'Douche of bad', requiredField: true, type: 'dropdown', options: [{ label: 'Inloopdouche' }, { label: 'Douchebak met deur' }, { label: 'Ligbad met douche' }] } },
      { id: 'datum', type: 'c_dateinput', data: { label: 'Voorkeursdatum voor de start' } },
    ],
  },
];

/**
 * Choice forms demo (issue 9). Bloemenbuurt: 'Keuzes voor uw keuken' with priced options and pictures, a
 * calculator, a number input, drawn signatures and online payment of the extra costs. Rivierenwijk:
 * 'Keuzes voor uw badkamer' without prices, signed through the signing service.
 */
export async function seedChoiceDemo(services: Services): Promise<void> {
  const { db, files } = services;
  const rows = await db.select({ id: projects.id, name: projects.name }).from(projects)
    .where(inArray(projects.name, ['Renovatie Bloemenbuurt', 'Verduurzaming Rivierenwijk']));
  const bloemenbuurt = rows.find((p) => p.name === 'Renovatie Bloemenbuurt');
  const rivierenwijk = rows.find((p) => p.name === 'Verduurzaming Rivierenwijk');
  if (!bloemenbuurt || !rivierenwijk) throw new Error('choice demo: projects missing');
  const pngs = await Promise.all(FRONTS.map((f) => render(f.svg)));

  await db.transaction(async (tx) => {
    const stored = await files.storeMany(FRONTS.map((f, i) => ({ filename: `front-${i + 1}.png`, mime: 'image/png', data: pngs[i]!, owner: 'form-file' as const })), tx);
    const images = stored.map((file) => fileUrl(file));
    const statusText = html('<p>Bedankt voor uw keuzes. Wij nemen ze mee in de planning van de renovatie.</p>');
    const [kitchen] = await tx.update(forms).set({
      description: html('<p>Kies de uitvoering van uw nieuwe keuken. Opties met een meerprijs betaalt u na het ondertekenen online.</p>'),
      definition: kitchenForm(images),
      requireToSignForm: true, enablePayment: true, statusText,
      summaryText: html('<p>Controleer uw keuzes. Na het afronden kunt u ze niet meer wijzigen.</p>'),
    }).where(and(eq(forms.projectId, bloemenbuurt.id), eq(forms.name, 'Keuzes voor uw keuken'))).returning({ id: forms.id });
    if (!kitchen) throw new Error('choice demo: kitchen form missing');
    await tx.insert(formFiles).values(stored.map((file) => ({ formId: kitchen.id, fileId: file.id })));
    await tx.insert(forms).values({
      projectId: rivierenwijk.id, kind: 'choice', name: 'Keuzes voor uw badkamer', position: 4, definition: bathroomForm,
      description: html('<p>Geef uw keuzes door voor de nieuwe badkamer. Deze keuzes zijn zonder meerprijs.</p>'),
      disablePrices: true, requireToSignForm: true, requireToSignFormLegally: true, statusText,
    });
  });
}
