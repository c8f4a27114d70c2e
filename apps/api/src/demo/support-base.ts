import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TFormSectionDefinition, TFormValues } from '@portal/contract';
import { sanitizeStaffHtml } from '../lib/sanitize.ts';
import { addresses } from '../modules/address/address.table.ts';
import { users } from '../modules/auth/auth.table.ts';
import { toDutchDate } from '../lib/dates.ts';
import { formEntries, formEntryEvents, forms, fullAddress, type StoredSignature } from '../modules/form-engine/index.ts';
import { formAttachments } from '../modules/form-engine/form-engine.table.ts';
import { addressProjects, projects } from '../modules/project/project.table.ts';
import { signingRequests, signingSigners } from '../modules/signing/signing.table.ts';
import { SCAN_OWNER } from '../modules/support-base/support-base.paper.ts';
import { consentPaperRecords } from '../modules/support-base/support-base.table.ts';
import type { Services } from '../services.ts';
import { pdfLetter } from './pdf.ts';

const html = (text: string) => sanitizeStaffHtml(text);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/** A consent form: the agreement statement (section 0) and a short question section. */
function consentForm(plan: string, question: string): TFormSectionDefinition[] {
  return [
    {
      id: 'akkoord',
      label: 'Akkoordverklaring',
      elements: [
        { id: 'uitleg', type: 'sb_title', data: { label: plan, wysiwyg: html(`<p>${question} Lees de informatie over het plan voordat u uw keuze maakt. Uw keuze is pas geldig als u het document heeft ondertekend.</p>`) } },
        { id: 'instemming', type: 'sb_agreeinput', data: { label: question, agree: 'Ja, ik stem in', disagree: 'Nee, ik stem niet in' } },
        { id: 'opmerking', type: 'sb_textareainput', data: { label: 'Opmerking', maxLength: 500 } },
      ],
    },
    {
      id: 'gegevens',
      label: 'Uw gegevens',
      elements: [
        { id: 'naam', type: 'sb_textinput', data: { label: 'Naam hoofdhuurder', requiredField: true, maxLength: 100 } },
        { id: 'bewoners', type: 'sb_numberinput', data: { label: 'Aantal bewoners', minValue: 1, maxValue: 20 } },
      ],
    },
  ];
}

/**
 * `paper-*`: a form that came back on paper, recorded by the partner (a contractor: may record, not
 * confirm) with a scan and confirmed by the administrator (a customer-admin); `paper-corrected`: a paper
 * 'disagree' corrected to 'agree' (with a reason, confirmed); `paper-pending`: recorded by the partner,
 * waiting for the administrator to confirm.
 */
type Outcome = 'agree' | 'disagree' | 'paper-agree' | 'paper-disagree' | 'paper-corrected' | 'paper-pending' | 'answering' | 'vacant' | 'none';

/**
 * Support-base (consent) demo: in both projects a consent form with attachments and SMS verification
 * and one without, and addresses in every tally state across two building units per project (one
 * above 70%, one below). Agreements exist only for signed entries (with their signing request, signers
 * and kept documents recorded as the local provider would) or paper forms (with a scan, confirmed by a
 * second staff member; one waits for confirmation, one was corrected). Tulpstraat 10, 12 and 14 are left
 * untouched so that residents can go through the wizard themselves.
 */
