/**
 * Demo content for the two public projects of Woonstad Vernieuwd: every content module filled with
 * realistic Dutch content, dated relative to the seeding day, with real files (SVG, PNG, PDF) written
 * through the storage interface. Called by seedDemo inside its transaction; staff HTML goes through the
 * services, which sanitise it.
 */
import { normalizeAlnum, workOrderStatusFromLabel } from '@portal/contract';
import { addDays, amsterdamIsoDate, toDutchDate } from '../lib/dates.ts';
import type { Queryable } from '../lib/queryable.ts';
import type { Services } from '../services.ts';
import { addresses } from '../modules/address/address.table.ts';
import { addressProjects } from '../modules/project/project.table.ts';
import type { WorkOrderStatus } from '../modules/work-order/index.ts';
import { avatar, floorPlan, illustration, logo, photo, type Scene } from './assets.ts';
import { pdfLetter } from './pdf.ts';

export type DemoContentIds = {
  customerId: number;
  bloemenbuurt: number;
  rivierenwijk: number;
  a10: number;
  a12: number;
  a14: number;
};

const DAY = 86_400_000;
const SVG = 'image/svg+xml';
const PDF = 'application/pdf';
const PNG = 'image/png';

export async function seedDemoContent(tx: Queryable, services: Services, ids: DemoContentIds): Promise<void> {
  const { files } = services;
  const today = amsterdamIsoDate(new Date());
  const day = (offset: number) => addDays(today, offset);
  const now = Date.now();
  const ago = (days: number) => new Date(now - Math.round(days * DAY));
  // Files are described first and stored together (bytes in parallel, rows in one insert): a
  // transaction runs one query at a time.
  const file = (owner: string, filename: string, mime: string, data: Buffer) => ({ owner, filename, mime, data });
  const image = (owner: string, scene: Scene, title: string, name: string) => file(owner, `${name}.svg`, SVG, illustration(scene, title));

  const B = ids.bloemenbuurt;
  const R = ids.rivierenwijk;
  const green = '#2e7d32';
  const blue = '#0b5394';

  /* ---------------------------------------------------------------- addresses and the work order */

  // Streets in Utrecht around 52.09 N, 5.12 E, ten houses each (odd numbers) about 90 m apart along the
  // street from its first house (step: degrees per house): a neighbourhood of some 2 km across, so that a
  // map fitted to it shows every numbered marker apart from its neighbours.
  type Street = { street: string; zipcode: string; lat: number; lng: number; step: [number, number] };
  const grid = async (projectId: number, streets: Street[]) => {
    const rows = streets.flatMap((s) => Array.from({ length: 10 }, (_, i) => ({
      customerId: ids.customerId, zipcode: normalizeAlnum(s.zipcode), houseNumber: String(1 + i * 2), street: s.street, city: 'Utrecht',
      lat: Number((s.lat + i * s.step[0]).toFixed(6)), lng: Number((s.lng + i * s.step[1]).toFixed(6)),
    })));
    const created = await tx.insert(addresses).values(rows).returning({ id: addresses.id });
    await tx.insert(addressProjects).values(created.map((a) => ({ addressId: a.id, projectId })));
    return created.map((a) => a.id);
  };
  const eastward: [number, number] = [-0.00004, 0.0013];
  const northward: [number, number] = [0.0008, 0.00003];
  const bloemAddresses = await grid(B, [
      { street: 'Rozenstraat', zipcode: '3552 AB', lat: 52.0935, lng: 5.1030, step: eastward },
      { street: 'Lelieweg', zipcode: '3552 AC', lat: 52.0958, lng: 5.1160, step: eastward },
      { street: 'Narcisstraat', zipcode: '3552 AD', lat: 52.0880, lng: 5.1240, step: eastward },
  ]);
  const rivierAddresses = await grid(R, [
      { street: 'Maasstraat', zipcode: '3522 AA', lat: 52.0781, lng: 5.1150, step: eastward },
      { street: 'Rijnlaan', zipcode: '3522 AB', lat: 52.0810, lng: 5.1200, step: eastward },
      { street: 'Waalstraat', zipcode: '3522 AC', lat: 52.0700, lng: 5.1330, step: northward },
  ]);
  // Statuses as a contractor's planning export names them, mapped onto the portal's three statuses.
  const statusAt = (index: number, total: number): WorkOrderStatus =>
    workOrderStatusFromLabel(index < total / 3 ? 'Gereed melden' : index < (2 * total) / 3 ? 'In progress' : 'In voorbereiding');
  const bloemOrder = [ids.a12, ids.a10, ...bloemAddresses.slice(0, 10), ids.a14, ...bloemAddresses.slice(10)];
  const rivierOrder = [...rivierAddresses.slice(0, 12), ids.a12, ...rivierAddresses.slice(12)];
  await services.workOrder.add([
    ...bloemOrder.map((addressId, i) => ({ projectId: B, addressId, number: i + 1, status: statusAt(i, bloemOrder.length), isPublic: addressId !== ids.a14 })),
    ...rivierOrder.map((addressId, i) => ({ projectId: R, addressId, number: i + 1, status: statusAt(i, rivierOrder.length) })),
  ], tx);

  /* ---------------------------------------------------------------- files */

  const [
    logoVanDijk, logoBakker, logoZonnewerk, logoKwast, logoGroenRiv, logoVanDijkRiv, logoIsolatie,
    newsStart, newsAvond, newsProef, newsParkeren, newsKeuze, newsContact,
    newsRivStart, newsRivZon, newsRivKozijn, newsRivAvond,
    infoKeuken, infoBadkamer, infoGevel, infoDak, infoSteiger, infoLogeer, infoRivIsolatie, infoRivZon,
    complaintImage, complaintSchade, scheduleSteiger, scheduleKeuken,
    avatarSanne, avatarMohamed, avatarLisa, avatarPieter, avatarEmma, avatarDaan,
    contactLogoWoonstad, contactLogoVanDijk, contactLogoWoonstadRiv,
  ] = await files.storeMany([
    file('partners', 'logo-bouwbedrijf-van-dijk.svg', SVG, logo('Bouwbedrijf Van Dijk', '#8a4b08', 'house')),
    file('partners', 'logo-installatiebedrijf-bakker.svg', SVG, logo('Installatiebedrijf Bakker', '#1565c0', 'bolt')),
    file('partners', 'logo-zonnewerk-utrecht.svg', SVG, logo('Zonnewerk Utrecht', '#f9a825', 'sun')),
    file('partners', 'logo-schildersbedrijf-de-kwast.svg', SVG, logo('Schilders De Kwast', '#6a1b9a', 'brush')),
    file('partners', 'logo-groen-wonen.svg', SVG, logo('Groen Wonen Installaties', '#2e7d32', 'leaf')),
    file('partners', 'logo-bouwbedrijf-van-dijk.svg', SVG, logo('Bouwbedrijf Van Dijk', '#8a4b08', 'house')),
    file('partners', 'logo-isolatie-totaal.svg', SVG, logo('Isolatie Totaal', '#00838f', 'drop')),
    image('news', 'steigers', 'Steigers aan de Tulpstraat', 'start-renovatie'),
    image('news', 'bewonersavond', 'Bewonersavond', 'bewonersavond'),
    image('news', 'proefwoning', 'De proefwoning', 'proefwoning'),
    image('news', 'parkeren', 'Parkeren in de wijk', 'parkeren'),
    image('news', 'keuken', 'Keuze voor uw nieuwe keuken', 'keuzes'),
    file('news', 'sanne-visser.svg', SVG, avatar('SV', '#0b5394')),
    image('news', 'isolatie', 'Start isolatie', 'start-isolatie'),
    image('news', 'zonnepanelen', 'Zonnepanelen', 'zonnepanelen'),
    image('news', 'kozijnen', 'Nieuwe kozijnen', 'kozijnen'),
    image('news', 'bewonersavond', 'Informatieavond', 'informatieavond'),
    image('information', 'keuken', 'Nieuwe keuken', 'keuken'),
    image('information', 'badkamer', 'Badkamer en toilet', 'badkamer'),
    image('information', 'kozijnen', 'Gevel en kozijnen', 'gevel-kozijnen'),
    image('information', 'zonnepanelen', 'Dak en zonnepanelen', 'dak-zonnepanelen'),
    image('information', 'steigers', 'Steigers', 'steigers'),
    image('information', 'tuin', 'Logeerwoning', 'logeerwoning'),
    image('information', 'isolatie', 'Spouwmuurisolatie', 'spouwmuurisolatie'),
    image('information', 'zonnepanelen', 'Zonnepanelen op het dak', 'zonnepanelen'),
    image('complaints', 'melding', 'Een melding doen', 'melding'),
    image('complaints', 'dak', 'Schade melden', 'schade'),
    image('schedule', 'steigers', 'Steigers plaatsen', 'steigers'),
    image('schedule', 'keuken', 'Keukens vervangen', 'keukens'),
    file('contacts', 'sanne-visser.svg', SVG, avatar('SV', '#0b5394')),
    file('contacts', 'mohamed-yilmaz.svg', SVG, avatar('MY', '#8a4b08')),
    file('contacts', 'lisa-de-boer.svg', SVG, avatar('LB', '#2e7d32')),
    file('contacts', 'pieter-bakker.svg', SVG, avatar('PB', '#1565c0')),
    file('contacts', 'emma-jansen.svg', SVG, avatar('EJ', '#6a1b9a')),
    file('contacts', 'daan-vermeulen.svg', SVG, avatar('DV', '#00838f')),
    file('contacts', 'logo-woonstad.svg', SVG, logo('Woonstad Vernieuwd', '#0b5394', 'house')),
    file('contacts', 'logo-bouwbedrijf-van-dijk.svg', SVG, logo('Bouwbedrijf Van Dijk', '#8a4b08', 'house')),
    file('contacts', 'logo-woonstad.svg', SVG, logo('Woonstad Vernieuwd', '#0b5394', 'house')),
  ], tx);

  /* ---------------------------------------------------------------- partners */

  const [vanDijk, bakker, zonnewerk, kwast, groenWonen, vanDijkRiv, isolatieTotaal] = await services.partners.add([
    { projectId: B, name: 'Bouwbedrijf Van Dijk', logoFileId: logoVanDijk.id, website: 'https://www.bouwbedrijf-vandijk.nl', lat: 52.1017, lng: 5.0963, position: 1 },
    { projectId: B, name: 'Installatiebedrijf Bakker', logoFileId: logoBakker.id, website: 'https://www.installatiebedrijf-bakker.nl', lat: 52.0652, lng: 5.1378, position: 2 },
    { projectId: B, name: 'Zonnewerk Utrecht', logoFileId: logoZonnewerk.id, website: 'https://www.zonnewerk-utrecht.nl', lat: 52.0889, lng: 5.0721, position: 3 },
    { projectId: B, name: 'Schildersbedrijf De Kwast', logoFileId: logoKwast.id, website: null, lat: 52.1093, lng: 5.1452, position: 4, isPublic: false },
    { projectId: R, name: 'Groen Wonen Installaties', logoFileId: logoGroenRiv.id, website: 'https://www.groenwonen-installaties.nl', lat: 52.0712, lng: 5.1105, position: 1 },
    { projectId: R, name: 'Bouwbedrijf Van Dijk', logoFileId: logoVanDijkRiv.id, website: 'https://www.bouwbedrijf-vandijk.nl', lat: 52.1017, lng: 5.0963, position: 2 },
    { projectId: R, name: 'Isolatie Totaal', logoFileId: logoIsolatie.id, website: 'https://www.isolatietotaal.nl', lat: 52.0541, lng: 5.1643, position: 3 },
  ], tx);

  /* ---------------------------------------------------------------- news */

  await services.news.add([
    {
      projectId: B, date: day(-3), isPublic: true, imageFileId: newsStart.id, title: 'De renovatie is begonnen: steigers in de Tulpstraat',
      content: '<p>Maandag zijn de eerste steigers geplaatst aan de Tulpstraat. Daarmee is de renovatie van de Bloemenbuurt officieel van start gegaan.</p><p>In de komende weken worden de even huisnummers 2 tot en met 20 aangepakt. U ontvangt <strong>twee weken van tevoren</strong> een brief met de datum waarop de werkzaamheden aan uw woning beginnen.</p><ul><li>Zet uw auto tijdens de werkdagen niet direct voor de woning.</li><li>Houd de tuin aan de voorzijde vrij, zodat de steigers goed kunnen staan.</li></ul>',
    },
    {
      projectId: B, date: day(-9), isPublic: true, imageFileId: newsAvond.id, title: 'Terugblik op de bewonersavond',
      content: '<p>Ruim zeventig bewoners kwamen naar de bewonersavond in buurthuis De Bloem. Het projectteam liet de planning zien en beantwoordde vragen over de logeerwoning, de keukenkeuze en de huurverhoging.</p><p>De presentatie staat bij <a href="/documenten/">Documenten</a>. Had u een vraag die niet beantwoord is? Stel hem gerust via <em>Contact</em>.</p>',
    },
    {
      projectId: B, date: day(-16), isPublic: true, imageFileId: newsProef.id, title: 'De proefwoning is klaar: kom kijken',
      content: '<p>Aan de Tulpstraat 2 is de proefwoning klaar. Hier ziet u hoe uw woning er na de renovatie uitziet: de nieuwe keuken, de badkamer, de kozijnen met HR++ glas en de ventilatie.</p><p>De proefwoning is open op <strong>dinsdag en donderdag van 15.00 tot 19.00 uur</strong>. Aanmelden is niet nodig.</p>',
    },
    {
      projectId: B, date: day(-20), isPublic: false, imageFileId: newsParkeren.id, title: 'Parkeren tijdens de werkzaamheden',
      content: '<p>Tijdens de werkzaamheden zijn er minder parkeerplaatsen in de Tulpstraat en de Rozenstraat. Bewoners van de Bloemenbuurt kunnen gratis parkeren op het terrein achter het buurthuis aan de Lelieweg.</p><p>Vraag uw parkeerkaart aan bij de bewonersconsulent.</p>',
    },
    {
      projectId: B, date: day(-27), isPublic: false, imageFileId: newsKeuze.id, title: 'Geef uw keuzes voor keuken en badkamer door',
      content: '<p>U kunt tot en met het einde van de maand uw keuzes doorgeven voor de kleur van het keukenblad, de tegels in de badkamer en de deuren van de keukenkastjes.</p><p>Vul het keuzeformulier in bij <a href="/formulieren/">Formulieren</a>. Wie niets kiest, krijgt de standaarduitvoering.</p>',
    },
    {
      projectId: B, date: day(-35), isPublic: true, imageFileId: newsContact.id, title: 'Uw vaste aanspreekpunt: Sanne Visser',
      content: '<p>Sanne Visser is vanaf nu de bewonersconsulent van de Bloemenbuurt. Zij is iedere werkdag van 9.00 tot 17.00 uur bereikbaar en houdt spreekuur in de bouwkeet op woensdagochtend.</p>',
    },
    {
      projectId: R, date: day(-2), isPublic: true, imageFileId: newsRivStart.id, title: 'Spouwmuurisolatie Maasstraat gestart',
      content: '<p>Isolatie Totaal is begonnen met het isoleren van de spouwmuren in de Maasstraat. Per woning duurt dit één dag. U hoeft daarvoor niet thuis te zijn.</p>',
    },
    {
      projectId: R, date: day(-11), isPublic: true, imageFileId: newsRivZon.id, title: 'Zonnepanelen: hoeveel levert het op?',
      content: '<p>Iedere woning krijgt acht zonnepanelen. Samen leveren ze ongeveer <strong>2.600 kWh</strong> per jaar op. Dat is bijna driekwart van het stroomverbruik van een gemiddeld huishouden.</p>',
    },
    {
      projectId: R, date: day(-18), isPublic: false, imageFileId: newsRivKozijn.id, title: 'Nieuwe kozijnen: inmeten in uw woning',
      content: '<p>Bouwbedrijf Van Dijk komt in de komende weken bij u langs om de kozijnen in te meten. U krijgt hiervoor een afspraak via <a href="/afspraken/">Afspraken</a>.</p>',
    },
    {
      projectId: R, date: day(-30), isPublic: true, imageFileId: newsRivAvond.id, title: 'Informatieavond verduurzaming',
      content: '<p>Tijdens de informatieavond vertelden we over de isolatie, de zonnepanelen en de nieuwe kozijnen. 81% van de bewoners heeft inmiddels ingestemd met het plan.</p>',
    },
  ], tx);

  /* ---------------------------------------------------------------- complaints */

  await services.complaints.add([
    {
      projectId: B, position: 1, isPublic: true, imageFileId: complaintImage.id, title: 'Een melding doen over de werkzaamheden',
      content: '<p>Heeft u last van de werkzaamheden, of gaat er iets niet goed? Meld het ons. Stuur een bericht via <a href="/berichten/">Contact</a> of bel de bewonersconsulent.</p><p>We reageren binnen <strong>twee werkdagen</strong>.</p>',
    },
    {
      projectId: B, position: 2, isPublic: true, imageFileId: complaintSchade.id, title: 'Schade aan uw woning of spullen',
      content: '<p>Is er tijdens de werkzaamheden iets beschadigd? Maak een foto en meld de schade binnen vijf werkdagen. De aannemer neemt contact met u op om de schade te bekijken en te herstellen.</p>',
    },
    {
      projectId: B, position: 3, isPublic: false, title: 'Spoed buiten werktijden',
      content: '<p>Bij een lekkage, stroomstoring of een gat in de gevel buiten werktijden belt u de storingsdienst van Bouwbedrijf Van Dijk: <a href="tel:0301234567">030 123 45 67</a>.</p>',
    },
    {
      projectId: B, position: 4, isPublic: true, title: 'Een klacht indienen',
      content: '<p>Bent u niet tevreden over hoe uw melding is behandeld? Dan kunt u een klacht indienen bij Woonstad Vernieuwd. Komen we er samen niet uit, dan kunt u naar de Huurcommissie.</p>',
    },
    {
      projectId: R, position: 1, isPublic: true, imageFileId: null, title: 'Overlast melden',
      content: '<p>Meld overlast van geluid, stof of afval via <a href="/berichten/">Contact</a>. Vermeld uw adres en wanneer de overlast was.</p>',
    },
    {
      projectId: R, position: 2, isPublic: false, title: 'Schade melden',
      content: '<p>Schade aan uw woning of spullen meldt u binnen vijf werkdagen bij de uitvoerder. Voeg zo mogelijk een foto toe.</p>',
    },
  ], tx);

  /* ---------------------------------------------------------------- information and FAQ */

  await services.information.add([
    {
      projectId: B, menuitemId: 1, position: 1, isPublic: true, imageFileId: infoKeuken.id, accessToHomeRequired: true,
      icons: ['keuken', 'water', 'stroom', 'sleutel'], partnerIds: [vanDijk!.id, bakker!.id], title: 'Nieuwe keuken',
      indicators: [{ name: 'Geluidsoverlast', value: 80 }, { name: 'Stofoverlast', value: 60 }, { name: 'Bereikbaarheid woning', value: 30 }],
      content: '<p>Uw keuken wordt helemaal vervangen: nieuwe kastjes, een werkblad, een spoelbak met mengkraan en een afzuigkap. De elektra in de keuken wordt vernieuwd, met een aparte groep voor de kookplaat.</p><p>De werkzaamheden duren <strong>vijf werkdagen</strong>. In die tijd kunt u niet koken; u kunt gebruikmaken van de logeerwoning.</p><script>alert("niet uitvoeren")</script>',
    },
    {
      projectId: B, menuitemId: 1, position: 2, isPublic: true, imageFileId: infoBadkamer.id, accessToHomeRequired: true,
      icons: ['badkamer', 'water', 'sleutel'], partnerIds: [vanDijk!.id], title: 'Badkamer en toilet',
      indicators: [{ name: 'Geluidsoverlast', value: 95 }, { name: 'Stofoverlast', value: 70 }, { name: 'Bereikbaarheid woning', value: 50 }],
      content: '<p>De badkamer en het toilet worden vernieuwd: nieuwe tegels, een douche met thermostaatkraan, een wastafel en een hangend toilet. Tijdens de werkzaamheden staat er een douche- en toiletunit bij de bouwkeet.</p>',
    },
    {
      projectId: B, menuitemId: 1, position: 3, isPublic: false, accessToHomeRequired: true,
      icons: ['ventilatie', 'stroom'], partnerIds: [bakker!.id], title: 'Mechanische ventilatie',
      indicators: [{ name: 'Geluidsoverlast', value: 40 }, { name: 'Stofoverlast', value: 20 }],
      content: '<p>Er komt een nieuwe ventilatie-unit op zolder met ventielen in de keuken, badkamer en het toilet. De unit regelt zelf hoe hard hij draait, op basis van de luchtvochtigheid.</p>',
    },
    {
      projectId: B, menuitemId: 2, position: 1, isPublic: true, imageFileId: infoGevel.id,
      icons: ['kozijn', 'isolatie', 'steiger'], partnerIds: [vanDijk!.id, kwast!.id], title: 'Gevelisolatie en nieuwe kozijnen',
      indicators: [{ name: 'Geluidsoverlast', value: 55 }, { name: 'Stofoverlast', value: 45 }, { name: 'Bereikbaarheid woning', value: 10 }],
      content: '<p>De spouwmuren worden geïsoleerd en alle kozijnen worden vervangen door kunststof kozijnen met HR++ glas. Het vervangen van de kozijnen gebeurt van buitenaf, maar de vensterbanken worden binnen opnieuw afgewerkt.</p>',
    },
    {
      projectId: B, menuitemId: 2, position: 2, isPublic: true, imageFileId: infoDak.id,
      icons: ['dak', 'zonnepaneel', 'isolatie'], partnerIds: [zonnewerk!.id], title: 'Dakisolatie en zonnepanelen',
      indicators: [{ name: 'Geluidsoverlast', value: 25 }, { name: 'Bereikbaarheid woning', value: 5 }],
      content: '<p>Het dak wordt aan de buitenkant geïsoleerd en krijgt nieuwe pannen. Op het zuidelijke dakvlak komen zes zonnepanelen. De omvormer komt op zolder.</p>',
    },
    {
      projectId: B, menuitemId: 2, position: 3, isPublic: true, imageFileId: infoSteiger.id,
      icons: ['steiger', 'kalender'], partnerIds: [vanDijk!.id], title: 'Steigers rond uw woning',
      indicators: [{ name: 'Geluidsoverlast', value: 15 }, { name: 'Privacy', value: 75 }],
      content: '<p>De steigers staan ongeveer zes weken rond uw woning. Houd ramen aan de steigerkant gesloten als u niet thuis bent en laat geen ladders of spullen op de steiger staan.</p>',
    },
    {
      projectId: B, menuitemId: 3, position: 1, isPublic: true, imageFileId: infoLogeer.id,
      icons: ['sleutel', 'kalender'], title: 'Logeerwoning tijdens de werkzaamheden',
      indicators: [],
      content: '<p>Tijdens de werkzaamheden binnen kunt u overdag terecht in de logeerwoning aan de Lelieweg 1. Er is een keuken, een douche, een toilet en een zithoek met wifi.</p>',
    },
    {
      projectId: B, menuitemId: 3, position: 2, isPublic: false,
      icons: ['afval'], title: 'Vergoeding en huurverhoging',
      indicators: [],
      content: '<p>U ontvangt een vergoeding van <strong>€ 750</strong> voor de overlast en het opnieuw inrichten van uw woning. Na de renovatie stijgt de huur met € 35 per maand; uw energierekening daalt naar verwachting met € 60 tot € 90 per maand.</p>',
    },
    { projectId: B, kind: 'faq', position: 1, isPublic: true, icons: ['sleutel'], title: 'Moet ik thuis zijn tijdens de werkzaamheden?',
      content: '<p>Voor de werkzaamheden binnen moet de aannemer in uw woning kunnen. U hoeft niet thuis te zijn als u de sleutel afgeeft in de bouwkeet.</p>' },
    { projectId: B, kind: 'faq', position: 2, isPublic: true, title: 'Wat gebeurt er met mijn spullen?',
      content: '<p>U krijgt verhuisdozen en afdekfolie. Maak de keuken, badkamer en de ruimte voor de kozijnen een dag van tevoren leeg. De aannemer dekt vloeren af.</p>' },
    { projectId: B, kind: 'faq', position: 3, isPublic: true, title: 'Kan ik de werkzaamheden weigeren?',
      content: '<p>De renovatie gaat door omdat meer dan 70% van de bewoners heeft ingestemd. Onderdelen die alleen uw woning betreffen, zoals een nieuwe keuken, kunt u in overleg uitstellen.</p>' },
    { projectId: B, kind: 'faq', position: 4, isPublic: false, title: 'Krijg ik een vergoeding?',
      content: '<p>Ja, iedere woning krijgt een vaste vergoeding. Zie <a href="/informatie/">Vergoeding en huurverhoging</a>.</p>' },
    { projectId: B, kind: 'faq', position: 5, isPublic: true, title: 'Wat als ik na afloop schade ontdek?',
      content: '<p>Meld schade binnen vijf werkdagen na de oplevering via Meldingen. Daarna geldt de gewone onderhoudsregeling.</p>' },
    { projectId: B, kind: 'faq', position: 6, isPublic: true, title: 'Hoe lang duurt de renovatie per woning?',
      content: '<p>Buiten ongeveer zes weken, binnen ongeveer tien werkdagen verspreid over drie weken.</p>' },

    {
      projectId: R, menuitemId: 1, position: 1, isPublic: true, accessToHomeRequired: true,
      icons: ['warmtepomp', 'stroom', 'sleutel'], partnerIds: [groenWonen!.id], title: 'Hybride warmtepomp',
      indicators: [{ name: 'Geluidsoverlast', value: 35 }, { name: 'Bereikbaarheid woning', value: 60 }],
      content: '<p>Naast uw cv-ketel komt een hybride warmtepomp. De buitenunit hangt op het balkon. Het plaatsen duurt één dag.</p>',
    },
    {
      projectId: R, menuitemId: 2, position: 1, isPublic: true, imageFileId: infoRivIsolatie.id,
      icons: ['isolatie'], partnerIds: [isolatieTotaal!.id], title: 'Spouwmuurisolatie',
      indicators: [{ name: 'Geluidsoverlast', value: 65 }, { name: 'Stofoverlast', value: 20 }],
      content: '<p>Via kleine gaatjes in de voegen wordt isolatiemateriaal in de spouwmuur geblazen. Daarna worden de gaatjes gedicht.</p>',
    },
    {
      projectId: R, menuitemId: 2, position: 2, isPublic: true, imageFileId: infoRivZon.id,
      icons: ['zonnepaneel', 'dak'], partnerIds: [groenWonen!.id], title: 'Zonnepanelen',
      indicators: [{ name: 'Geluidsoverlast', value: 10 }],
      content: '<p>Op het platte dak komen per woning acht zonnepanelen. Ze worden aangesloten op uw eigen meterkast.</p>',
    },
    {
      projectId: R, menuitemId: 2, position: 3, isPublic: false, accessToHomeRequired: true,
      icons: ['kozijn'], partnerIds: [vanDijkRiv!.id], title: 'Nieuwe kozijnen',
      indicators: [{ name: 'Geluidsoverlast', value: 75 }, { name: 'Stofoverlast', value: 50 }],
      content: '<p>De houten kozijnen worden vervangen door kunststof kozijnen met HR++ glas. Per woning duurt dit twee dagen.</p>',
    },
    {
      projectId: R, menuitemId: 3, position: 1, isPublic: true, icons: ['kalender'], title: 'Planning per portiek', indicators: [],
      content: '<p>We werken per portiek, van de Maasstraat naar de Waalstraat. Kijk bij Planning wanneer uw portiek aan de beurt is.</p>',
    },
    { projectId: R, kind: 'faq', position: 1, isPublic: true, title: 'Gaat mijn huur omhoog?',
      content: '<p>Nee, voor de verduurzaming van de Rivierenwijk gaat de huur niet omhoog.</p>' },
    { projectId: R, kind: 'faq', position: 2, isPublic: true, title: 'Wie is eigenaar van de zonnepanelen?',
      content: '<p>Woonstad Vernieuwd blijft eigenaar en zorgt voor onderhoud. De opbrengst is voor u.</p>' },
    { projectId: R, kind: 'faq', position: 3, isPublic: false, title: 'Wat als ik een huisdier heb?',
      content: '<p>Zorg dat uw huisdier op de dagen van de werkzaamheden in een afgesloten ruimte verblijft of bij iemand anders logeert.</p>' },
  ], tx);

  /* ---------------------------------------------------------------- planning */

  await services.schedule.setPage({ projectId: B, comment: '<p>De planning is <strong>onder voorbehoud</strong> van het weer. Wijzigingen ziet u hier als eerste.</p>', showDate: true }, tx);
  await services.schedule.setPage({ projectId: R, comment: '<p>We werken per portiek van de Maasstraat naar de Waalstraat.</p>', showDate: true }, tx);
  await services.schedule.add([
    { projectId: B, date: day(-8), title: 'Steigers plaatsen Tulpstraat 2-20', description: 'Even huisnummers', isPublic: true, imageFileId: scheduleSteiger.id, icons: ['steiger'], partnerIds: [vanDijk!.id],
      content: '<p>De steigers worden geplaatst. Houd de voortuin vrij.</p>', indicators: [{ name: 'Geluidsoverlast', value: 60 }] },
    { projectId: B, date: day(-4), title: 'Water afgesloten Tulpstraat', description: '09.00 - 12.00 uur', highlight: true, isPublic: true, icons: ['water'], partnerIds: [bakker!.id],
      content: '<p>Het water is afgesloten van 9.00 tot 12.00 uur. Vul vooraf een emmer en de waterkoker.</p>' },
    { projectId: B, date: day(-1), title: 'Kozijnen vervangen Tulpstraat 2-10', description: 'Van buitenaf', isPublic: true, icons: ['kozijn'], partnerIds: [vanDijk!.id],
      content: '<p>De kozijnen aan de voorgevel worden vervangen.</p>', indicators: [{ name: 'Geluidsoverlast', value: 55 }] },
    { projectId: B, date: day(0), title: 'Spreekuur bewonersconsulent', description: 'Bouwkeet, 9.00 - 12.00 uur', isPublic: true, icons: ['kalender'],
      content: '<p>Loop binnen met uw vragen bij Sanne Visser.</p>' },
    { projectId: B, date: day(2), title: 'Keukens vervangen Tulpstraat 2-6', description: 'Vijf werkdagen', accessToHomeRequired: true, imageFileId: scheduleKeuken.id, icons: ['keuken', 'sleutel'], partnerIds: [vanDijk!.id, bakker!.id],
      content: '<p>De keukens worden vervangen. De aannemer moet in uw woning kunnen.</p>', indicators: [{ name: 'Geluidsoverlast', value: 80 }, { name: 'Stofoverlast', value: 60 }] },
    { projectId: B, date: day(2), title: 'Stroom kort afgesloten', description: '13.00 - 14.00 uur', highlight: true, icons: ['stroom'], partnerIds: [bakker!.id],
      content: '<p>De stroom wordt een uur afgesloten voor het aansluiten van de nieuwe groepenkast.</p>' },
    { projectId: B, date: day(5), title: 'Dakwerkzaamheden Tulpstraat 2-20', description: 'Isolatie en nieuwe pannen', isPublic: true, icons: ['dak', 'isolatie'], partnerIds: [vanDijk!.id],
      content: '<p>Het dak wordt geïsoleerd en krijgt nieuwe pannen.</p>', indicators: [{ name: 'Geluidsoverlast', value: 35 }] },
    { projectId: B, date: day(9), title: 'Zonnepanelen plaatsen', description: 'Zuidelijk dakvlak', isPublic: true, icons: ['zonnepaneel'], partnerIds: [zonnewerk!.id],
      content: '<p>Zonnewerk Utrecht plaatst de zonnepanelen en de omvormer.</p>' },
    { projectId: B, date: day(12), title: 'Bewonersavond fase 2', description: 'Buurthuis De Bloem, 19.30 uur', highlight: true, isPublic: true, icons: ['kalender'],
      content: '<p>We bespreken de planning van fase 2: de Rozenstraat en de Lelieweg.</p>' },
    { projectId: B, date: day(16), title: 'Badkamers vervangen Tulpstraat 2-6', description: 'Acht werkdagen', accessToHomeRequired: true, icons: ['badkamer', 'sleutel'], partnerIds: [vanDijk!.id],
      content: '<p>De badkamers en toiletten worden vernieuwd. Gebruik de douche-unit bij de bouwkeet.</p>', indicators: [{ name: 'Geluidsoverlast', value: 95 }] },
    { projectId: B, date: day(23), title: 'Schilderwerk buiten', description: 'Boeidelen en deuren', icons: ['verf'], partnerIds: [kwast!.id],
      content: '<p>De boeidelen en voordeuren worden geschilderd.</p>' },
    { projectId: B, date: day(30), title: 'Steigers verplaatsen naar de Rozenstraat', description: 'Start fase 2', isPublic: true, icons: ['steiger'], partnerIds: [vanDijk!.id],
      content: '<p>De steigers gaan van de Tulpstraat naar de Rozenstraat.</p>' },
    { projectId: B, date: day(37), title: 'Oplevering Tulpstraat 2-10', description: 'Met de uitvoerder', highlight: true, isPublic: true, icons: ['sleutel'],
      content: '<p>De uitvoerder loopt met u door de woning en noteert eventuele restpunten.</p>' },
    { projectId: B, date: day(44), title: 'Keukens vervangen Rozenstraat 1-9', description: 'Vijf werkdagen', accessToHomeRequired: true, icons: ['keuken', 'sleutel'], partnerIds: [vanDijk!.id],
      content: '<p>De keukens in de Rozenstraat worden vervangen.</p>' },

    { projectId: R, date: day(-6), title: 'Spouwmuurisolatie Maasstraat 1-9', isPublic: true, icons: ['isolatie'], partnerIds: [isolatieTotaal!.id], description: 'Eén dag per woning',
      content: '<p>De spouwmuren worden geïsoleerd.</p>' },
    { projectId: R, date: day(-2), title: 'Spouwmuurisolatie Maasstraat 11-19', isPublic: true, icons: ['isolatie'], partnerIds: [isolatieTotaal!.id], description: 'Eén dag per woning',
      content: '<p>De spouwmuren worden geïsoleerd.</p>' },
    { projectId: R, date: day(3), title: 'Inmeten kozijnen Rijnlaan', accessToHomeRequired: true, icons: ['kozijn', 'sleutel'], partnerIds: [vanDijkRiv!.id], description: 'Op afspraak',
      content: '<p>De kozijnen worden ingemeten. U krijgt een afspraak.</p>' },
    { projectId: R, date: day(8), title: 'Zonnepanelen Maasstraat', isPublic: true, icons: ['zonnepaneel'], partnerIds: [groenWonen!.id], description: 'Platte daken',
      content: '<p>De zonnepanelen worden geplaatst.</p>' },
    { projectId: R, date: day(8), title: 'Hijskraan in de Maasstraat', highlight: true, isPublic: true, icons: ['steiger'], description: 'Straat afgesloten 7.00 - 16.00 uur',
      content: '<p>De Maasstraat is afgesloten voor verkeer. Parkeer op de Rijnlaan.</p>' },
    { projectId: R, date: day(15), title: 'Warmtepompen Maasstraat', accessToHomeRequired: true, icons: ['warmtepomp', 'sleutel'], partnerIds: [groenWonen!.id], description: 'Eén dag per woning',
      content: '<p>De hybride warmtepompen worden geplaatst.</p>' },
    { projectId: R, date: day(22), title: 'Spouwmuurisolatie Rijnlaan', isPublic: true, icons: ['isolatie'], partnerIds: [isolatieTotaal!.id], description: 'Eén dag per woning',
      content: '<p>De spouwmuren worden geïsoleerd.</p>' },
    { projectId: R, date: day(34), title: 'Kozijnen vervangen Rijnlaan', highlight: true, accessToHomeRequired: true, icons: ['kozijn', 'sleutel'], partnerIds: [vanDijkRiv!.id], description: 'Twee dagen per woning',
      content: '<p>De kozijnen worden vervangen.</p>' },
    { projectId: R, date: day(41), title: 'Informatieavond Waalstraat', isPublic: true, icons: ['kalender'], description: 'Wijkcentrum, 19.30 uur',
      content: '<p>Informatie voor de bewoners van de Waalstraat.</p>' },
  ], tx);

  /* ---------------------------------------------------------------- documents and dossier */

  const letter = (project: string, colour: string) => (title: string, paragraphs: string[], to?: string) =>
    pdfLetter({ title, project, date: toDutchDate(new Date()), paragraphs, colour, to });
  const bLetter = letter('Renovatie Bloemenbuurt', green);
  const rLetter = letter('Verduurzaming Rivierenwijk', blue);
  const jan = 'Familie De Vries\nTulpstraat 10\n1234 AB Utrecht';
  const fatima = 'Mevrouw F. El Amrani\nTulpstraat 12\n1234 AB Utrecht';

  const [
    pdfStart, pdfPlanning, pdfHuur, pdfPresentatie, pdfHuisbezoek, pdfOpnameAfspraak,
    pdfRivBrief, pdfRivZon, pdfRivKozijn,
    pdfOpname10, pdfKeuze10, pdfToestemming10, pdfOpname12, pdfRivOpname12,
  ] = [
    bLetter('Start van de renovatie', ['Beste bewoner,', 'Binnenkort beginnen de werkzaamheden in de Bloemenbuurt. In deze brief leest u wat er gaat gebeuren, wanneer uw woning aan de beurt is en wie u kunt bellen met vragen.', 'De renovatie bestaat uit werk buiten (gevel, kozijnen, dak en zonnepanelen) en werk binnen (keuken, badkamer, toilet en ventilatie). U ontvangt twee weken voor de start bij uw woning een persoonlijke planning.']),
    bLetter('Planning fase 1: Tulpstraat', ['Fase 1 omvat de Tulpstraat 2 tot en met 20. De steigers staan ongeveer zes weken. Het werk binnen duurt ongeveer tien werkdagen, verspreid over drie weken.', 'Week 1-2: steigers, kozijnen en dak. Week 3-4: keuken en elektra. Week 5: badkamer en toilet. Week 6: schilderwerk en oplevering.']),
    bLetter('Huurvoorstel na renovatie', ['Na de renovatie stijgt de kale huur met € 35 per maand. Door de isolatie en de zonnepanelen daalt uw energierekening naar verwachting met € 60 tot € 90 per maand.', 'Heeft u recht op huurtoeslag? Dan stijgt uw huurtoeslag mee.']),
    bLetter('Presentatie bewonersavond', ['Samenvatting van de presentatie op de bewonersavond: de planning, de keuzemogelijkheden, de logeerwoning en de vergoeding.']),
    bLetter('Uitnodiging huisbezoek', ['Beste familie De Vries,', 'Graag komen wij bij u langs om de werkzaamheden in uw woning te bespreken en de keuken en badkamer op te meten. Het bezoek duurt ongeveer een uur.', 'Plan het bezoek via Afspraken in het bewonersportaal.'], jan),
    bLetter('Bevestiging opnameafspraak', ['Beste familie De Vries,', 'Hierbij bevestigen wij de afspraak voor de opname van uw woning. De opnemer is herkenbaar aan een pasje van Bouwbedrijf Van Dijk.'], jan),
    rLetter('Verduurzaming van uw woning', ['Beste bewoner,', 'Uw woning wordt de komende maanden verduurzaamd: spouwmuurisolatie, zonnepanelen, een hybride warmtepomp en nieuwe kozijnen. Uw huur gaat daardoor niet omhoog.']),
    rLetter('Zonnepanelen: opbrengst en onderhoud', ['Iedere woning krijgt acht zonnepanelen die samen ongeveer 2.600 kWh per jaar opleveren. Woonstad Vernieuwd blijft eigenaar en zorgt voor onderhoud.']),
    rLetter('Inmeten kozijnen', ['Beste mevrouw El Amrani,', 'Bouwbedrijf Van Dijk komt uw kozijnen inmeten. Plan de afspraak via het bewonersportaal.'], fatima),
    bLetter('Opnamerapport Tulpstraat 10', ['Opname uitgevoerd door Bouwbedrijf Van Dijk.', 'Keuken: standaard opstelling, 2,70 m. Badkamer: douchehoek, geen bad. Meterkast: 1-fase, wordt 3-fase. Bijzonderheden: zelf aangebrachte vloer in de woonkamer blijft liggen.'], jan),
    bLetter('Keuzeformulier keuken en badkamer', ['Gekozen keukenfront: eiken licht. Werkblad: antraciet. Wandtegels badkamer: wit mat 30 x 60. Vloertegels: grijs 60 x 60.'], jan),
    bLetter('Toestemmingsformulier werkzaamheden', ['Ondergetekende geeft toestemming voor de werkzaamheden zoals beschreven in het renovatievoorstel. Digitaal ondertekend in het bewonersportaal.'], jan),
    bLetter('Opnamerapport Tulpstraat 12', ['Opname uitgevoerd door Bouwbedrijf Van Dijk.', 'Keuken: hoekopstelling. Badkamer: ligbad, wordt douche op verzoek van de bewoner.'], fatima),
    rLetter('Opnamerapport kozijnen', ['Kozijnen voorgevel: 3 stuks, achtergevel: 2 stuks, balkondeur: 1 stuk. Alle kozijnen worden vervangen.'], fatima),
  ];
  const [
    fStart, fPlanning, fHuur, fPresentatie, fHuisbezoek, fOpnameAfspraak, fPlattegrondProef,
    fRivBrief, fRivZon, fRivKozijn,
    dOpname10, dKeuze10, dToestemming10, dMeterkast10, dPlattegrond10, dOpname12, dFoto12, dRivOpname12, dRivGevel12,
  ] = await files.storeMany([
    file('documents', 'Bewonersbrief start renovatie.pdf', PDF, pdfStart),
    file('documents', 'Planning fase 1.pdf', PDF, pdfPlanning),
    file('documents', 'Huurvoorstel.pdf', PDF, pdfHuur),
    file('documents', 'Presentatie bewonersavond.pdf', PDF, pdfPresentatie),
    file('documents', 'Uitnodiging huisbezoek.pdf', PDF, pdfHuisbezoek),
    file('documents', 'Bevestiging opnameafspraak.pdf', PDF, pdfOpnameAfspraak),
    file('documents', 'Plattegrond proefwoning.svg', SVG, floorPlan('Plattegrond proefwoning Tulpstraat 2')),
    file('documents', 'Brief verduurzaming.pdf', PDF, pdfRivBrief),
    file('documents', 'Zonnepanelen.pdf', PDF, pdfRivZon),
    file('documents', 'Inmeten kozijnen.pdf', PDF, pdfRivKozijn),
    file('dossier', 'Opnamerapport.pdf', PDF, pdfOpname10),
    file('dossier', 'Keuzeformulier.pdf', PDF, pdfKeuze10),
    file('dossier', 'Toestemmingsformulier.pdf', PDF, pdfToestemming10),
    file('dossier', 'Foto meterkast.png', PNG, photo('meterkast')),
    file('dossier', 'Plattegrond Tulpstraat 10.svg', SVG, floorPlan('Plattegrond Tulpstraat 10')),
    file('dossier', 'Opnamerapport.pdf', PDF, pdfOpname12),
    file('dossier', 'Foto keuken.png', PNG, photo('keuken')),
    file('dossier', 'Opnamerapport kozijnen.pdf', PDF, pdfRivOpname12),
    file('dossier', 'Foto gevel.png', PNG, photo('gevel')),
  ], tx);

  const sentBy = (message: string) => [{ type: 'email', message }];
  await services.documents.add([
    { projectId: B, fileId: fStart.id, type: 'Brief', subject: 'Start van de renovatie', name: 'Bewonersbrief start renovatie', isPublic: true, createdAt: ago(30), methods: sentBy('Ook per post verstuurd') },
    { projectId: B, fileId: fPlanning.id, type: 'Planning', subject: 'Planning fase 1: Tulpstraat', name: 'Planning fase 1', isPublic: true, createdAt: ago(12), methods: [] },
    { projectId: B, fileId: fHuur.id, type: 'Brief', subject: 'Huurvoorstel na renovatie', name: 'Huurvoorstel', createdAt: ago(25), methods: [{ type: 'post', message: 'Per aangetekende post verstuurd' }] },
    { projectId: B, fileId: fPresentatie.id, type: 'Presentatie', subject: 'Presentatie van de bewonersavond', name: 'Presentatie bewonersavond', isPublic: true, createdAt: ago(9), methods: [] },
    { projectId: B, fileId: fPlattegrondProef.id, type: 'Tekening', subject: 'Indeling van de proefwoning', name: 'Plattegrond proefwoning', isPublic: true, createdAt: ago(16), methods: [] },
    { projectId: B, addressId: ids.a10, fileId: fHuisbezoek.id, type: 'Brief', subject: 'Uitnodiging voor een huisbezoek', name: 'Uitnodiging huisbezoek', createdAt: ago(20), methods: sentBy('Verstuurd naar jan.devries@example.nl') },
    { projectId: B, addressId: ids.a10, fileId: fOpnameAfspraak.id, type: 'Bevestiging', subject: 'Bevestiging van uw opnameafspraak', name: 'Bevestiging opnameafspraak', createdAt: ago(6), methods: [] },
    { projectId: R, fileId: fRivBrief.id, type: 'Brief', subject: 'Verduurzaming van uw woning', name: 'Brief verduurzaming', isPublic: true, createdAt: ago(28), methods: sentBy('Ook per post verstuurd') },
    { projectId: R, fileId: fRivZon.id, type: 'Informatie', subject: 'Zonnepanelen: opbrengst en onderhoud', name: 'Zonnepanelen', createdAt: ago(11), methods: [] },
    { projectId: R, addressId: ids.a12, fileId: fRivKozijn.id, type: 'Brief', subject: 'Afspraak voor het inmeten van de kozijnen', name: 'Inmeten kozijnen', createdAt: ago(4), methods: [] },
  ], tx);

  await services.dossier.add([
    { projectId: B, addressId: ids.a10, fileId: dOpname10.id, type: 'Opname', subType: 'Opnamerapport', methodType: 'Digitaal ondertekend', name: 'Opnamerapport', subject: 'Opname van Tulpstraat 10', createdAt: ago(14) },
    { projectId: B, addressId: ids.a10, fileId: dKeuze10.id, type: 'Keuze', subType: 'Keuken en badkamer', methodType: 'Digitaal ingevuld', name: 'Keuzeformulier', subject: 'Uw keuzes voor keuken en badkamer', createdAt: ago(10) },
    { projectId: B, addressId: ids.a10, fileId: dToestemming10.id, type: 'Handtekening', subType: 'Toestemming', methodType: 'Digitaal ondertekend', name: 'Toestemmingsformulier', subject: 'Toestemming voor de werkzaamheden', createdAt: ago(22) },
    { projectId: B, addressId: ids.a10, fileId: dMeterkast10.id, type: 'Foto', subType: 'Meterkast', methodType: 'Upload opnemer', name: 'Foto meterkast', subject: 'Meterkast voor de renovatie', createdAt: ago(14.1) },
    { projectId: B, addressId: ids.a10, fileId: dPlattegrond10.id, type: 'Tekening', subType: 'Plattegrond', methodType: null, name: 'Plattegrond', subject: 'Plattegrond begane grond', createdAt: ago(13) },
    { projectId: B, addressId: ids.a12, fileId: dOpname12.id, type: 'Opname', subType: 'Opnamerapport', methodType: 'Digitaal ondertekend', name: 'Opnamerapport', subject: 'Opname van Tulpstraat 12', createdAt: ago(12) },
    { projectId: B, addressId: ids.a12, fileId: dFoto12.id, type: 'Foto', subType: 'Keuken', methodType: 'Upload opnemer', name: 'Foto keuken', subject: 'Keuken voor de renovatie', createdAt: ago(12.1) },
    { projectId: R, addressId: ids.a12, fileId: dRivOpname12.id, type: 'Opname', subType: 'Kozijnen', methodType: 'Digitaal ondertekend', name: 'Opnamerapport kozijnen', subject: 'Opname van de kozijnen', createdAt: ago(5) },
    { projectId: R, addressId: ids.a12, fileId: dRivGevel12.id, type: 'Foto', subType: 'Gevel', methodType: 'Upload opnemer', name: 'Foto gevel', subject: 'Voorgevel voor de verduurzaming', createdAt: ago(5.1) },
  ], tx, { notify: false });

  /* ---------------------------------------------------------------- contacts */

  await services.contacts.add([
    { projectId: B, position: 1, firstName: 'Sanne', lastName: 'Visser', email: 'sanne.visser@woonstad-vernieuwd.nl', mobileNumber: '0612345670', phoneNumber: '0301234500',
      function: 'Bewonersconsulent', description: 'Uw vaste aanspreekpunt voor alle vragen over de renovatie. Spreekuur op woensdag van 9.00 tot 12.00 uur in de bouwkeet.',
      avatarFileId: avatarSanne.id, logoFileId: contactLogoWoonstad.id, organisation: 'Woonstad Vernieuwd', canChat: true },
    { projectId: B, position: 2, firstName: 'Mohamed', lastName: 'Yilmaz', email: 'm.yilmaz@bouwbedrijf-vandijk.nl', mobileNumber: '0623456781', phoneNumber: null,
      function: 'Uitvoerder', description: 'Leidt het werk op de bouwplaats en is het aanspreekpunt voor de planning van uw woning.',
      avatarFileId: avatarMohamed.id, logoFileId: contactLogoVanDijk.id, organisation: 'Bouwbedrijf Van Dijk', canChat: false },
    { projectId: B, position: 3, firstName: 'Lisa', affix: 'de', lastName: 'Boer', email: 'lisa.deboer@woonstad-vernieuwd.nl', mobileNumber: null, phoneNumber: '0301234510',
      function: 'Projectleider', description: 'Verantwoordelijk voor het hele project.', avatarFileId: avatarLisa.id, logoFileId: null, canChat: true, isPublic: false },
    { projectId: B, position: 4, firstName: 'Pieter', lastName: 'Bakker', email: 'service@installatiebedrijf-bakker.nl', mobileNumber: null, phoneNumber: '0302345678',
      function: 'Servicedesk installaties', description: 'Voor vragen over de ventilatie, de groepenkast en de zonnepanelen na oplevering.', avatarFileId: avatarPieter.id, logoFileId: null, canChat: false },
    { projectId: R, position: 1, firstName: 'Emma', lastName: 'Jansen', email: 'emma.jansen@woonstad-vernieuwd.nl', mobileNumber: '0634567892', phoneNumber: '0301234520',
      function: 'Bewonersconsulent', description: 'Uw aanspreekpunt voor vragen over de verduurzaming.', avatarFileId: avatarEmma.id, logoFileId: contactLogoWoonstadRiv.id, organisation: 'Woonstad Vernieuwd', canChat: true },
    { projectId: R, position: 2, firstName: 'Daan', lastName: 'Vermeulen', email: 'd.vermeulen@isolatietotaal.nl', mobileNumber: '0645678903', phoneNumber: null,
      function: 'Uitvoerder isolatie', description: 'Plant de isolatie per portiek.', avatarFileId: avatarDaan.id, logoFileId: null, canChat: false },
    { projectId: R, position: 3, firstName: 'Klantenservice', lastName: 'Woonstad Vernieuwd', email: 'klantenservice@woonstad-vernieuwd.nl', mobileNumber: null, phoneNumber: '0301234599',
      function: null, description: 'Bereikbaar op werkdagen van 8.30 tot 17.00 uur.', avatarFileId: null, logoFileId: null, canChat: false },
  ], tx);
}
