import { MODULE_NAMES, normalizeAlnum } from '@portal/contract';
import { count, sql } from 'drizzle-orm';
import type { Services } from '../services.ts';
import { hashPassword } from '../lib/passwords.ts';
import { sanitizeStaffHtml } from '../lib/sanitize.ts';
import { hashToken } from '../lib/tokens.ts';
import { addresses, occupants } from '../modules/address/address.table.ts';
import { staffProjects, userCustomers, users } from '../modules/auth/auth.table.ts';
import { customers } from '../modules/customer/customer.table.ts';
import { addressProjects, projects } from '../modules/project/project.table.ts';
import { seedDemoContent } from './content.ts';
import { seedChatDemo } from './chat.ts';
import { seedAppointmentsDemo } from './appointments.ts';
import { seedSurveyDemo } from './survey.ts';
import { seedFormsDemo } from './forms.ts';
import { seedChoiceDemo } from './choice.ts';
import { seedSupportBaseDemo } from './support-base.ts';
import { seedStaffDemo } from './staff.ts';

export const DEMO = {
  residentPassword: 'Bewoner2026!',
  partnerPassword: 'Partner2026!',
  adminPassword: 'Beheer2026!',
  activationCode: 'ACTIVEER14',
  wocoToken: 'woco-demo-token-3f9c2a7e5b1d4c8a',
  /** A household member (not the holder) with an account at 1234AB 12. */
  memberPassword: 'Gezinslid2026!',
} as const;

const allModules = MODULE_NAMES.map((name) => ({ name }));

