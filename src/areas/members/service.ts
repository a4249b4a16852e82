/**
 * The members of a partner account and their roles (docs/accounts.md).
 *
 * - The account's first login is its `owner` member (migration 0028, and createPartner for new accounts).
 * - An owner or admin invites by email: the member is `invited` with a single-use link (`inv_` + 43 base62, stored as
 *   SHA-256 only) valid INVITE_TTL_MS; accepting sets its name and password, makes it `active` and signs it in.
 * - Admins manage members but not owners; only an owner makes, changes or removes an owner, and the last owner can
 *   be neither removed nor demoted (409). Ownership moves with transferOwnership (the owner becomes an admin).
 * - Removing a member or ending its sessions deletes its session rows: the session guard reads them (and the member)
 *   on every request, so every process refuses them at once.
 */
import type { Deps } from '../../context.js';
import type { SessionMember } from '../../http/auth.js';
import type { MemberRole } from '../../db/schema/index.js';
import { errors } from '../../http/errors.js';
import { hashPassword, randomBase62, sha256Hex } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import { iso, isoOrNull } from '../../lib/time.js';
import { audit, isUniqueViolation, type Actor } from '../accounts/common.js';
import { requireAcceptablePassword } from '../accounts/passwords.js';
import { deleteSessionsOfMember } from '../accounts/repo.js';
import { openMemberSession, type ClientInfo } from '../accounts/sessions.js';
import { findPartnerById, setRequireMfa } from '../partners/repo.js';
import { tooMany } from '../metering/rate-limit.js';
import { forgetSecondFactor, membersWithMfa, mfaEnabled } from '../mfa/service.js';
import { deletePasskeysOfSubject } from '../passkeys/repo.js';
import { refusal, roleAtLeast } from './permissions.js';
import {
  acceptInvitation,
  countMembersOfPartner,
  countOtherOwners,
  deleteMember,
  findMemberByEmail,
  findMemberByInviteHash,
  findMemberOfPartner,
  insertMember,
  membersOfPartner,
  renewInvitation,
  setMemberRole,
} from './repo.js';
import type { AccountSecurityChange, InviteAccept, Member, MemberInvite } from './schemas.js';

/** How long an invitation link works. */
export const INVITE_TTL_MS = 7 * 24 * 3_600_000;
/** Members (invited ones included) an account may have. */
export const MEMBER_CAP = 100;
/** Invitations one account may send per INVITE_LIMIT_WINDOW_MS (each is a mail). */
export const INVITE_LIMIT = 20;
export const INVITE_LIMIT_WINDOW_MS = 3_600_000;

const MAIL_KIND = 'member_invitation';

/** What a change to a member or to the account's rules uses (each is audited at the clock's time). */
type MemberDeps = Pick<Deps, 'clock' | 'database'>;

/** Who acts: the account, the member signed in (null for a key-opened session), its role, and the audit actor. */
export interface MemberContext {
  partnerId: string;
  member: SessionMember | null;
  role: MemberRole;
  actor: Actor;
}

type MemberRow = Awaited<ReturnType<typeof membersOfPartner>>[number];

function toMember(r: MemberRow, mfa: ReadonlySet<string>): Member {
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    status: r.status,
    mfa_enabled: mfa.has(r.id),
    last_sign_in_at: isoOrNull(r.last_sign_in_at === null ? null : Number(r.last_sign_in_at)),
    invited_by: r.invited_by === null ? null : { id: r.invited_by, email: r.invited_by_email ?? null },
    invitation_expires_at: r.status === 'invited' && r.invite_expires_at !== null ? iso(Number(r.invite_expires_at)) : null,
    created_at: iso(Number(r.created_at)),
  };
}

async function memberView(deps: Pick<Deps, 'database'>, partnerId: string, id: string): Promise<Member> {
  const rows = await membersOfPartner(deps.database.db, partnerId, MEMBER_CAP + 1);
  const r = rows.find((m) => m.id === id);
  if (!r) throw errors.notFound(`No member with id '${id}'`);
  return toMember(r, await membersWithMfa(deps, [r.id]));
}

