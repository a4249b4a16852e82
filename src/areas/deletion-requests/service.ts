/** Data-deletion requests (public) and their administration. */
import type { Deps } from '../../context.js';
import type { Executor } from '../../db/database.js';
import type { DeletionRequestsTable } from '../../db/schema/public.js';
import { writeAudit } from '../audit/repo.js';
import { deletePartnerSessions } from '../accounts/repo.js';
import { endUsersByEmailKey } from '../calculations/repo.js';
import { deletePartnerRow, partnersByEmail } from '../partners/repo.js';
import { eraseEndUserRows } from '../calculations/service.js';
import { errors } from '../../http/errors.js';
import { emailKey } from '../../lib/email.js';
import { newId } from '../../lib/ids.js';
import { quoted } from '../../lib/mail-text.js';
import { iso, isoOrNull } from '../../lib/time.js';
import { deleteLeadsByEmail } from '../contact/repo.js';
import * as repo from './repo.js';
import type { DeletionRequestBody, DeletionRequestUpdate, DeletionStatus } from './schemas.js';
import { blankToNull } from '../../lib/text.js';
import { notifyOperator } from '../mail/service.js';

const OPEN: DeletionStatus[] = ['pending', 'in_progress'];

const NEXT_STEPS = [
  'We will verify the request: if we cannot match it to an account or stored record from the email alone, we will reply to that address before acting.',
  'Once verified, your partner account (if any) and every stored record linked to this email are erased within 30 days; we email you when it is done.',
  'Sending this form again with the same email adds to the same request while it is open (each answer has an id of its own): there is no need to resend.',
  'Questions: reply to the confirmation email or use the contact form, quoting the request id.',
];

function isEmailLike(s: string): boolean {
  return /^[^@\s]+@[^@\s]+$/.test(s);
}

function requestOut(r: DeletionRequestsTable, receiptIds: string[] = []) {
  return {
    id: r.id,
    receipt_ids: receiptIds,
    email: r.email,
    name: r.name,
    reason: r.reason,
    last_4_phone: r.last_4_phone,
    status: r.status as DeletionStatus,
    notes: r.notes,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    completed_at: isoOrNull(r.completed_at),
    erased: r.erased ? (JSON.parse(r.erased) as Record<string, unknown>) : null,
  };
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}

/**
 * A data-deletion request. A repeat answers exactly like a first request, with an id of its own that names the open
 * request (a receipt): whoever sends an address learns nothing about whether its owner asked already, nor when (ids
 * are time-sortable, so the first request's id would tell it). The operator's mail goes out after the answer, so the
 * first request does not take longer than a repeat either.
 */
export async function requestDeletion(deps: Pick<Deps, 'background' | 'clock' | 'config' | 'database' | 'log' | 'mailer'>, body: DeletionRequestBody) {
  const email = body.email.trim();
  if (!isEmailLike(email)) throw errors.invalid(['body', 'email'], 'value is not a valid email address', body.email, 'value_error');
  const emailLower = email.toLowerCase();
  const answer = (id: string) => ({
    received: true,
    request_id: id,
    message: 'We received your data-deletion request.',
    next_steps: NEXT_STEPS,
  });
  /** A new id for a repeat of the open request `requestId`. */
  const receipt = async (requestId: string) => {
    const at = deps.clock.now();
    const id = newId('del', at);
    await repo.insertDeletionReceipt(deps.database.db, { id, request_id: requestId, created_at: at });
    return id;
  };

  const existing = await repo.findOpenDeletionRequest(deps.database.db, emailLower);
  if (existing) return answer(await receipt(existing.id));

  const now = deps.clock.now();
  const id = newId('del', now);
  try {
    await deps.database.tx(async (trx) => {
      await repo.insertDeletionRequest(trx, {
        id,
        email,
        email_lower: emailLower,
        open_email: emailLower,
        name: blankToNull(body.name),
        reason: blankToNull(body.reason),
        last_4_phone: blankToNull(body.last_4_phone),
        status: 'pending',
        notes: null,
        erased: null,
        created_at: now,
        updated_at: now,
        completed_at: null,
      });
      // The request's own id is its first receipt.
      await repo.insertDeletionReceipt(trx, { id, request_id: id, created_at: now });
      await writeAudit(trx, { at: now, actorType: 'system', actorId: null, action: 'deletion_request.received', targetType: 'deletion_request', targetId: id });
    });
  } catch (err) {
    // Two requests for the same email at once: the unique open_email lets one in; the other is a repeat of it.
    if (!isUniqueViolation(err)) throw err;
    const winner = await repo.findOpenDeletionRequest(deps.database.db, emailLower);
    if (!winner) throw err;
    return answer(await receipt(winner.id));
  }
  const text = [
    `A data-deletion request was received (${id}).`,
    '',
    `Email:  ${quoted(email, 320)}`,
    `Name:   ${blankToNull(body.name) ? quoted(body.name!, 120) : '-'}`,
    `Reason: ${blankToNull(body.reason) ? quoted(body.reason!, 1000) : '-'}`,
    '',
    'Review it in the admin console (deletion requests).',
  ].join('\n');
  deps.background.run('deletion request notification', async () => {
    await notifyOperator(deps, `[deletion request] ${id}`, text, 'deletion_request');
  });
  return answer(id);
}

