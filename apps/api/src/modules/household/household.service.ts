import { householdMessages, HOUSEHOLD_MAX_MEMBERS, occupantFullName, type TOccupant, type TOccupantCreateBody, type TOccupantUpdateBody } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { ConflictError, ForbiddenError, NotFoundError, UnprocessableError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { RateLimiter } from '../auth/rate-limit.ts';
import type { Session, SessionStore } from '../auth/session.store.ts';
import {
  countOccupants, deleteOccupant, findOccupant, insertOccupant, listOccupants, updateOccupant, type OccupantFields, type OccupantRow,
} from './household.repository.ts';

type Deps = { db: Db; sessions: SessionStore; limiter: RateLimiter; limits: { account: number } };

/** The body after the contract's parsing: optional texts are null when empty. */
type OccupantInput = Omit<TOccupantUpdateBody, 'prefer_email' | 'language'> & { prefer_email: boolean };

function toOccupant(row: OccupantRow, session: Session): TOccupant {
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
    is_self: row.id === session.occupantId,
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

/** PostgreSQL's foreign-key violation: another module still points at the person. */
const isForeignKeyViolation = (error: unknown) => {
  const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23503';
};

/**
 * The household of the caller's address: every query is scoped by that address, so another
 * address's occupant id is simply not found (404).
 */
export function createHouseholdService({ db, sessions, limiter, limits }: Deps) {
  const addressOf = (session: Session): number => {
    if (session.addressId === null) throw new ForbiddenError();
    return session.addressId;
  };
  const found = (row: OccupantRow | null): OccupantRow => {
    if (!row) throw new NotFoundError(householdMessages.notFound);
    return row;
  };

  return {
    async list(session: Session): Promise<TOccupant[]> {
      return (await listOccupants(db, addressOf(session))).map((row) => toOccupant(row, session));
    },

    async get(session: Session, id: number): Promise<TOccupant> {
      return toOccupant(found(await findOccupant(db, addressOf(session), id)), session);
    },

    /** A new member of the household with an account; at most HOUSEHOLD_MAX_MEMBERS per address. */
    async create(session: Session, input: OccupantInput & Pick<TOccupantCreateBody, 'password'>): Promise<TOccupant> {
      const addressId = addressOf(session);
      if ((await countOccupants(db, addressId)) >= HOUSEHOLD_MAX_MEMBERS) throw new ConflictError(householdMessages.householdFull);
      const row = await insertOccupant(db, addressId, { ...fieldsOf(input), passwordHash: await hashPassword(input.password) });
      return toOccupant(row, session);
    },

    async update(session: Session, id: number, input: OccupantInput): Promise<TOccupant> {
      return toOccupant(found(await updateOccupant(db, addressOf(session), id, fieldsOf(input))), session);
    },

    /**
     * Changes the caller's own password after checking the current one (attempts counted per
     * account). Every session of the account ends, this one included; the answer is a new token
     * for this device, so other devices must log in again with the new password.
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
        role: 'occupant', userId: session.userId, occupantId: person.id, addressId, customerId: session.customerId, isAdmin: session.isAdmin,
      });
    },

    /** Removes another member of the household; their sessions end first. One's own account stays. */
    async remove(session: Session, id: number): Promise<void> {
      const addressId = addressOf(session);
      if (id === session.occupantId) {
        throw new UnprocessableError(householdMessages.cannotDeleteSelf, [{ field: 'id', message: householdMessages.cannotDeleteSelf }]);
      }
      found(await findOccupant(db, addressId, id));
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
