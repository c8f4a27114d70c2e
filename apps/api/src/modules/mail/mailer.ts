import type { Transporter } from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../plugins/env.ts';
import { mailOutbox } from './mail.table.ts';

export type Mail = { to: string; subject: string; text: string; html?: string; attachments?: Array<{ filename: string; content: Buffer; contentType?: string }>;
  /** Extra headers (a notification's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string> };

/**
 * Every mail is written to the outbox table; with SMTP configured it is also sent.
 * Without SMTP (the embedded default) `npm run portal -- outbox` shows what would have been sent.
 */
export function createMailer(db: Db, env: Pick<Env, 'SMTP_HOST' | 'SMTP_PORT' | 'SMTP_SECURE' | 'SMTP_USER' | 'SMTP_PASSWORD' | 'MAIL_FROM'> & { SMTP_POOL?: boolean }) {
  // nodemailer is loaded only when SMTP is configured: it is the slowest module to load at start-up.
  let transport: Promise<Transporter> | null = null;
  const getTransport = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: env.SMTP_HOST,
        port: env.SMTP_PORT,
        secure: env.SMTP_SECURE,
        // Reused connections when SMTP_POOL is set (a notification fan-out); otherwise one connection per mail.
        ...(env.SMTP_POOL ? { pool: true as const, maxConnections: 2 } : {}),
        auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASSWORD ?? '' } : undefined,
        tls: { rejectUnauthorized: env.SMTP_SECURE },
      }),
    ));

  return {
    async send(mail: Mail): Promise<void> {
      const [row] = await db
        .insert(mailOutbox)
        .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null })
        .returning({ id: mailOutbox.id });
      if (!env.SMTP_HOST || !row) return;
      try {
        await (await getTransport()).sendMail({ from: env.MAIL_FROM, ...mail });
        await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
      } catch (error) {
        await db.update(mailOutbox).set({ error: String(error) }).where(eq(mailOutbox.id, row.id));
        throw error;
      }
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