/** Fills an empty database with a realistic Dutch demo. Returns false when data exists already. */
export async function seedDemo(services: Services): Promise<boolean> {
  const { db } = services;
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(customers);
  if (n > 0) return false;

  const [residentHash, partnerHash, adminHash, memberHash] = await Promise.all([
    hashPassword(DEMO.residentPassword), hashPassword(DEMO.partnerPassword), hashPassword(DEMO.adminPassword), hashPassword(DEMO.memberPassword),
  ]);

  await db.transaction(async (tx) => {
    const [woonstad, devries] = await tx.insert(customers).values([
      {
        name: 'Woonstad Vernieuwd', domains: ['localhost', '127.0.0.1', '*'], logo: '/api/assets/demo/logo-woonstad.svg',
        colorPrimary: '#0b5394', colorSecondary: '#9a4f00', website: 'https://www.woonstad-vernieuwd.nl', loginUrlOccupants: '/inloggen', position: 0,
      },
      {
        name: 'Bouwbedrijf De Vries', domains: ['devries.localhost'], logo: '/api/assets/demo/logo-devries.svg',
        colorPrimary: '#7a1f2b', colorSecondary: '#3d3d3d', website: 'https://www.bouwbedrijf-devries.nl', loginUrlOccupants: '/inloggen', position: 1,
      },
    ]).returning();

    const [bloemenbuurt, rivierenwijk, havenkwartier, dakZuid] = await tx.insert(projects).values([
      {
        customerId: woonstad!.id, name: 'Renovatie Bloemenbuurt', description: 'Groot onderhoud en verduurzaming van 120 eengezinswoningen.',
        logoUrl: '/api/assets/demo/logo-bloemenbuurt.svg', corporateIdentityColor: '#2e7d32', colorPrimary: '#2e7d32', colorSecondary: '#9a4f00',
        welcomeMessage: sanitizeStaffHtml('<h2>Welkom bij de renovatie van de Bloemenbuurt</h2><p>Op dit portaal vindt u alles over de werkzaamheden aan uw woning: het laatste nieuws, de planning, uw afspraken en de contactpersonen van het projectteam.</p><p>Heeft u een vraag? Stuur ons gerust een <strong>bericht</strong>.</p><script>alert(1)</script>'),
        supportBaseProgress: '87 van de 120 bewoners (73%) hebben ingestemd met het renovatieplan.',
        modules: allModules, module18Name: 'Meldingen', workOrderMessage: 'De woningen worden in de volgorde van de lijst hieronder aangepakt.',
      },
      {
        customerId: woonstad!.id, name: 'Verduurzaming Rivierenwijk', description: 'Isolatie, zonnepanelen en nieuwe kozijnen voor 64 portiekwoningen.',
        corporateIdentityColor: '#0b5394', welcomeMessage: sanitizeStaffHtml('<p>Welkom! In de Rivierenwijk maken we 64 woningen klaar voor de toekomst: beter geïsoleerd, met zonnepanelen en nieuwe kozijnen.</p>'),
        supportBaseProgress: '52 van de 64 bewoners (81%) hebben ingestemd.', modules: allModules, module18Name: 'Klachten',
        // The work order's image-and-message variant: a drawing of the order instead of the map and list.
        workOrderShowImage: true, workOrderImageUrl: '/api/assets/demo/werkvolgorde-rivierenwijk.svg',
        workOrderMessage: 'We werken straat voor straat: eerst de Maasstraat, dan de Rijnlaan en als laatste de Waalstraat. U krijgt twee weken vooraf een brief.',
      },
      {
        customerId: devries!.id, name: 'Nieuwbouw Havenkwartier', description: '48 appartementen aan het water.',
        corporateIdentityColor: '#7a1f2b', welcomeMessage: '<p>Welkom bij de nieuwbouw van het Havenkwartier.</p>', modules: allModules,
      },
      {
        customerId: devries!.id, name: 'Dakrenovatie Zuid', description: 'Nieuwe daken voor 30 woningen in Zuid.',
        corporateIdentityColor: '#7a1f2b', welcomeMessage: '<p>Welkom bij de dakrenovatie in Zuid.</p>', modules: allModules, isPublic: false,
      },
    ]).returning();

    const home = (houseNumber: string, extra: Partial<typeof addresses.$inferInsert> = {}) => ({
      customerId: woonstad!.id, zipcode: '1234AB', houseNumber: normalizeAlnum(houseNumber), street: 'Tulpstraat', city: 'Utrecht', ...extra,
    });
    const [a10, a12, a14] = await tx.insert(addresses).values([
      home('10', { lat: 52.0907, lng: 5.1214, activatedAt: new Date() }),
      home('12', { lat: 52.0909, lng: 5.1217, activatedAt: new Date() }),
      home('14', {
        lat: 52.0911, lng: 5.122, activationCodeHash: hashToken(DEMO.activationCode),
        activationExpiresAt: new Date(Date.now() + 365 * 86_400_000),
      }),
    ]).returning();
    await tx.insert(addressProjects).values([
      { addressId: a10!.id, projectId: bloemenbuurt!.id },
      { addressId: a12!.id, projectId: bloemenbuurt!.id },
      { addressId: a12!.id, projectId: rivierenwijk!.id },
      { addressId: a14!.id, projectId: bloemenbuurt!.id },
    ]);
    await tx.insert(occupants).values([
      { addressId: a10!.id, firstName: 'Jan', affix: 'de', lastName: 'Vries', gender: 'M', emailAddress: 'jan.devries@example.nl', mobile: '0612345678', passwordHash: residentHash, isMain: true },
      { addressId: a10!.id, firstName: 'Anna', affix: 'de', lastName: 'Vries', gender: 'F', emailAddress: 'anna.devries@example.nl' },
      { addressId: a12!.id, firstName: 'Fatima', lastName: 'El Amrani', gender: 'F', emailAddress: 'fatima.elamrani@example.nl', passwordHash: residentHash, isMain: true },
      { addressId: a14!.id, firstName: 'Kees', lastName: 'Jansen', gender: 'M', emailAddress: 'kees.jansen@example.nl', isMain: true },
      // Every address has its holder (is_main, above) and members: Anna (no account), Youssef (an account of his own), Els.
      { addressId: a12!.id, firstName: 'Youssef', lastName: 'El Amrani', gender: 'M', emailAddress: 'youssef.elamrani@example.nl', passwordHash: memberHash },
      { addressId: a14!.id, firstName: 'Els', lastName: 'Jansen', gender: 'F' },
    ]);

    const [partner, admin, woco] = await tx.insert(users).values([
      { username: 'partner@example.nl', email: 'partner@example.nl', name: 'Pieter Bakker (Installatiebedrijf Bakker)', passwordHash: partnerHash },
      { username: 'beheer@example.nl', email: 'beheer@example.nl', name: 'Beheerder Woonstad', passwordHash: adminHash },
      { username: 'woco@example.nl', email: 'woco@example.nl', name: 'Sanne Visser (Woonstad)', loginTokenHash: hashToken(DEMO.wocoToken) },
    ]).returning();
    // One role per customer (packages/contract/src/permissions.ts); the contractor reaches the projects it works on.
    await tx.insert(userCustomers).values([
      { userId: partner!.id, customerId: woonstad!.id, role: 'contractor' },
      { userId: partner!.id, customerId: devries!.id, role: 'contractor' },
      { userId: admin!.id, customerId: woonstad!.id, role: 'customer-admin' },
      { userId: woco!.id, customerId: woonstad!.id, role: 'woco-viewer' },
    ]);
    await tx.insert(staffProjects).values([bloemenbuurt!, rivierenwijk!, havenkwartier!, dakZuid!].map((p) => ({ userId: partner!.id, projectId: p.id })));
    await seedDemoContent(tx, services, {
      customerId: woonstad!.id, bloemenbuurt: bloemenbuurt!.id, rivierenwijk: rivierenwijk!.id, a10: a10!.id, a12: a12!.id, a14: a14!.id,
    });
  });
  await seedChatDemo(db);
  await seedAppointmentsDemo(db);
  await seedSurveyDemo(db);
  await seedFormsDemo(services);
  await seedChoiceDemo(services);
  await seedSupportBaseDemo(services);
  await seedStaffDemo(services);
  await publishDemoForms(db);
  return true;
}

/**
 * The demo's forms are published as version 1 (as migration 0021 did for forms that existed): frozen in
 * form_versions, and their entries answered on it.
 */
async function publishDemoForms(db: Services['db']): Promise<void> {
  await db.execute(sql`INSERT INTO form_versions (form_id, version, name, description, definition, published_at)
    SELECT id, 1, name, description, definition, created_at FROM forms WHERE published_version IS NULL AND is_active`);
  await db.execute(sql`UPDATE forms SET published_version = 1 WHERE published_version IS NULL AND is_active`);
  await db.execute(sql`UPDATE form_entries e SET form_version = 1 FROM forms f WHERE f.id = e.form_id AND e.form_version IS NULL`);
}