/** The request an id names: a request's own id, or an id a repeat of it was answered with. */
async function resolveRequestId(db: Executor, id: string): Promise<string> {
  return (await repo.deletionRequestIdByReceipt(db, id)) ?? id;
}

export async function listDeletionRequests(deps: Pick<Deps, 'database'>, limit: number, status?: string) {
  const rows = await repo.listDeletionRequests(deps.database.db, limit, status);
  const receipts = new Map<string, string[]>();
  for (const r of await repo.repeatReceiptsOf(deps.database.db, rows.map((row) => row.id))) {
    receipts.set(r.request_id, [...(receipts.get(r.request_id) ?? []), r.id]);
  }
  const items = rows.map((r) => requestOut(r, receipts.get(r.id)));
  return { items, count: items.length };
}

/**
 * Erases what is stored about the person behind an email, inside the transaction:
 * the partner account with that email (its rows go with it by foreign-key cascade,
 * and its sessions), every end user whose cached calculation carries the email
 * (through every registered eraser), and contact-form messages from it.
 */
async function eraseByEmail(deps: Pick<Deps, 'erasers'>, trx: Executor, email: string, emailLower: string) {
  const partners = await partnersByEmail(trx, emailLower);
  const partnerIds = partners.map((p) => p.id);
  const endUsers = (await endUsersByEmailKey(trx, emailKey(email))).filter((u) => !partnerIds.includes(u.partner_id));
  const rows: Record<string, number> = {};
  // What each partner's data held of this person, so the administrator can tell them.
  const byPartner = new Map<string, { partner_id: string; end_users: number; rows: number }>();
  for (const u of endUsers) {
    const erased = await eraseEndUserRows(deps, trx, u.partner_id, u.environment, u.end_user_id);
    const tally = byPartner.get(u.partner_id) ?? { partner_id: u.partner_id, end_users: 0, rows: 0 };
    tally.end_users += 1;
    for (const [name, n] of Object.entries(erased)) {
      rows[name] = (rows[name] ?? 0) + n;
      tally.rows += n;
    }
    byPartner.set(u.partner_id, tally);
  }
  let sessions = 0;
  for (const id of partnerIds) {
    sessions += await deletePartnerSessions(trx, id);
    rows.partners = (rows.partners ?? 0) + (await deletePartnerRow(trx, id));
  }
  rows.contact_leads = await deleteLeadsByEmail(trx, emailLower);
  if (sessions) rows.sessions = sessions;
  return {
    partner_ids: partnerIds,
    end_users: endUsers.map((u) => ({ partner_id: u.partner_id, environment: u.environment, end_user_id: u.end_user_id })),
    by_partner: [...byPartner.values()],
    rows,
  };
}