export async function seedSupportBaseDemo(services: Services): Promise<void> {
  const { db, files } = services;
  const rows = await db.select({ id: projects.id, name: projects.name, customerId: projects.customerId }).from(projects)
    .where(inArray(projects.name, ['Renovatie Bloemenbuurt', 'Verduurzaming Rivierenwijk']));
  const staff = await db.select({ id: users.id, name: users.name, username: users.username }).from(users)
    .where(inArray(users.username, ['partner@example.nl', 'beheer@example.nl']));
  const partner = staff.find((u) => u.username === 'partner@example.nl');
  const admin = staff.find((u) => u.username === 'beheer@example.nl');
  if (!partner || !admin) throw new Error('support-base demo: staff accounts missing');
  const bloemenbuurt = rows.find((p) => p.name === 'Renovatie Bloemenbuurt');
  const rivierenwijk = rows.find((p) => p.name === 'Verduurzaming Rivierenwijk');
  if (!bloemenbuurt || !rivierenwijk) throw new Error('support-base demo: projects missing');
  const [existing] = await db.select().from(forms).where(and(eq(forms.projectId, bloemenbuurt.id), eq(forms.name, 'Draagvlakmeting renovatieplan')));
  if (!existing) throw new Error('support-base demo: form 8 missing');

  const letter = (project: string, title: string, paragraphs: string[], colour: string) =>
    pdfLetter({ title, project, date: '1 november 2026', paragraphs, colour });
  const [planB, rentB, planR, document, signedDocument, receipt] = await files.storeMany([
    { filename: 'Renovatieplan Bloemenbuurt.pdf', mime: 'application/pdf', owner: 'form-attachment', data: letter('Renovatie Bloemenbuurt', 'Renovatieplan', [
      'Wij vernieuwen de daken, kozijnen en installaties van de woningen in de Bloemenbuurt en isoleren de gevels.',
      'De werkzaamheden duren per woning ongeveer drie weken. U kunt tijdens de werkzaamheden in uw woning blijven.',
    ], '#2e7d32') },
    { filename: 'Huur en vergoedingen.pdf', mime: 'application/pdf', owner: 'form-attachment', data: letter('Renovatie Bloemenbuurt', 'Huur en vergoedingen', [
      'De huur stijgt na de renovatie met 25 euro per maand. Daar staat een lagere energierekening tegenover.',
      'U ontvangt een verhuiskostenvergoeding volgens het sociaal plan.',
    ], '#2e7d32') },
    { filename: 'Plan verduurzaming Rivierenwijk.pdf', mime: 'application/pdf', owner: 'form-attachment', data: letter('Verduurzaming Rivierenwijk', 'Plan verduurzaming', [
      'De portiekwoningen krijgen spouwmuurisolatie, nieuwe kozijnen met HR++ glas en zonnepanelen.',
    ], '#0b5394') },
    { filename: 'Draagvlakmeting (ondertekend document).pdf', mime: 'application/pdf', owner: 'signing', data: letter('Draagvlakmeting', 'Ondertekend document', [
      'Het document zoals het aan de ondertekendienst is aangeboden (demo).',
    ], '#455a64') },
    // The demo's signed requests share one stored signed document and receipt: the tally counts a digital
    // agreement only when the signed document is kept (support-base.tally.ts).
    { filename: 'Draagvlakmeting (ondertekend).pdf', mime: 'application/pdf', owner: 'signing', data: letter('Draagvlakmeting', 'Ondertekend', [
      'Het ondertekende document zoals de ondertekendienst het teruggaf (demo).',
    ], '#455a64') },
    { filename: 'Draagvlakmeting (ontvangstbewijs).pdf', mime: 'application/pdf', owner: 'signing', data: letter('Draagvlakmeting', 'Ontvangstbewijs', [
      'Het ontvangstbewijs van de ondertekening (demo).',
    ], '#455a64') },
  ]);

  await db.transaction(async (tx) => {
    // Bloemenbuurt: form 8 gets SMS verification and attachments; Rivierenwijk one of each kind.
    await tx.update(forms).set({
      useSmsAuthentication: true,
      description: html('<p>Stem in met het renovatieplan voor de Bloemenbuurt. U ondertekent digitaal met een sms-code.</p>'),
      definition: consentForm('Het renovatieplan', 'Stemt u in met het renovatieplan?'),
    }).where(eq(forms.id, existing.id));
    const [riverSms, riverPlain] = await tx.insert(forms).values([
      {
        projectId: rivierenwijk.id, kind: 'support-base', name: 'Instemming verduurzaming Rivierenwijk', position: 4, useSmsAuthentication: true,
        description: html('<p>Stem in met het plan voor de verduurzaming van uw portiekwoning.</p>'),
        definition: consentForm('Het plan voor de verduurzaming', 'Stemt u in met het plan voor de verduurzaming?'),
      },
      {
        projectId: rivierenwijk.id, kind: 'support-base', name: 'Instemming zonnepanelen op het dak', position: 5,
        description: html('<p>Mogen er zonnepanelen op het dak van uw portiek?</p>'),
        definition: consentForm('Zonnepanelen', 'Stemt u in met zonnepanelen op het dak van uw portiek?'),
      },
    ]).returning();
    await tx.insert(formAttachments).values([
      { formId: existing.id, fileId: planB!.id, name: 'Renovatieplan Bloemenbuurt', position: 1 },
      { formId: existing.id, fileId: rentB!.id, name: 'Huur en vergoedingen', position: 2 },
      { formId: riverSms!.id, fileId: planR!.id, name: 'Plan verduurzaming Rivierenwijk', position: 1 },
    ]);
    // Rivierenwijk counts without its vacant homes (the other setting of the 70% rule).
    await tx.update(projects).set({ consentCountsVacant: false }).where(eq(projects.id, rivierenwijk.id));

    const homesOf = async (projectId: number, streets: string[]) => {
      const list = await tx.select({ id: addresses.id, street: addresses.street, houseNumber: addresses.houseNumber }).from(addressProjects)
        .innerJoin(addresses, eq(addresses.id, addressProjects.addressId))
        .where(and(eq(addressProjects.projectId, projectId), inArray(addresses.street, streets)))
        .orderBy(asc(addresses.street), asc(addresses.id));
      return list.map((h) => h.id);
    };
    const setUnit = async (projectId: number, ids: number[], unit: string) => {
      if (ids.length) await tx.update(addressProjects).set({ buildingUnit: unit }).where(and(eq(addressProjects.projectId, projectId), inArray(addressProjects.addressId, ids)));
    };

    let day = 40;
    const entryFor = async (form: { id: number; projectId: number; name: string }, addressId: number, outcome: Outcome) => {
      if (outcome === 'none') return;
      if (outcome === 'vacant') {
        await tx.update(addressProjects).set({ vacant: true }).where(and(eq(addressProjects.projectId, form.projectId), eq(addressProjects.addressId, addressId)));
        return;
      }
      day = Math.max(1, day - 1);
      const at = daysAgo(day);
      const paper = outcome.startsWith('paper');
      const signed = outcome === 'agree' || outcome === 'disagree';
      const agreement = outcome === 'agree' || outcome === 'paper-agree' || outcome === 'paper-corrected' || outcome === 'paper-pending' ? 'agree'
        : outcome === 'disagree' || outcome === 'paper-disagree' ? 'disagree' : null;
      // A paper form was filled in on paper: the digital one holds no answers.
      const values: TFormValues = paper ? {} : outcome === 'answering' ? { instemming: 'agree' } : { instemming: agreement!, naam: 'Hoofdhuurder', bewoners: 2 };
      const signature: StoredSignature = { image: null, who: 'Hoofdhuurder', description: null, mobile: '0612345678', signed: true, signedAt: at.toISOString() };
      const [entry] = await tx.insert(formEntries).values({
        formId: form.id, projectId: form.projectId, addressId, onePerOwner: true, values,
        status: signed ? 'signed' : 'open',
        sectionsDone: paper ? 0 : outcome === 'answering' ? 1 : 2, nrOfSignatures: signed ? 1 : null, signatures: signed ? { 1: signature } : {},
        agreement: signed ? agreement : null, agreementAt: signed ? at : null, onPaper: paper, version: signed ? 6 : 3,
        createdAt: daysAgo(day + 2), updatedAt: at,
      }).returning();
      if (paper) {
        await paperRecords(form, entry!.id, addressId, outcome, at);
        return;
      }
      if (!signed) return;
      const [request] = await tx.insert(signingRequests).values({
        subjectKind: 'support-base', entryId: entry!.id, provider: 'local', providerTransactionId: `demo-support-base-${entry!.id}`, status: 'signed',
        verification: 'sms', documentFileId: document!.id, signedFileId: signedDocument!.id, receiptFileId: receipt!.id,
        createdAt: daysAgo(day + 1), updatedAt: at, checkedAt: at,
      }).returning();
      await tx.insert(signingSigners).values({ requestId: request!.id, nr: 1, name: 'Hoofdhuurder', mobile: '0612345678', signedAt: at });
      await tx.insert(formEntryEvents).values([
        { entryId: entry!.id, action: 'sign-requested', actorKind: 'occupant', detail: { request: request!.id, agreement }, at: daysAgo(day + 1) },
        { entryId: entry!.id, action: 'signed', actorKind: 'system', detail: { nr: 1 }, at },
      ]);
    };
    /** The paper form's records: a scan of the signed paper (a small real PDF), recorded and (but for a pending one) confirmed by someone else. */
    const paperRecords = async (form: { id: number; projectId: number; name: string }, entryId: number, addressId: number, outcome: Outcome, at: Date) => {
      const [home] = await tx.select({ street: addresses.street, houseNumber: addresses.houseNumber, zipcode: addresses.zipcode, city: addresses.city })
        .from(addresses).where(eq(addresses.id, addressId));
      const label = fullAddress(home!);
      const scanOf = (answer: 'agree' | 'disagree') => files.store({
        filename: `Scan papieren formulier ${label}.pdf`, mime: 'application/pdf', owner: SCAN_OWNER,
        data: pdfLetter({ title: `${form.name}: ingevuld op papier`, project: form.name, date: toDutchDate(at), colour: '#455a64', to: `De bewoners\n${label}`, paragraphs: [
          `Stemt u in met het plan? ${answer === 'agree' ? '[X] Ja, ik stem in   [ ] Nee, ik stem niet in' : '[ ] Ja, ik stem in   [X] Nee, ik stem niet in'}`,
          'Handtekening hoofdhuurder: (getekend)',
          'Scan van het ondertekende papieren formulier (demo).',
        ] }),
      }, tx);
      const base = { entryId, formId: form.id, projectId: form.projectId, addressId };
      const confirmedBy = { decidedByUserId: admin.id, decidedByName: admin.name };
      if (outcome === 'paper-corrected') {
        // A 'disagree' entered by mistake, corrected with a reason; the first record stays in the history.
        const scan = await scanOf('agree');
        const [first] = await tx.insert(consentPaperRecords).values({
          ...base, agreement: 'disagree', scanFileId: scan.id, recordedByUserId: partner.id, recordedByName: partner.name, recordedAt: daysAgo(day + 1),
          state: 'confirmed', ...confirmedBy, decidedAt: daysAgo(day + 1),
        }).returning();
        const [second] = await tx.insert(consentPaperRecords).values({
          ...base, agreement: 'agree', scanFileId: scan.id, correctsId: first!.id, reason: 'Bij het vastleggen verkeerd aangeklikt: op de scan is "Ja, ik stem in" aangekruist.',
          recordedByUserId: partner.id, recordedByName: partner.name, recordedAt: at,
        }).returning();
        // Confirmed as the portal confirms a correction: the corrected record is superseded first.
        await tx.update(consentPaperRecords).set({ supersededById: second!.id, supersededAt: at }).where(eq(consentPaperRecords.id, first!.id));
        await tx.update(consentPaperRecords).set({ state: 'confirmed', ...confirmedBy, decidedAt: at }).where(eq(consentPaperRecords.id, second!.id));
        return;
      }
      const agreement = outcome === 'paper-disagree' ? 'disagree' : 'agree';
      await tx.insert(consentPaperRecords).values({
        ...base, agreement, scanFileId: (await scanOf(agreement)).id, recordedByUserId: partner.id, recordedByName: partner.name, recordedAt: at,
        ...(outcome === 'paper-pending' ? {} : { state: 'confirmed' as const, ...confirmedBy, decidedAt: at }),
      });
    };
    const seed = async (form: { id: number; projectId: number; name: string }, ids: number[], outcomes: Outcome[]) => {
      for (const [i, id] of ids.entries()) await entryFor(form, id, outcomes[i] ?? 'none');
    };
    const repeat = (outcome: Outcome, n: number): Outcome[] => Array.from({ length: n }, () => outcome);

    // Bloemenbuurt, Blok Noord (Rozenstraat, Lelieweg: 20 homes): 15 agreed (75%, above 70%), one paper form waiting for confirmation.
    const noord = await homesOf(bloemenbuurt.id, ['Lelieweg', 'Rozenstraat']);
    await setUnit(bloemenbuurt.id, noord, 'Blok Noord');
    await seed(existing, noord, [...repeat('agree', 13), ...repeat('paper-agree', 2), 'disagree', 'vacant', 'answering', 'paper-pending', 'none']);
    // Blok Zuid (Narcisstraat and the Tulpstraat: 13 homes): 4 agreed, below 70%. Tulpstraat 10, 12, 14 not started.
    const zuid = await homesOf(bloemenbuurt.id, ['Narcisstraat', 'Tulpstraat']);
    const narcis = await homesOf(bloemenbuurt.id, ['Narcisstraat']);
    await setUnit(bloemenbuurt.id, zuid, 'Blok Zuid');
    await seed(existing, narcis, [...repeat('agree', 4), 'disagree', 'disagree', 'paper-disagree', 'answering', 'answering', 'vacant']);

    // Rivierenwijk, Portiek Maasstraat (10 homes and Tulpstraat 12): 8 of the 10 occupied agreed (80%).
    const maas = await homesOf(rivierenwijk.id, ['Maasstraat']);
    await setUnit(rivierenwijk.id, [...maas, ...(await homesOf(rivierenwijk.id, ['Tulpstraat']))], 'Portiek Maasstraat');
    await seed(riverSms!, maas, [...repeat('agree', 7), 'paper-corrected', 'vacant', 'disagree']);
    // Portieken Rijnlaan en Waalstraat (20 homes): 6 agreed, below.
    const rijnWaal = await homesOf(rivierenwijk.id, ['Rijnlaan', 'Waalstraat']);
    await setUnit(rivierenwijk.id, rijnWaal, 'Portieken Rijnlaan en Waalstraat');
    await seed(riverSms!, rijnWaal, [...repeat('agree', 5), 'paper-agree', ...repeat('disagree', 3), ...repeat('answering', 3), 'vacant']);
    // The form without SMS and attachments: a few answers, one signed.
    await seed(riverPlain!, rijnWaal, ['agree', 'answering']);
  });
}
