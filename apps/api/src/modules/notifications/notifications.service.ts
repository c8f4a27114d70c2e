import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_CATEGORIES, notificationCategoryTexts, SMS_CATEGORIES, ZNotificationCategory,
  type TEmailMode, type TNotificationCategory, type TNotificationPreference, type TNotificationReach, type TNotificationSettings, type TNotificationSettingsUpdate,
  pushMessages, type TPushPayload, type TPushSubscriptionBody, type TUnsubscribeInfo, unsubscribeMessages,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { createProjectReadCache, type ChangeLog } from '../../lib/change-log.ts';
import { escapeHtml } from '../../lib/html-page.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { BadRequestError, UnprocessableError } from '../../lib/errors.ts';
import { addresses, occupants } from '../address/address.table.ts';
import { customers } from '../customer/customer.table.ts';
import { customerPortalOrigin } from '../staff-addresses/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { Mail } from '../mail/mailer.ts';
import type { Secrets } from '../../lib/secrets.ts';
import type { SmsSender } from '../sms/index.ts';
import { notificationMessages, notificationPreferences, pushSubscriptions, type Channel } from './notifications.table.ts';
import { afterQuietHours, batchWindowEnd, nextDigest } from './notifications.schedule.ts';
import { pushEndpointAllowed, sendPush, type PushResult, type PushTarget, type VapidKeys } from './notifications.push.ts';

/** Who a notification is for: these people, everybody at these addresses, or everybody in the project. */
export type NotifyTarget = { occupantIds: number[] } | { addressIds: number[] } | { projectId: number };

export type NotifyInput = {
  category: TNotificationCategory;
  to: NotifyTarget;
  /** The project it is about (shown in the e-mail's signature); defaults to the target's project. */
  projectId?: number | null;
  /** Passes quiet hours and batching (an appointment moved for tomorrow). */
  urgent?: boolean;
  /** One line: the e-mail's subject, the push title, the SMS. */
  title: string;
  /** A few sentences of plain text. */
  body: string;
  /** A path inside the portal that the message opens ('/afspraken'). */
  url: string;
  /** Messages with the same tag replace each other on a device (default: the category). */
  tag?: string;
  /** Only these channels (a consent campaign that reminds by e-mail only); default: every channel, as each person chose. */
  channels?: Channel[];
  /** Sent once per tag and project: a second call with the same tag does nothing (a retried job, a re-published item). */
  once?: boolean;
};