/**
 * Sets a request's status. Completing erases the person's data (once) and records it
 * in the audit log. A completed request is final: its data is gone, so it cannot go
 * back to another status (409).
 */
export async function updateDeletionRequest(deps: Pick<Deps, 'auth' | 'clock' | 'database' | 'erasers'>, adminId: string, requestOrReceiptId: string, body: DeletionRequestUpdate) {
  const now = deps.clock.now();
  let invalidate: string[] = [];
  const id = await resolveRequestId(deps.database.db, requestOrReceiptId);
  await deps.database.tx(async (trx) => {
    const row = await repo.getDeletionRequest(trx, id);
    if (!row) throw errors.notFound(`No deletion request '${id}'`);
    if (row.status === 'completed' && body.status !== 'completed') {
      throw errors.conflict('This request is completed: the data is already erased and the request cannot be reopened');
    }
    const patch: Partial<DeletionRequestsTable> = { status: body.status, updated_at: now };
    if (body.notes !== undefined) patch.notes = blankToNull(body.notes);
    const reopening = OPEN.includes(body.status) && !OPEN.includes(row.status as DeletionStatus);
    if (reopening) {
      const other = await repo.findOpenDeletionRequest(trx, row.email_lower);
      if (other && other.id !== id) throw errors.conflict(`Another open request exists for this email: ${other.id}`);
    }
    patch.open_email = OPEN.includes(body.status) ? row.email_lower : null;
    let erased: Awaited<ReturnType<typeof eraseByEmail>> | null = null;
    if (body.status === 'completed' && row.status !== 'completed') {
      erased = await eraseByEmail(deps, trx, row.email, row.email_lower);
      patch.completed_at = now;
      const matched = erased.partner_ids.length + erased.end_users.length + (erased.rows.contact_leads ?? 0);
      patch.erased = JSON.stringify({
        partners: erased.partner_ids.length,
        end_users: erased.end_users.length,
        by_partner: erased.by_partner,
        rows: erased.rows,
        summary:
          matched === 0
            ? 'Nothing matched this email: no partner account, no end-user record of any partner and no contact message holds it. Nothing was erased.'
            : `Erased ${erased.partner_ids.length} partner account(s), ${erased.end_users.length} end-user record(s) across ${erased.by_partner.length} partner(s), and ${erased.rows.contact_leads ?? 0} contact message(s).`,
      });
      invalidate = erased.partner_ids;
    }
    await repo.updateDeletionRequest(trx, id, patch);
    await writeAudit(trx, {
      at: now,
      actorType: 'admin',
      actorId: adminId,
      action: erased ? 'deletion_request.completed' : 'deletion_request.updated',
      targetType: 'deletion_request',
      targetId: id,
      details: {
        from_status: row.status,
        to_status: body.status,
        ...(erased
          ? {
              // What was erased, by id and count; the email itself is not copied into the log.
              partners_deleted: erased.partner_ids,
              end_users_erased: erased.end_users,
              rows: erased.rows,
            }
          : {}),
      },
    });
  });
  for (const pid of invalidate) await deps.auth.invalidatePartner(pid);
  const row = await repo.getDeletionRequest(deps.database.db, id);
  const receipts = await repo.repeatReceiptsOf(deps.database.db, [id]);
  return requestOut(row!, receipts.map((r) => r.id));
}

export async function deleteDeletionRequest(deps: Pick<Deps, 'clock' | 'database'>, adminId: string, requestOrReceiptId: string) {
  const now = deps.clock.now();
  const id = await resolveRequestId(deps.database.db, requestOrReceiptId);
  await deps.database.tx(async (trx) => {
    const row = await repo.getDeletionRequest(trx, id);
    if (!row) throw errors.notFound(`No deletion request '${id}'`);
    await repo.deleteDeletionRequest(trx, id);
    await writeAudit(trx, {
      at: now,
      actorType: 'admin',
      actorId: adminId,
      action: 'deletion_request.deleted',
      targetType: 'deletion_request',
      targetId: id,
      details: { status: row.status },
    });
  });
  return { deleted: true, id };
}
