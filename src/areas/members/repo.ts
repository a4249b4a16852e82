/**
 * SQL of the members area, which owns the `partner_members` table (migration 0028).
 * Every function takes an Executor (the database or a transaction).
 */
import type { Executor } from '../../db/database.js';
import type { MemberRole, PartnerMembersTable } from '../../db/schema/index.js';

export async function insertMember(db: Executor, row: PartnerMembersTable): Promise<void> {
  await db.insertInto('partner_members').values(row).execute();
}

export function findMemberByEmail(db: Executor, email: string) {
  return db.selectFrom('partner_members').selectAll().where('email_lower', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export function findMemberById(db: Executor, id: string) {
  return db.selectFrom('partner_members').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The member `id` of this partner only (another account's member is not found). */
export function findMemberOfPartner(db: Executor, partnerId: string, id: string) {
  return db.selectFrom('partner_members').selectAll().where('partner_id', '=', partnerId).where('id', '=', id).executeTakeFirst();
}

/** The partner's first active owner (a session without a member, opened before members existed, acts as it). */
export function firstOwnerOfPartner(db: Executor, partnerId: string) {
  return db
    .selectFrom('partner_members')
    .select(['id', 'email', 'name', 'role'])
    .where('partner_id', '=', partnerId)
    .where('role', '=', 'owner')
    .where('status', '=', 'active')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** Every member of the partner (at most `limit`), oldest first, with the email of whoever invited each. */
export function membersOfPartner(db: Executor, partnerId: string, limit: number) {
  return db
    .selectFrom('partner_members as m')
    .leftJoin('partner_members as inviter', 'inviter.id', 'm.invited_by')
    .select([
      'm.id',
      'm.email',
      'm.name',
      'm.role',
      'm.status',
      'm.invited_by',
      'inviter.email as invited_by_email',
      'm.created_at',
      'm.last_sign_in_at',
      'm.invite_expires_at',
    ])
    .where('m.partner_id', '=', partnerId)
    .orderBy('m.created_at')
    .orderBy('m.id')
    .limit(limit)
    .execute();
}

export async function countMembersOfPartner(db: Executor, partnerId: string): Promise<number> {
  const r = await db.selectFrom('partner_members').select((eb) => eb.fn.countAll<number>().as('n')).where('partner_id', '=', partnerId).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Active owners of the partner other than `exceptId`. */
export async function countOtherOwners(db: Executor, partnerId: string, exceptId: string): Promise<number> {
  const r = await db
    .selectFrom('partner_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('partner_id', '=', partnerId)
    .where('role', '=', 'owner')
    .where('status', '=', 'active')
    .where('id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Sets the member's role when it still has `from` (a concurrent change wins once); true when this one changed it. */
export async function setMemberRole(db: Executor, partnerId: string, id: string, from: MemberRole, to: MemberRole): Promise<boolean> {
  const r = await db
    .updateTable('partner_members')
    .set({ role: to })
    .where('partner_id', '=', partnerId)
    .where('id', '=', id)
    .where('role', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deleteMember(db: Executor, partnerId: string, id: string): Promise<number> {
  const r = await db.deleteFrom('partner_members').where('partner_id', '=', partnerId).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** A pending invitation gets a new token and expiry (the older link stops working). */
export async function renewInvitation(db: Executor, id: string, values: { role: MemberRole; invited_by: string | null; invite_token_hash: string; invite_expires_at: number }): Promise<void> {
  await db.updateTable('partner_members').set(values).where('id', '=', id).where('status', '=', 'invited').execute();
}

export function findMemberByInviteHash(db: Executor, tokenHash: string) {
  return db.selectFrom('partner_members').selectAll().where('invite_token_hash', '=', tokenHash).executeTakeFirst();
}

/** Accepts the invitation whose token this is, once: false when another request used it first. */
export async function acceptInvitation(db: Executor, tokenHash: string, now: number, values: { name: string; password_hash: string }): Promise<boolean> {
  const r = await db
    .updateTable('partner_members')
    .set({ ...values, status: 'active', accepted_at: now, last_sign_in_at: now, invite_token_hash: null, invite_expires_at: null })
    .where('invite_token_hash', '=', tokenHash)
    .where('status', '=', 'invited')
    .where('invite_expires_at', '>', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function setMemberPasswordHash(db: Executor, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('partner_members').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

/** The member of the partner whose address is `email` (the account's own login, for a password reset of it). */
export function memberOfPartnerByEmail(db: Executor, partnerId: string, email: string) {
  return db
    .selectFrom('partner_members')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .where('email_lower', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function recordSignIn(db: Executor, id: string, now: number): Promise<void> {
  await db.updateTable('partner_members').set({ last_sign_in_at: now }).where('id', '=', id).execute();
}