/** Staff HTML as one line of plain text, at most `max` characters (a notification's body). */
export function plainTextOf(html: string, max = 240): string {
  const text = html.replace(/<(br|\/p|\/li|\/h\d)[^>]*>/gi, ' ').replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#0?39;/g, "'")
    .replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

export type NotificationsDeps = {
  db: Db;
  jobs: JobQueue;
  secrets: Secrets;
  mailer: { send(mail: Mail): Promise<void> };
  sms: SmsSender;
  vapid: { get(): Promise<VapidKeys> };
  publicUrl: string;
  mailFrom: string;
  /** Items of a batchable category (news) within this many seconds become one message. */
  batchSeconds: number;
  /** Hold SMS and push back between 21:00 and 08:00 unless urgent (default true). */
  quietHours?: boolean;
  log: (error: unknown, msg: string) => void;
  /** The clock (tests move it to quiet hours). */
  now?: () => Date;
  /** How push messages leave (tests and the bench may count them); default: sendPush. */
  push?: (target: PushTarget, payload: TPushPayload, options: { keys: VapidKeys; subject: string; urgent: boolean; allowLocal?: boolean }) => Promise<PushResult>;
  /** Push endpoints on plain http and local addresses are accepted (the tests' and the bench's own push service). */
  allowLocalPushEndpoints?: boolean;
  /** The project change log the reach is kept against (lib/change-log.ts). */
  changes: ChangeLog;
};

/** How many (project, category) reaches are kept, and for how long at most. */
const REACH_CACHE_SIZE = 200;
const REACH_CACHE_MAX_AGE_MS = 60_000;

/** Categories whose items are gathered within the batching window (several news items become one message). */
const BATCHED: readonly TNotificationCategory[] = ['news'];
/** The page of the portal a gathered message opens. */
const CATEGORY_PAGE: Record<TNotificationCategory, string> = {
  news: '/dashboard', planning: '/dashboard', chat: '/berichten', appointment: '/afspraken', form: '/formulieren', payment: '/dashboard', dossier: '/dossier',
};
const DEFAULTS = new Map(DEFAULT_NOTIFICATION_PREFERENCES.map((p) => [p.category, p]));

export const notificationMessagesNl = {
  smsNotOffered: (label: string) => `SMS is niet mogelijk voor ${label}. SMS is er alleen voor afspraken en formulieren die u moet ondertekenen.`,
  duplicate: 'Elke categorie mag maar één keer voorkomen.',
  gathered: (label: string, n: number) => `${label}: ${n} nieuwe berichten`,
  greeting: 'Beste bewoner,',
  open: 'Bekijk het in het bewonersportaal:',
  footer: (label: string) => `U ontvangt deze e-mail omdat u berichten over "${label}" per e-mail ontvangt.`,
  unsubscribe: 'Afmelden voor deze berichten:',
  signature: 'Met vriendelijke groet,',
} as const;

/** j***@example.nl */
function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

export function createNotifications(deps: NotificationsDeps) {
  const { db, jobs, secrets } = deps;
  const now = deps.now ?? (() => new Date());
  const push = deps.push ?? sendPush;
  /**
   * The reach over every occupant of the project (10,000: tens of ms), kept against the project change log: its
   * triggers log every write it counts (occupants, their push devices and preferences, the project's addresses;
   * migrations 0043 and 0044), so a kept reach is never stale after a commit.
   */
  const keptReach = createProjectReadCache(deps.changes, { size: REACH_CACHE_SIZE, maxAgeMs: REACH_CACHE_MAX_AGE_MS });
  const vapidSubject = `mailto:${/<([^>]+)>/.exec(deps.mailFrom)?.[1] ?? (deps.mailFrom.includes('@') ? deps.mailFrom.trim() : 'noreply@bewonersportaal.nl')}`;

  /* ---------------------------------------------------------------- one-click unsubscribe tokens */
  async function sign(occupantId: number, category: TNotificationCategory): Promise<string> {
    const key = await secrets.get('notifications-unsubscribe');
    const data = `${occupantId}.${category}`;
    return `${data}.${createHmac('sha256', key).update(data).digest('base64url')}`;
  }
  async function verify(token: string): Promise<{ occupantId: number; category: TNotificationCategory }> {
    const invalid = () => new BadRequestError(unsubscribeMessages.invalid);
    const match = /^(\d{1,10})\.([a-z]{1,20})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) throw invalid();
    const category = ZNotificationCategory.safeParse(match[2]);
    if (!category.success) throw invalid();
    const key = await secrets.get('notifications-unsubscribe');
    const expected = createHmac('sha256', key).update(`${match[1]}.${match[2]}`).digest();
    const given = Buffer.from(match[3]!, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
    return { occupantId: Number(match[1]), category: category.data };
  }

  /* ---------------------------------------------------------------- preferences */
  async function preferencesOf(runner: Queryable, occupantId: number): Promise<TNotificationPreference[]> {
    const rows = await runner.select().from(notificationPreferences).where(eq(notificationPreferences.occupantId, occupantId));
    const mine = new Map(rows.map((r) => [r.category, r]));
    return NOTIFICATION_CATEGORIES.map((category) => {
      const row = mine.get(category);
      const pref = row ? { category, email: row.email, push: row.push, sms: row.sms } : { ...DEFAULTS.get(category)! };
      return { ...pref, sms: pref.sms && SMS_CATEGORIES.includes(category) };
    });
  }

  async function settings(occupantId: number): Promise<TNotificationSettings> {
    const [person] = await db.select({ email: occupants.emailAddress, mobile: occupants.mobile }).from(occupants).where(eq(occupants.id, occupantId));
    const [devices] = await db.select({ n: sql<number>`count(*)::int` }).from(pushSubscriptions).where(eq(pushSubscriptions.occupantId, occupantId));
    return {
      preferences: await preferencesOf(db, occupantId),
      email_address: person?.email?.trim() || null,
      mobile: person?.mobile?.trim() || null,
      push_devices: devices?.n ?? 0,
    };
  }

  async function setPreference(runner: Queryable, occupantId: number, pref: TNotificationPreference): Promise<void> {
    await runner.insert(notificationPreferences).values({ occupantId, ...pref, updatedAt: new Date() })
      .onConflictDoUpdate({ target: [notificationPreferences.occupantId, notificationPreferences.category], set: { email: pref.email, push: pref.push, sms: pref.sms, updatedAt: new Date() } });
  }

  /* ---------------------------------------------------------------- fan-out */
  const targetSql = (to: NotifyTarget) => {
    if ('occupantIds' in to) return sql`o.id = ANY(${sql.raw(`'{${to.occupantIds.map(Number).filter(Number.isInteger).join(',')}}'`)}::int[])`;
    if ('addressIds' in to) return sql`o.address_id = ANY(${sql.raw(`'{${to.addressIds.map(Number).filter(Number.isInteger).join(',')}}'`)}::int[])`;
    return sql`o.address_id IN (SELECT ap.address_id FROM address_projects ap WHERE ap.project_id = ${Number(to.projectId)})`;
  };

  /**
   * Writes every person's outbox rows for one message in one statement (preferences read with the
   * contract's defaults for people without a row), then queues one send job per person and channel at
   * the moment it is due; a job key per person, channel and moment gathers what falls due together.
   * E-mail in a daily digest is queued by the digest collector instead.
   */
  async function fanOut(messageId: number, to: NotifyTarget, channels: Channel[] = ['email', 'push', 'sms']): Promise<number> {
    return db.transaction(async (tx) => {
      const [message] = await tx.select().from(notificationMessages).where(eq(notificationMessages.id, messageId)).for('update');
      if (!message || message.fannedOutAt) return 0;
      const at = now();
      const batched = BATCHED.includes(message.category) && !message.urgent;
      const soon = batched ? batchWindowEnd(at, deps.batchSeconds) : at;
      const quiet = message.urgent || deps.quietHours === false ? soon : afterQuietHours(soon);
      const digest = nextDigest(at);
      const def = DEFAULTS.get(message.category)!;
      const smsOffered = SMS_CATEGORIES.includes(message.category);
      const result = await tx.execute<{ queued: number }>(sql`
        WITH people AS (
          SELECT o.id, nullif(trim(o.email_address), '') AS email_address, nullif(trim(o.mobile), '') AS mobile,
            coalesce(p.email, ${def.email}::text) AS email, coalesce(p.push, ${def.push}::boolean) AS push, coalesce(p.sms, ${def.sms}::boolean) AS sms
          FROM occupants o LEFT JOIN notification_preferences p ON p.occupant_id = o.id AND p.category = ${message.category}
          WHERE ${targetSql(to)}
        ), wanted AS (
          SELECT id, 'email' AS channel, CASE WHEN email = 'digest' THEN ${digest.toISOString()}::timestamptz ELSE ${soon.toISOString()}::timestamptz END AS due_at, email = 'digest' AS digest
            FROM people WHERE email <> 'off' AND email_address IS NOT NULL
          UNION ALL
          SELECT id, 'push', ${quiet.toISOString()}::timestamptz, false FROM people
            WHERE push AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.occupant_id = people.id)
          UNION ALL
          SELECT id, 'sms', ${quiet.toISOString()}::timestamptz, false FROM people WHERE ${smsOffered} AND sms AND mobile IS NOT NULL
        ), written AS (
          INSERT INTO notification_outbox (message_id, occupant_id, channel, due_at)
          SELECT ${messageId}, id, channel, due_at FROM wanted WHERE channel = ANY(${sql.raw(`'{${channels.filter((c) => ['email', 'push', 'sms'].includes(c)).join(',')}}'`)}::text[])
          ON CONFLICT DO NOTHING
          RETURNING occupant_id, channel, due_at
        ), specs AS (
          SELECT ROW('notify-send'::text, json_build_object('occupantId', w.occupant_id, 'channel', w.channel), NULL::text, w.due_at, 10,
            'notify:' || w.channel || ':' || w.occupant_id || ':' || floor(extract(epoch FROM w.due_at))::bigint, NULL::int, NULL::text[])::graphile_worker.job_spec AS spec
          FROM written w JOIN wanted x ON x.id = w.occupant_id AND x.channel = w.channel
          WHERE NOT x.digest
        ), queued AS (
          -- One call for every send job (graphile-worker's add_jobs; a key already queued keeps its run_at).
          SELECT j.id FROM graphile_worker.add_jobs((SELECT array_agg(spec) FROM specs), true) j WHERE EXISTS (SELECT 1 FROM specs)
        )
        SELECT count(*)::int AS queued FROM queued`);
      await tx.update(notificationMessages).set({ fannedOutAt: new Date() }).where(eq(notificationMessages.id, messageId));
      return Number(result.rows[0]?.queued ?? 0);
    });
  }

  /* ---------------------------------------------------------------- sending */
  type Item = { id: number; category: TNotificationCategory; title: string; body: string; url: string; tag: string; urgent: boolean; projectName: string | null };

  /** One message per category: a single item as itself, several gathered into one. */
  function gather(items: Item[]) {
    const byCategory = new Map<TNotificationCategory, Item[]>();
    for (const item of items) byCategory.set(item.category, [...(byCategory.get(item.category) ?? []), item]);
    return [...byCategory].map(([category, list]) => {
      const label = notificationCategoryTexts[category].label;
      const single = list.length === 1 ? list[0]! : null;
      return {
        category, label, items: list, urgent: list.some((i) => i.urgent),
        title: single ? single.title : notificationMessagesNl.gathered(label, list.length),
        body: single ? single.body : list.map((i) => `- ${i.title}`).join('\n'),
        url: single ? single.url : CATEGORY_PAGE[category],
        tag: single ? single.tag : `${category}:gathered`,
        projectName: list.find((i) => i.projectName)?.projectName ?? null,
      };
    });
  }
  type Gathered = ReturnType<typeof gather>[number];

  async function notificationMail(to: string, occupantId: number, m: Gathered, origin: string): Promise<Mail> {
    const token = await sign(occupantId, m.category);
    const link = `${origin}${m.url}`;
    const unsubscribePage = `${origin}/afmelden?token=${encodeURIComponent(token)}`;
    const body = m.items.length === 1 ? [m.items[0]!.body] : m.items.map((i) => `${i.title}\n${i.body}`);
    const team = m.projectName ? `Projectteam ${m.projectName}` : 'Het projectteam';
    const text = [
      notificationMessagesNl.greeting, '', ...body.flatMap((b) => [b, '']), `${notificationMessagesNl.open} ${link}`, '',
      notificationMessagesNl.signature, team, '', '--', notificationMessagesNl.footer(m.label), `${notificationMessagesNl.unsubscribe} ${unsubscribePage}`,
    ].join('\n');
    const html = `<p>${notificationMessagesNl.greeting}</p>${body.map((b) => `<p>${escapeHtml(b).replace(/\n/g, '<br>')}</p>`).join('')}`
      + `<p>${notificationMessagesNl.open} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
      + `<p>${notificationMessagesNl.signature}<br>${escapeHtml(team)}</p>`
      + `<hr><p style="font-size:12px;color:#555">${escapeHtml(notificationMessagesNl.footer(m.label))} <a href="${escapeHtml(unsubscribePage)}">${escapeHtml(notificationMessagesNl.unsubscribe.replace(/:$/, ''))}</a></p>`;
    return {
      to, subject: m.title, text, html,
      headers: {
        'List-Unsubscribe': `<${origin}/api/public/unsubscribe?token=${encodeURIComponent(token)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }

  /**
   * The 'notify-send' job: everything due for one person by one channel, gathered per category and sent
   * as one message each, honouring the person's preferences as they are now (switched off since: skipped).
   * The rows are claimed first in one statement (FOR UPDATE SKIP LOCKED; a claim is a lease of 10 minutes),
   * so two workers never send the same row; each message marks its rows sent once it is out, and a failure
   * frees the rest for the retry (the job throws, graphile-worker retries with back-off).
   */
  async function send(occupantId: number, channel: Channel): Promise<number> {
    const claimed = await db.execute<{ id: number; category: TNotificationCategory; title: string; body: string; url: string; tag: string; urgent: boolean; project_name: string | null }>(sql`
      WITH claim AS (
        UPDATE notification_outbox SET claimed_at = now()
        WHERE id IN (
          SELECT id FROM notification_outbox
          WHERE occupant_id = ${occupantId} AND channel = ${channel} AND sent_at IS NULL AND due_at <= ${now().toISOString()}::timestamptz
            AND (claimed_at IS NULL OR claimed_at < now() - interval '10 minutes')
          ORDER BY id FOR UPDATE SKIP LOCKED)
        RETURNING id, message_id
      )
      SELECT c.id::int AS id, m.category, m.title, m.body, m.url, m.tag, m.urgent, pr.name AS project_name
      FROM claim c JOIN notification_messages m ON m.id = c.message_id LEFT JOIN projects pr ON pr.id = m.project_id
      ORDER BY c.id`);
    if (!claimed.rows.length) return 0;
    const ids = (list: Array<{ id: number }>) => sql.raw(`'{${list.map((i) => Number(i.id)).join(',')}}'`);
    const done = (list: Array<{ id: number }>, skipped: boolean) => db.execute(sql`
      UPDATE notification_outbox SET sent_at = now(), skipped = ${skipped} WHERE id = ANY(${ids(list)}::bigint[])`);
    const items: Item[] = claimed.rows.map((r) => ({ ...r, projectName: r.project_name }));
    try {
      const [person] = await db.select({ email: occupants.emailAddress, mobile: occupants.mobile, domains: customers.domains }).from(occupants)
        .innerJoin(addresses, eq(addresses.id, occupants.addressId)).innerJoin(customers, eq(customers.id, addresses.customerId))
        .where(eq(occupants.id, occupantId));
      // Links go to the portal of the person's customer (its own host when it has one).
      const origin = customerPortalOrigin({ domains: person?.domains ?? [] }, deps.publicUrl);
      const prefs = new Map((await preferencesOf(db, occupantId)).map((p) => [p.category, p]));
      const on = (category: TNotificationCategory) => {
        const p = prefs.get(category)!;
        return channel === 'email' ? p.email !== 'off' && !!person?.email?.trim() : channel === 'push' ? p.push : p.sms && !!person?.mobile?.trim();
      };
      const off = items.filter((i) => !on(i.category));
      if (off.length) await done(off, true);
      let sent = 0;
      for (const m of gather(items.filter((i) => on(i.category)))) {
        if (channel === 'email') {
          await deps.mailer.send(await notificationMail(person!.email!.trim(), occupantId, m, origin));
        } else if (channel === 'sms') {
          await deps.sms.send({ to: person!.mobile!.replace(/[\s-]/g, ''), text: `${m.title}. ${origin}${m.url}` });
        } else {
          const subscriptions = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.occupantId, occupantId));
          const keys = await deps.vapid.get();
          const payload: TPushPayload = { title: m.title, body: m.body, url: m.url, category: m.category, tag: m.tag };
          for (const s of subscriptions) {
            const result = await push(s, payload, { keys, subject: vapidSubject, urgent: m.urgent, allowLocal: deps.allowLocalPushEndpoints ?? false });
            if (result === 'gone') await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, s.id));
            else await db.update(pushSubscriptions).set({ lastUsedAt: new Date() }).where(eq(pushSubscriptions.id, s.id));
          }
        }
        await done(m.items, false);
        sent++;
      }
      return sent;
    } catch (error) {
      // What is not out yet is free for the retry.
      await db.execute(sql`UPDATE notification_outbox SET claimed_at = NULL WHERE sent_at IS NULL AND id = ANY(${ids(items)}::bigint[])`);
      throw error;
    }
  }

  /**
   * The 'notification-digest' job (every 15 minutes): queues a send for everybody with outbox rows that
   * are due and unsent: the daily digests when their moment comes, and any row whose own job was lost.
   */
  async function collect(): Promise<number> {
    const result = await db.execute<{ n: number }>(sql`
      WITH due AS (
        SELECT DISTINCT occupant_id, channel FROM notification_outbox WHERE sent_at IS NULL AND due_at <= ${now().toISOString()}::timestamptz
      ), queued AS (
        SELECT graphile_worker.add_job('notify-send', json_build_object('occupantId', occupant_id, 'channel', channel), max_attempts => 10,
          job_key => 'notify:' || channel || ':' || occupant_id || ':collect')
        FROM due
      ) SELECT count(*)::int AS n FROM queued`);
    return Number(result.rows[0]?.n ?? 0);
  }

  return {
    /**
     * The one entry point: other modules call it in the transaction of the change they announce. The
     * message is stored and a job fans it out per person and channel (never inside the request).
     */
    async notify(tx: Queryable, input: NotifyInput): Promise<void> {
      const targetEmpty = ('occupantIds' in input.to && !input.to.occupantIds.length) || ('addressIds' in input.to && !input.to.addressIds.length);
      if (targetEmpty) return;
      const projectId = input.projectId ?? ('projectId' in input.to ? input.to.projectId : null);
      if (input.once) {
        const tag = input.tag ?? input.category;
        const [seen] = await tx.select({ id: notificationMessages.id }).from(notificationMessages)
          .where(and(eq(notificationMessages.tag, tag), projectId === null ? isNull(notificationMessages.projectId) : eq(notificationMessages.projectId, projectId))).limit(1);
        if (seen) return;
      }
      const [message] = await tx.insert(notificationMessages).values({
        category: input.category, projectId, title: input.title.slice(0, 200), body: input.body.slice(0, 4000), url: input.url,
        tag: input.tag ?? input.category, urgent: input.urgent ?? false,
      }).returning({ id: notificationMessages.id });
      await jobs.add('notify-fanout', { messageId: message!.id, to: input.to, ...(input.channels ? { channels: input.channels } : {}) }, { tx, jobKey: `notify-fanout:${message!.id}` });
    },
    fanOut,
    send,
    collect,
    settings,
    async updateSettings(occupantId: number, input: TNotificationSettingsUpdate): Promise<TNotificationSettings> {
      const seen = new Set<string>();
      input.preferences.forEach((p, index) => {
        if (seen.has(p.category)) throw new UnprocessableError(notificationMessagesNl.duplicate, [{ field: `preferences.${index}.category`, message: notificationMessagesNl.duplicate }]);
        seen.add(p.category);
        if (p.sms && !SMS_CATEGORIES.includes(p.category)) {
          const message = notificationMessagesNl.smsNotOffered(notificationCategoryTexts[p.category].label.toLowerCase());
          throw new UnprocessableError(message, [{ field: `preferences.${index}.sms`, message }]);
        }
      });
      await db.transaction(async (tx) => {
        for (const p of input.preferences) await setPreference(tx as unknown as Queryable, occupantId, p);
      });
      return settings(occupantId);
    },
    async publicKey(): Promise<string> {
      return (await deps.vapid.get()).publicKey;
    },
    /** A device subscribes; an endpoint registered before (by anybody) now belongs to this person. */
    async subscribe(occupantId: number, body: TPushSubscriptionBody): Promise<TNotificationSettings> {
      if (!(await pushEndpointAllowed(body.endpoint, { allowLocal: deps.allowLocalPushEndpoints ?? false, resolve: false }))) {
        throw new UnprocessableError(pushMessages.endpointInvalid, [{ field: 'endpoint', message: pushMessages.endpointInvalid }]);
      }
      await db.insert(pushSubscriptions).values({ occupantId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth })
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { occupantId, p256dh: body.keys.p256dh, auth: body.keys.auth, createdAt: new Date(), lastUsedAt: null } });
      return settings(occupantId);
    },
    async unsubscribeDevice(occupantId: number, endpoint: string): Promise<TNotificationSettings> {
      await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.occupantId, occupantId), eq(pushSubscriptions.endpoint, endpoint)));
      return settings(occupantId);
    },
    /** What a one-click unsubscribe token is for (GET: nothing changes). */
    async unsubscribeInfo(token: string): Promise<TUnsubscribeInfo> {
      const { occupantId, category } = await verify(token);
      const [person] = await db.select({ email: occupants.emailAddress }).from(occupants).where(eq(occupants.id, occupantId));
      if (!person) throw new BadRequestError(unsubscribeMessages.invalid);
      const pref = (await preferencesOf(db, occupantId)).find((p) => p.category === category)!;
      const email = person.email?.trim();
      return { category, category_label: notificationCategoryTexts[category].label, email_address: email ? maskEmail(email) : null, unsubscribed: pref.email === 'off' };
    },
    /** POST: e-mail for the token's category off. */
    async unsubscribe(token: string): Promise<TUnsubscribeInfo> {
      const { occupantId, category } = await verify(token);
      const info = await this.unsubscribeInfo(token);
      const pref = (await preferencesOf(db, occupantId)).find((p) => p.category === category)!;
      await setPreference(db, occupantId, { ...pref, email: 'off' });
      return { ...info, unsubscribed: true };
    },
    /**
     * How many of a project's occupants each channel reaches, in total and per category (preferences with defaults).
     * One scan of the project's occupants gives the people grouped by what they have (e-mail address, mobile number,
     * a push device: at most 8 groups) and the few who chose something themselves; the counts per category are the
     * groups under the defaults, with each person's own choice in place of the default.
     */
    async reach(projectId: number, only?: TNotificationCategory): Promise<TNotificationReach> {
      return keptReach.read(projectId, only ?? '', () => reachOf(projectId, only));
    },
  };

  async function reachOf(projectId: number, only?: TNotificationCategory): Promise<TNotificationReach> {
    type Flags = { has_email: boolean; has_push: boolean; has_mobile: boolean };
    type Row = Flags & { kind: 'group' | 'chosen'; category: TNotificationCategory | null; email: TEmailMode | null; push: boolean | null; sms: boolean | null; n: number };
    const { rows } = await db.execute<Row>(sql`
      WITH people AS (
        SELECT o.id, nullif(trim(o.email_address), '') IS NOT NULL AS has_email, nullif(trim(o.mobile), '') IS NOT NULL AS has_mobile,
          EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.occupant_id = o.id) AS has_push
        FROM occupants o WHERE o.address_id IN (SELECT ap.address_id FROM address_projects ap WHERE ap.project_id = ${projectId})
      )
      SELECT 'group' AS kind, NULL AS category, NULL AS email, NULL::boolean AS push, NULL::boolean AS sms, has_email, has_push, has_mobile, count(*)::int AS n
        FROM people GROUP BY has_email, has_push, has_mobile
      UNION ALL
      SELECT 'chosen', p.category, p.email, p.push, p.sms, people.has_email, people.has_push, people.has_mobile, 1
        FROM notification_preferences p JOIN people ON people.id = p.occupant_id`);
    const groups = rows.filter((r) => r.kind === 'group');
    const chosen = rows.filter((r) => r.kind === 'chosen');
    const sum = (pick: (r: Row) => boolean) => groups.filter(pick).reduce((n, r) => n + r.n, 0);
    const count = (category: TNotificationCategory) => {
      const fallback = DEFAULT_NOTIFICATION_PREFERENCES.find((d) => d.category === category)!;
      const counts = { email: 0, push: 0, sms: 0, none: 0 };
      const add = (who: Flags, pref: { email: TEmailMode; push: boolean; sms: boolean }, n: number) => {
        const byEmail = who.has_email && pref.email !== 'off';
        const byPush = who.has_push && pref.push;
        const bySms = who.has_mobile && pref.sms && SMS_CATEGORIES.includes(category);
        counts.email += byEmail ? n : 0;
        counts.push += byPush ? n : 0;
        counts.sms += bySms ? n : 0;
        counts.none += byEmail || byPush || bySms ? 0 : n;
      };
      for (const group of groups) add(group, fallback, group.n);
      for (const person of chosen.filter((r) => r.category === category)) {
        add(person, fallback, -1);
        add(person, { email: person.email!, push: person.push!, sms: person.sms! }, 1);
      }
      return counts;
    };
    return {
      occupants: sum(() => true),
      with_email: sum((r) => r.has_email),
      with_mobile: sum((r) => r.has_mobile),
      with_push: sum((r) => r.has_push),
      categories: NOTIFICATION_CATEGORIES.filter((category) => !only || category === only)
        .map((category) => ({ category, category_label: notificationCategoryTexts[category].label, ...count(category) })),
    };
  }
}
export type NotificationsService = ReturnType<typeof createNotifications>;