export async function listMembers(deps: Pick<Deps, 'database'>, partnerId: string) {
  const rows = await membersOfPartner(deps.database.db, partnerId, MEMBER_CAP + 1);
  const mfa = await membersWithMfa(deps, rows.map((r) => r.id));
  const items = rows.map((r) => toMember(r, mfa));
  return { items, count: items.length };
}

/** The member `id` of the caller's account, or 404 (another account's member included, so ids cannot be probed). */
async function target(deps: Pick<Deps, 'database'>, ctx: MemberContext, id: string) {
  const m = await findMemberOfPartner(deps.database.db, ctx.partnerId, id);
  if (!m) throw errors.notFound(`No member with id '${id}'`);
  return m;
}

/** Only an owner acts on an owner (or makes one). */
function requireOwnerFor(ctx: MemberContext, what: string): void {
  if (!roleAtLeast(ctx.role, 'owner')) throw errors.roleForbidden(`${what}: ${refusal('owner', ctx.role)}`);
}

export async function inviteMember(deps: Pick<Deps, 'clock' | 'database' | 'limiter' | 'mailer' | 'metrics' | 'publicUrl'>, ctx: MemberContext, body: MemberInvite): Promise<Member> {
  const db = deps.database.db;
  const email = body.email.trim();
  const existing = await findMemberByEmail(db, email);
  if (existing && !(existing.partner_id === ctx.partnerId && existing.status === 'invited')) {
    throw errors.conflict(existing.partner_id === ctx.partnerId ? 'This address is already a member of the account' : 'This address already belongs to a member of a partner account');
  }
  if (!existing && (await countMembersOfPartner(db, ctx.partnerId)) >= MEMBER_CAP) {
    throw errors.conflict(`An account has at most ${MEMBER_CAP} members: remove one first`);
  }
  const limited = await deps.limiter.hit(`member-invite:${ctx.partnerId}`, INVITE_LIMIT, INVITE_LIMIT_WINDOW_MS);
  if (!limited.allowed) {
    deps.metrics.rateLimitRejected('member-invite');
    throw tooMany(limited);
  }

  const token = `inv_${randomBase62(43)}`;
  const now = deps.clock.now();
  const invite = { role: body.role, invited_by: ctx.member?.id ?? null, invite_token_hash: sha256Hex(token), invite_expires_at: now + INVITE_TTL_MS };
  let id = existing?.id ?? newId('mem', now);
  try {
    await deps.database.tx(async (trx) => {
      if (existing) await renewInvitation(trx, existing.id, invite);
      else {
        await insertMember(trx, {
          id,
          partner_id: ctx.partnerId,
          email,
          email_lower: email.toLowerCase(),
          name: null,
          status: 'invited',
          password_hash: null,
          created_at: now,
          accepted_at: null,
          last_sign_in_at: null,
          ...invite,
        });
      }
      await audit(trx, ctx.actor, now, 'member.invite', 'member', id, { email, role: body.role, renewed: existing !== undefined });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw errors.conflict('This address already belongs to a member of a partner account');
    throw err;
  }
  id = existing?.id ?? id;
  const link = `${deps.publicUrl.base}/portal/accept-invite?token=${token}`;
  // Nothing the account wrote goes into the mail (no company or member name): it is the service's own words.
  await deps.mailer.send({
    kind: MAIL_KIND,
    to: email,
    subject: 'You are invited to a partner account',
    text: [
      `You have been invited to join a partner account at ${deps.publicUrl.base} with the ${body.role} role.`,
      '',
      'To accept, open this link within 7 days and choose your name and password. It works once:',
      '',
      link,
      '',
      'If you did not expect this invitation, ignore this message: nothing happens without you.',
    ].join('\n'),
  });
  return memberView(deps, ctx.partnerId, id);
}

export async function changeRole(deps: MemberDeps, ctx: MemberContext, id: string, role: MemberRole): Promise<Member> {
  const m = await target(deps, ctx, id);
  if (m.role === role) return memberView(deps, ctx.partnerId, id);
  if (m.role === 'owner') requireOwnerFor(ctx, 'Changing an owner\'s role');
  if (role === 'owner') requireOwnerFor(ctx, 'Making a member an owner');
  if (role === 'owner' && m.status !== 'active') throw errors.conflict('Only a member who has accepted the invitation can become an owner');
  const now = deps.clock.now();
  await deps.database.tx(async (trx) => {
    if (m.role === 'owner' && (await countOtherOwners(trx, ctx.partnerId, m.id)) === 0) {
      throw errors.conflict('The last owner of the account cannot be demoted: transfer the ownership first');
    }
    if (!(await setMemberRole(trx, ctx.partnerId, m.id, m.role, role))) throw errors.conflict('The member changed meanwhile: reload and try again');
    await audit(trx, ctx.actor, now, 'member.role_change', 'member', m.id, { email: m.email, from: m.role, to: role });
  });
  return memberView(deps, ctx.partnerId, id);
}

export async function removeMember(deps: MemberDeps, ctx: MemberContext, id: string) {
  const m = await target(deps, ctx, id);
  if (m.role === 'owner') requireOwnerFor(ctx, 'Removing an owner');
  const now = deps.clock.now();
  const ended = await deps.database.tx(async (trx) => {
    if (m.role === 'owner' && (await countOtherOwners(trx, ctx.partnerId, m.id)) === 0) {
      throw errors.conflict('The last owner of the account cannot be removed: transfer the ownership first');
    }
    const n = await deleteSessionsOfMember(trx, ctx.partnerId, m.id);
    // Its factor would outlive it otherwise (nothing references the member's id from the factor tables).
    await forgetSecondFactor(trx, { type: 'member', id: m.id });
    if ((await deleteMember(trx, ctx.partnerId, m.id)) === 0) throw errors.notFound(`No member with id '${id}'`);
    // A removed member's passkeys would otherwise stay registered (and findable by the password-less sign-in).
    await deletePasskeysOfSubject(trx, 'member', m.id);
    await audit(trx, ctx.actor, now, 'member.remove', 'member', m.id, { email: m.email, role: m.role, status: m.status, sessions_ended: n });
    return n;
  });
  return { removed: true, member_id: m.id, sessions_ended: ended };
}

export async function revokeMemberSessions(deps: MemberDeps, ctx: MemberContext, id: string) {
  const m = await target(deps, ctx, id);
  if (m.role === 'owner' && m.id !== ctx.member?.id) requireOwnerFor(ctx, 'Ending an owner\'s sessions');
  const now = deps.clock.now();
  const revoked = await deps.database.tx(async (trx) => {
    const n = await deleteSessionsOfMember(trx, ctx.partnerId, m.id);
    await audit(trx, ctx.actor, now, 'member.sessions_revoke', 'member', m.id, { email: m.email, revoked: n });
    return n;
  });
  return { member_id: m.id, revoked };
}

export async function transferOwnership(deps: MemberDeps, ctx: MemberContext, id: string): Promise<Member> {
  const m = await target(deps, ctx, id);
  const me = ctx.member;
  if (me === null) throw errors.roleForbidden(refusal('owner', ctx.role));
  if (m.id === me.id) throw errors.conflict('You are the owner already: name another member');
  if (m.status !== 'active') throw errors.conflict('Only a member who has accepted the invitation can become the owner');
  const now = deps.clock.now();
  await deps.database.tx(async (trx) => {
    if (m.role !== 'owner' && !(await setMemberRole(trx, ctx.partnerId, m.id, m.role, 'owner'))) throw errors.conflict('The member changed meanwhile: reload and try again');
    if (!(await setMemberRole(trx, ctx.partnerId, me.id, 'owner', 'admin'))) throw errors.conflict('You are no longer an owner of this account');
    await audit(trx, ctx.actor, now, 'member.ownership_transfer', 'member', m.id, { email: m.email, from_member_id: me.id, previous_role: m.role });
  });
  return memberView(deps, ctx.partnerId, id);
}

// ---------- the account's sign-in rules ----------

async function securityView(deps: Pick<Deps, 'database'>, partnerId: string) {
  const [p, rows] = await Promise.all([findPartnerById(deps.database.db, partnerId), membersOfPartner(deps.database.db, partnerId, MEMBER_CAP + 1)]);
  if (!p) throw errors.sessionExpired();
  const active = rows.filter((r) => r.status === 'active').map((r) => r.id);
  const mfa = await membersWithMfa(deps, active);
  return { require_mfa: Number(p.require_mfa) === 1, members_without_mfa: active.filter((id) => !mfa.has(id)).length };
}

export function accountSecurity(deps: Pick<Deps, 'database'>, partnerId: string) {
  return securityView(deps, partnerId);
}

/**
 * The owner requires (or stops requiring) a second factor of every member. Turning it on needs a factor of the
 * owner's own, so the one who sets the rule cannot be held by it; members without one are held to enrolment from
 * their next request. Audited with the value before and after.
 */
export async function changeAccountSecurity(deps: MemberDeps, ctx: MemberContext, body: AccountSecurityChange) {
  requireOwnerFor(ctx, 'Changing the account\'s sign-in rules');
  const me = ctx.member;
  if (me === null) throw errors.roleForbidden(refusal('owner', ctx.role));
  const before = await securityView(deps, ctx.partnerId);
  if (body.require_mfa && !(await mfaEnabled(deps, { type: 'member', id: me.id }))) {
    throw errors.conflict('Set up your own second factor first (Account page): only then can you require one of every member');
  }
  if (before.require_mfa === body.require_mfa) return before;
  await deps.database.tx(async (trx) => {
    if (!(await setRequireMfa(trx, ctx.partnerId, body.require_mfa))) throw errors.sessionExpired();
    await audit(trx, ctx.actor, deps.clock.now(), 'partner.security_change', 'partner', ctx.partnerId, { require_mfa: { from: before.require_mfa, to: body.require_mfa } });
  });
  return securityView(deps, ctx.partnerId);
}

/**
 * Accepts an invitation: the policy applies to the password (a refused one leaves the link usable), the link is used
 * up, and the member is signed in (the answer of a sign-in, with the member). A suspended account is refused (403)
 * and its link stays usable.
 */
export async function acceptInvite(deps: Pick<Deps, 'clock' | 'config' | 'database'>, body: InviteAccept, client: ClientInfo) {
  const db = deps.database.db;
  const tokenHash = sha256Hex(body.token);
  const m = await findMemberByInviteHash(db, tokenHash);
  if (!m || m.status !== 'invited') throw errors.inviteTokenInvalid();
  const now = deps.clock.now();
  if (m.invite_expires_at === null || Number(m.invite_expires_at) <= now) throw errors.inviteTokenExpired();
  const p = await findPartnerById(db, m.partner_id);
  if (!p) throw errors.inviteTokenInvalid();
  if (Number(p.active) !== 1) throw errors.suspended();
  requireAcceptablePassword(['body', 'password'], body.password, { email: m.email });
  const name = body.name.trim();
  const passwordHash = await hashPassword(body.password);
  await deps.database.tx(async (trx) => {
    if (!(await acceptInvitation(trx, tokenHash, deps.clock.now(), { name, password_hash: passwordHash }))) throw errors.inviteTokenInvalid();
    await audit(trx, { type: 'member', id: m.id, email: m.email, partnerId: m.partner_id }, now, 'member.accept', 'member', m.id, { role: m.role });
  });
  const out = await openMemberSession(deps, m.partner_id, m.id, client);
  return { session: out.session, body: { ...out.body, member: await memberView(deps, m.partner_id, m.id) } };
}
