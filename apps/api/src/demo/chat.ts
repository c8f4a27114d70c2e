import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { hashToken } from '../lib/tokens.ts';
import { addresses, occupants } from '../modules/address/address.table.ts';
import { users } from '../modules/auth/auth.table.ts';
import { chatConversations, chatMessagesTable, chatNotifications } from '../modules/chat/chat.table.ts';
import { projects } from '../modules/project/project.table.ts';

const ago = (days: number, hours = 0) => new Date(Date.now() - (days * 24 + hours) * 3_600_000);

type DemoMessage = { at: Date; text: string; staff: boolean; read: boolean };

/**
 * Chat demo: conversations in both directions for 1234AB 10 (Bloemenbuurt) and 1234AB 12
 * (Rivierenwijk), one public visitor's conversation, and the three kinds of notification: Bloemenbuurt
 * 'between' (weekdays 08:00-17:00), Rivierenwijk 'on', Havenkwartier 'off'. The residents have read
 * every team message (their tiles count 0); the team has not yet read the newest resident messages.
 */
export async function seedChatDemo(db: Db): Promise<void> {
  const projectRows = await db.select({ id: projects.id, name: projects.name, customerId: projects.customerId }).from(projects)
    .where(inArray(projects.name, ['Renovatie Bloemenbuurt', 'Verduurzaming Rivierenwijk', 'Nieuwbouw Havenkwartier']));
  const project = (name: string) => {
    const found = projectRows.find((p) => p.name === name);
    if (!found) throw new Error(`chat demo: project ${name} missing`);
    return found;
  };
  const bloemenbuurt = project('Renovatie Bloemenbuurt');
  const rivierenwijk = project('Verduurzaming Rivierenwijk');
  const havenkwartier = project('Nieuwbouw Havenkwartier');

  const homes = await db.select({ id: addresses.id, houseNumber: addresses.houseNumber }).from(addresses)
    .where(and(eq(addresses.customerId, bloemenbuurt.customerId), eq(addresses.zipcode, '1234AB'), inArray(addresses.houseNumber, ['10', '12'])));
  const a10 = homes.find((h) => h.houseNumber === '10')!;
  const a12 = homes.find((h) => h.houseNumber === '12')!;
  const people = await db.select({ id: occupants.id, email: occupants.emailAddress }).from(occupants)
    .where(inArray(occupants.emailAddress, ['jan.devries@example.nl', 'fatima.elamrani@example.nl']));
  const jan = people.find((p) => p.email === 'jan.devries@example.nl')!;
  const fatima = people.find((p) => p.email === 'fatima.elamrani@example.nl')!;
  const [partner] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.username, 'partner@example.nl'));
  const [woco] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.username, 'woco@example.nl'));

  await db.transaction(async (tx) => {
    await tx.insert(chatNotifications).values([
      {
        customerId: bloemenbuurt.customerId, projectId: bloemenbuurt.id, show: 'between', title: 'Buiten kantooruren',
        text: 'U stuurt uw bericht buiten onze kantooruren (maandag tot en met vrijdag van 08:00 tot 17:00 uur). We reageren op de eerstvolgende werkdag.',
        monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: false, sunday: false, fromHour: '08:00', tillHour: '17:00',
      },
      {
        customerId: rivierenwijk.customerId, projectId: rivierenwijk.id, show: 'on', title: 'Let op: bouwvak',
        text: 'Tijdens de bouwvak (20 juli tot en met 7 augustus) is het projectteam beperkt bereikbaar. Het kan iets langer duren voordat u antwoord krijgt.',
      },
      {
        customerId: havenkwartier.customerId, projectId: havenkwartier.id, show: 'off', title: 'Buiten kantooruren',
        text: 'We reageren op de eerstvolgende werkdag.',
      },
    ]);

    const conversation = async (
      values: typeof chatConversations.$inferInsert,
      messages: DemoMessage[],
      sender: { occupantId?: number; addressName: string },
      staff: { id: number; name: string },
    ) => {
      const last = messages[messages.length - 1]!;
      const [row] = await tx.insert(chatConversations).values({
        ...values,
        lastMessageAt: last.at,
        lastMessagePreview: last.text,
        lastMessageFromStaff: last.staff,
        staffUnreadCount: messages.filter((m) => !m.staff && !m.read).length,
        addressUnreadCount: messages.filter((m) => m.staff && !m.read).length,
        // The team inbox's state, as insertMessage keeps it: waiting after the team's answer, open after the resident's.
        status: last.staff ? 'waiting' : 'open',
        firstStaffAnswerAt: messages.find((m) => m.staff)?.at ?? null,
      }).returning();
      await tx.insert(chatMessagesTable).values(messages.map((m) => ({
        conversationId: row!.id,
        message: m.text,
        fromStaff: m.staff,
        ...(m.staff
          ? { fromUserId: staff.id, fromUserName: staff.name }
          : { fromOccupantId: sender.occupantId ?? null, fromAddressName: sender.addressName }),
        readAt: m.read ? m.at : null,
        createdAt: m.at,
      })));
    };

    await conversation(
      { projectId: bloemenbuurt.id, addressId: a10.id },
      [
        { at: ago(6, 3), staff: false, read: true, text: 'Goedemiddag, wanneer worden de nieuwe kozijnen bij ons geplaatst? We willen graag weten of we die week vrij moeten nemen.' },
        { at: ago(6, 1), staff: true, read: true, text: 'Beste heer De Vries, de kozijnen aan de Tulpstraat worden in week 14 geplaatst. U krijgt twee weken van tevoren een afspraak voor de precieze dag.' },
        { at: ago(5, 20), staff: false, read: true, text: 'Dank u wel! Moet er iemand thuis zijn tijdens de werkzaamheden?' },
        { at: ago(5, 18), staff: true, read: true, text: 'Ja, op de dag zelf moet er iemand aanwezig zijn om de monteurs binnen te laten. Zorgt u ervoor dat de vensterbanken leeg zijn?' },
        { at: ago(1, 2), staff: false, read: false, text: 'Is het mogelijk om de afspraak op een woensdag te plannen? Dan ben ik vrij.' },
      ],
      { occupantId: jan.id, addressName: 'Jan de Vries' },
      partner!,
    );

    await conversation(
      { projectId: rivierenwijk.id, addressId: a12.id },
      [
        { at: ago(3, 4), staff: false, read: true, text: 'Hallo, komen de zonnepanelen ook op de platte daken van de portiekwoningen?' },
        { at: ago(3, 1), staff: true, read: true, text: 'Goedemiddag mevrouw El Amrani, ja: alle 64 woningen krijgen zes zonnepanelen. De planning staat binnenkort op het portaal.' },
      ],
      { occupantId: fatima.id, addressName: 'Fatima El Amrani' },
      woco ?? partner!,
    );

    // A public visitor; their code exists only in their own browser, so nobody else can open it.
    await conversation(
      { projectId: bloemenbuurt.id, visitorTokenHash: hashToken(randomBytes(24).toString('base64url')), visitorName: 'Marieke Smit', visitorEmail: 'marieke.smit@example.nl' },
      [
        { at: ago(2, 5), staff: false, read: true, text: 'Ik woon in de Lelystraat. Valt mijn woning ook onder de renovatie van de Bloemenbuurt?' },
        { at: ago(2, 2), staff: true, read: true, text: 'Beste mevrouw Smit, de Lelystraat hoort bij de tweede fase. In het voorjaar organiseren we daarvoor een informatieavond.' },
        { at: ago(0, 3), staff: false, read: false, text: 'Fijn, waar kan ik me aanmelden voor die informatieavond?' },
      ],
      { addressName: 'Marieke Smit' },
      partner!,
    );
  });
}
