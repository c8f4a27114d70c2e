import { z } from 'zod';
import {
  EMAIL_CHANGE_HOURS, householdMessages, HOUSEHOLD_MAX_MEMBERS, occupantFullName, type TOccupant, type TOccupantCreateBody, type TOccupantUpdateBody,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { ConflictError, ForbiddenError, NotFoundError, UnprocessableError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { RateLimiter } from '../auth/rate-limit.ts';
import type { Session, SessionStore } from '../auth/session.store.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { emailChangeConfirmMail, emailChangedMail, emailChangeRequestedMail } from './household.mails.ts';
import {
  countOccupants, deleteOccupant, deletePendingEmailChanges, findCustomerOfAddress, findEmailChangeForMail, findOccupant, findOccupantById,
  insertEmailChange, insertOccupant, listOccupants, lockAddress, lockEmailChange, markEmailChangeUsed, renewEmailChangeToken, updateOccupant,
  type OccupantFields, type OccupantRow,
} from './household.repository.ts';

type Deps = {
  db: Db;
  sessions: SessionStore;
  limiter: RateLimiter;
  jobs: JobQueue;
  mailer: Mailer;
  /** The portal's public address: the confirmation link is {publicUrl}/email/bevestigen/{code}. */
  publicUrl: string;
  limits: { account: number; client: number };
};

/** The body after the contract's parsing: optional texts are null when empty. */
type OccupantInput = Omit<TOccupantUpdateBody, 'prefer_email' | 'language'> & { prefer_email: boolean };

/** Who is asking: their occupant id and whether they hold the address. */
type Caller = { id: number | null; isMain: boolean };

/**
 * The rules of the roles (see the contract's household.ts). The holder's e-mail address is theirs
 * alone; a member's with an account is theirs or the holder's; a person without an account anyone's.
 */
const mayChangeEmail = (caller: Caller, target: OccupantRow) =>
  caller.id === target.id || (!target.isMain && (caller.isMain || target.passwordHash === null));
/** Nobody deletes themselves here, and nobody deletes the holder. */
const mayDelete = (caller: Caller, target: OccupantRow) => caller.id !== target.id && !target.isMain;

function toOccupant(row: OccupantRow, caller: Caller): TOccupant {
  const person = { first_name: row.firstName, affix: row.affix, last_name: row.lastName };
  return {
    id: row.id,
    full_name: occupantFullName(person),
    ...person,
    gender: row.gender,
    email_address: row.emailAddress,
    telephone: row.telephone,
    mobile: row.mobile,
    prefer_email: row.preferEmail,
    has_account: row.passwordHash !== null,
    is_self: row.id === caller.id,
    is_holder: row.isMain,
    pending_email_address: row.pendingEmail,
    can_change_email: mayChangeEmail(caller, row),
    can_delete: mayDelete(caller, row),
  };
}

const fieldsOf = (input: OccupantInput): OccupantFields => ({
  firstName: input.first_name,
  affix: input.affix ?? null,
  lastName: input.last_name,
  gender: input.gender,
  emailAddress: input.email_address?.toLowerCase() ?? null,
  telephone: input.telephone ?? null,
  mobile: input.mobile ?? null,
  preferEmail: input.prefer_email,
});

const nameOf = (row: { firstName: string; affix: string | null; lastName: string }) =>
  occupantFullName({ first_name: row.firstName, affix: row.affix, last_name: row.lastName });

/** PostgreSQL's foreign-key violation: another module still points at the person. */
const isForeignKeyViolation = (error: unknown) => {
  const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23503';
};

/** The mails of an e-mail change, sent by the 'household-mail' job (retried; never inside a request). */
const ZHouseholdMail = z.discriminatedUnion('mail', [
  z.object({ mail: z.literal('confirm'), ticketId: z.number() }),
  z.object({ mail: z.enum(['requested', 'changed', 'removed']), to: z.string(), name: z.string(), addressId: z.number() }),
]);
export type HouseholdMail = z.infer<typeof ZHouseholdMail>;

/**
 * The household of the caller's address: every query is scoped by that address, so another
 * address's occupant id is simply not found (404).
 */
export function createHouseholdService({ db, sessions, limiter, jobs, mailer, publicUrl, limits }: Deps) {
  const addressOf = (session: Session): number => {
    if (session.addressId === null) throw new ForbiddenError();
    return session.addressId;
  };
  const found = (row: OccupantRow | null): OccupantRow => {
    if (!row) throw new NotFoundError(householdMessages.notFound);
    return row;
  };
  /** The caller as a person of the household (an administrator acting for the address is its holder). */
  const callerOf = async (session: Session, addressId: number, known?: OccupantRow): Promise<Caller> => {
    if (session.occupantId === null) return { id: null, isMain: false };
    const self = known?.id === session.occupantId ? known : await findOccupant(db, addressId, session.occupantId);
    return { id: session.occupantId, isMain: self?.isMain ?? false };
  };
  const confirmInvalid = (message: string) => new UnprocessableError(message, [{ field: 'code', message }]);
  /** Queued in the transaction of the change it announces. */
  const queueMail = (mail: HouseholdMail, tx: Queryable) => jobs.add('household-mail', mail, { tx });

  return {
    async list(session: Session): Promise<TOccupant[]> {
      const addressId = addressOf(session);
      const rows = await listOccupants(db, addressId);
      const self = rows.find((row) => row.id === session.occupantId);
      const caller = await callerOf(session, addressId, self);
      return rows.map((row) => toOccupant(row, caller));
    },

    async get(session: Session, id: number): Promise<TOccupant> {
      const addressId = addressOf(session);
      const row = found(await findOccupant(db, addressId, id));
      return toOccupant(row, await callerOf(session, addressId, row));
    },

    /**
     * A new member of the household with an account; at most HOUSEHOLD_MAX_MEMBERS per address, also
     * when many requests arrive at once: the address row is locked while the household is counted.
     */
    async create(session: Session, input: OccupantInput & Pick<TOccupantCreateBody, 'password'>): Promise<TOccupant> {
      const addressId = addressOf(session);
      const full = () => new ConflictError(householdMessages.householdFull);
      if ((await countOccupants(db, addressId)) >= HOUSEHOLD_MAX_MEMBERS) throw full();
      const passwordHash = await hashPassword(input.password); // outside the lock: it takes a while
      const row = await db.transaction(async (tx) => {
        await lockAddress(tx, addressId);
        if ((await countOccupants(tx, addressId)) >= HOUSEHOLD_MAX_MEMBERS) throw full();
        return insertOccupant(tx, addressId, { ...fieldsOf(input), passwordHash });
      });
      return toOccupant(row, await callerOf(session, addressId));
    },

    /**
     * Saves a person's details. A new e-mail address for someone with an account is not stored: it
     * waits for its confirmation link (sent to it, with a notice to the old address). Answers the
     * person and the address a confirmation link was sent to, if any.
     */
    async update(session: Session, id: number, input: OccupantInput): Promise<{ occupant: TOccupant; confirmationSentTo: string | null }> {
      const addressId = addressOf(session);
      const target = found(await findOccupant(db, addressId, id));
      const caller = await callerOf(session, addressId, target);
      const fields = fieldsOf(input);
      const email = fields.emailAddress ?? null;
      const current = target.emailAddress?.toLowerCase() ?? null;
      const isEmailChanged = email !== current;
      if (isEmailChanged && !mayChangeEmail(caller, target)) {
        throw new ForbiddenError(target.isMain ? householdMessages.holderEmailForbidden : householdMessages.memberEmailForbidden);
      }
      const hasAccount = target.passwordHash !== null;
      /** The new address of an account waits for its confirmation. */
      const awaitsConfirmation = isEmailChanged && hasAccount && email !== null;
      const isNewRequest = awaitsConfirmation && email !== target.pendingEmail;
      if (isNewRequest) await limiter.hit([{ key: `email-change:account:${session.occupantId ?? `address-${addressId}`}`, max: limits.account }]);

      await db.transaction(async (tx) => {
        const saved = await updateOccupant(tx, addressId, id, awaitsConfirmation ? { ...fields, emailAddress: target.emailAddress } : fields);
        if (!saved) throw new NotFoundError(householdMessages.notFound);
        if (!isEmailChanged || !hasAccount) return;
        if (email === null) {
          // Removed at once (only the person or the holder may): nothing to confirm; the old address is told.
          await deletePendingEmailChanges(tx, id);
          if (current) await queueMail({ mail: 'removed', to: current, name: nameOf(target), addressId }, tx);
        } else if (isNewRequest) {
          await deletePendingEmailChanges(tx, id);
          // The code is made by the job that mails it; until then the ticket holds a hash nobody knows.
          const ticketId = await insertEmailChange(tx, {
            occupantId: id, email, tokenHash: hashToken(newToken()), expiresAt: new Date(Date.now() + EMAIL_CHANGE_HOURS * 3_600_000),
          });
          await queueMail({ mail: 'confirm', ticketId }, tx);
          if (current) await queueMail({ mail: 'requested', to: current, name: nameOf(target), addressId }, tx);
        }
      });
      const row = found(await findOccupant(db, addressId, id));
      return { occupant: toOccupant(row, caller), confirmationSentTo: awaitsConfirmation ? email : null };
    },

    /**
     * POST /public/confirm-email: the code from the link sent to the new address sets it, once and
     * within EMAIL_CHANGE_HOURS; the old address is told. Answers the new address.
     */
    async confirmEmail(code: string, client: string): Promise<string> {
      await limiter.hit([{ key: `confirm-email:client:${client}`, max: limits.client }]);
      return db.transaction(async (tx) => {
        const ticket = await lockEmailChange(tx, hashToken(code));
        if (!ticket?.occupantId || !ticket.email) throw confirmInvalid(householdMessages.emailConfirmInvalid);
        if (ticket.usedAt) throw confirmInvalid(householdMessages.emailConfirmUsed);
        if (ticket.expiresAt.getTime() <= Date.now()) throw confirmInvalid(householdMessages.emailConfirmExpired);
        const person = await findOccupantById(tx, ticket.occupantId);
        if (!person) throw confirmInvalid(householdMessages.emailConfirmInvalid);
        await markEmailChangeUsed(tx, ticket.id);
        await deletePendingEmailChanges(tx, person.id);
        await updateOccupant(tx, person.addressId, person.id, { emailAddress: ticket.email });
        const old = person.emailAddress?.toLowerCase();
        if (old && old !== ticket.email) await queueMail({ mail: 'changed', to: old, name: nameOf(person), addressId: person.addressId }, tx);
        return ticket.email;
      });
    },

    /**
     * The 'household-mail' job. The confirmation mail gets a fresh code (only its hash is stored, so a
     * retry makes a new one and the earlier mail, if it went out at all, stops working); a change
     * that was confirmed, replaced or expired meanwhile is not mailed.
     */
    async sendMail(payload: Record<string, unknown>): Promise<void> {
      const job = ZHouseholdMail.parse(payload);
      if (job.mail === 'confirm') {
        const change = await findEmailChangeForMail(db, job.ticketId);
        if (!change?.email) return;
        const code = newToken();
        if (!(await renewEmailChangeToken(db, job.ticketId, hashToken(code)))) return;
        await mailer.send(emailChangeConfirmMail({
          to: change.email, name: nameOf(change), link: `${publicUrl}/email/bevestigen/${encodeURIComponent(code)}`, hours: EMAIL_CHANGE_HOURS,
          portalName: change.portalName, website: change.website,
        }));
        return;
      }
      const customer = (await findCustomerOfAddress(db, job.addressId)) ?? { name: 'het bewonersportaal', website: null };
      const sender = { portalName: customer.name, website: customer.website };
      await mailer.send(job.mail === 'requested'
        ? emailChangeRequestedMail({ to: job.to, name: job.name, hours: EMAIL_CHANGE_HOURS, ...sender })
        : emailChangedMail({ to: job.to, name: job.name, removed: job.mail === 'removed', ...sender }));
    },

    /**
     * Changes the caller's own password after checking the current one (attempts counted per
     * account). Every session of the account ends, this one included; the answer is a new token for
     * this device, so other devices must log in again with the new password.
     */
    async changePassword(session: Session, input: { password: string; new_password: string }): Promise<string> {
      const addressId = addressOf(session);
      if (session.occupantId === null) throw new ForbiddenError();
      const key = `new-password:account:${session.occupantId}`;
      await limiter.hit([{ key, max: limits.account }]);
      const person = found(await findOccupant(db, addressId, session.occupantId));
      if (!(await verifyPassword(person.passwordHash, input.password))) {
        throw new UnprocessableError(householdMessages.currentPasswordWrong, [{ field: 'password', message: householdMessages.currentPasswordWrong }]);
      }
      await updateOccupant(db, addressId, person.id, { passwordHash: await hashPassword(input.new_password) });
      await limiter.clear(key);
      await sessions.revokeOccupant(person.id);
      return sessions.issue({
        role: 'occupant', face: 'resident', userId: session.userId, occupantId: person.id, addressId, customerId: session.customerId,
      });
    },

    /**
     * Removes a member of the household; their sessions end first. One's own account stays (422),
     * and the holder cannot be removed (403).
     */
    async remove(session: Session, id: number): Promise<void> {
      const addressId = addressOf(session);
      if (id === session.occupantId) {
        throw new UnprocessableError(householdMessages.cannotDeleteSelf, [{ field: 'id', message: householdMessages.cannotDeleteSelf }]);
      }
      const target = found(await findOccupant(db, addressId, id));
      if (!mayDelete(await callerOf(session, addressId), target)) throw new ForbiddenError(householdMessages.holderDeleteForbidden);
      await sessions.revokeOccupant(id);
      try {
        if (!(await deleteOccupant(db, addressId, id))) throw new NotFoundError(householdMessages.notFound);
      } catch (error) {
        if (isForeignKeyViolation(error)) throw new ConflictError(householdMessages.cannotDeleteLinked);
        throw error;
      }
    },
  };
}
export type HouseholdService = ReturnType<typeof createHouseholdService>;
