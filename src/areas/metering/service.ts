/** Usage rules: figures of a month, estimated bill, alert configuration and evaluation. */
import type { Deps } from '../../context.js';
import type { Executor } from '../../db/database.js';
import type { Environment } from '../../db/schema/index.js';
import type { UsageAlertsTable } from '../../db/schema/usage.js';
import { errors } from '../../http/errors.js';
import { quoted } from '../../lib/mail-text.js';
import { fromCents, toCents } from '../../lib/money.js';
import { DAY_MS, iso, utcDay, utcMonth } from '../../lib/time.js';
import { enqueueEvent } from '../webhooks/outbox.js';
import {
  alertsToEvaluate,
  anonymiseEndUser,
  dailyCalls,
  deleteAlertConfig,
  firedThisMonth,
  getAlertConfig,
  insertFired,
  lockUsage,
  monthCalls,
  monthEndUsers,
  monthFiguresOfPartners,
  putAlertConfig,
  recordErasure,
} from './repo.js';
import { getPartnerBilling } from '../partners/repo.js';
import { endpointStateOf } from '../webhooks/repo.js';
import { erasedPlaceholder, erasurePseudonym } from './erasure.js';
import { checkMailBudget, isVerifiedAlertAddress, sameEmail, sendNotifyEmailVerification } from '../accounts/email-verification.js';

/** What reading usage reads: the meter (flushed first), the database, the clock, the tier rates and the log. */
export type UsageReadDeps = Pick<Deps, 'clock' | 'config' | 'database' | 'log' | 'usage'>;
/** Saving alerts may mail a verification link, then answers the alerts with this month's usage. */
type AlertWriteDeps = UsageReadDeps & Pick<Deps, 'mailer' | 'publicUrl'>;
/** What evaluating the alerts reads: the usage, the mail and the webhook it sends, and the links it writes. */
export type AlertDeps = Pick<Deps, 'clock' | 'config' | 'database' | 'log' | 'mailer' | 'publicUrl' | 'webhooks'>;

/** Price per unique production end-user by tier (USD), when the partner has no rate of its own; other tiers use RATE_PER_USER_USD. */
export const TIER_RATES_USD: Readonly<Record<string, number>> = Object.freeze({ growth: 0.04, scale: 0.03, enterprise: 0.02 });

export interface Caller {
  partnerId: string;
  environment: Environment;
}

export interface EnvUsage {
  calls: number;
  unique_end_users: number;
  estimated_bill_usd: number | null;
}

export function ratePerUser(deps: Pick<Deps, 'config'>, partner: { tier: string; rate_per_user_usd: number | null }): number {
  if (partner.rate_per_user_usd !== null && partner.rate_per_user_usd !== undefined) return Number(partner.rate_per_user_usd);
  return TIER_RATES_USD[partner.tier] ?? deps.config.ratePerUserUsd;
}

/** Bill in integer cents: users × rate, rounded half-up at the cent. */
export function billCents(users: number, rateUsd: number): number {
  return Math.round(Number((users * rateUsd * 100).toPrecision(15)));
}

async function partnerOrThrow(db: Executor, partnerId: string) {
  const p = await getPartnerBilling(db, partnerId);
  if (!p) throw errors.unauthorized('Invalid API key');
  return p;
}

/** Writes what this process has counted so far, so a partner reads its own calls (a failure only leaves them for the next flush). */
export async function flushQuietly(deps: Pick<Deps, 'log' | 'usage'>): Promise<void> {
  try {
    await deps.usage.flush();
  } catch (err) {
    deps.log.warn({ err }, 'usage flush before a read failed');
  }
}

export async function envUsage(db: Executor, partnerId: string, environment: Environment, month: string, rate: number): Promise<EnvUsage & { bill_cents: number | null }> {
  const [calls, users] = await Promise.all([monthCalls(db, partnerId, environment, month), monthEndUsers(db, partnerId, environment, month)]);
  const cents = environment === 'live' ? billCents(users, rate) : null;
  return { calls, unique_end_users: users, estimated_bill_usd: cents === null ? null : fromCents(cents), bill_cents: cents };
}

/** GET /usage: the current UTC month, both environments. */
export async function currentUsage(deps: UsageReadDeps, caller: Caller) {
  await flushQuietly(deps);
  const db = deps.database.db;
  const p = await partnerOrThrow(db, caller.partnerId);
  const rate = ratePerUser(deps, p);
  const month = utcMonth(deps.clock.now());
  const [live, test] = await Promise.all([envUsage(db, p.id, 'live', month, rate), envUsage(db, p.id, 'test', month, rate)]);
  const strip = ({ calls, unique_end_users, estimated_bill_usd }: EnvUsage) => ({ calls, unique_end_users, estimated_bill_usd });
  return { month, partner: p.id, production: strip(live), sandbox: strip(test), rate_per_user_usd: rate };
}

/**
 * GET /usage's figures of the current UTC month for a page of partners (the admin list), from one
 * statement whatever the page's size. Each partner's bill uses its own rate.
 */
export async function currentUsageOfPartners(deps: UsageReadDeps, partners: { id: string; tier: string; rate_per_user_usd: number | null }[]) {
  await flushQuietly(deps);
  const month = utcMonth(deps.clock.now());
  const rows = await monthFiguresOfPartners(deps.database.db, partners.map((p) => p.id), month);
  const byKey = new Map(rows.map((r) => [`${r.partner_id} ${r.environment} ${r.figure}`, r.n]));
  const out = new Map<string, { month: string; partner: string; production: EnvUsage; sandbox: EnvUsage; rate_per_user_usd: number }>();
  for (const p of partners) {
    const figure = (environment: Environment, name: 'calls' | 'users') => byKey.get(`${p.id} ${environment} ${name}`) ?? 0;
    const rate = ratePerUser(deps, p);
    const users = figure('live', 'users');
    out.set(p.id, {
      month,
      partner: p.id,
      production: { calls: figure('live', 'calls'), unique_end_users: users, estimated_bill_usd: fromCents(billCents(users, rate)) },
      sandbox: { calls: figure('test', 'calls'), unique_end_users: figure('test', 'users'), estimated_bill_usd: null },
      rate_per_user_usd: rate,
    });
  }
  return out;
}

/**
 * The portal's view of one environment: this month's figures (as GET /usage) and the calls of
 * each of the last `days` UTC days, today included, oldest first, days without calls as 0.
 */
export async function callHistory(deps: UsageReadDeps, caller: Caller, days: number) {
  await flushQuietly(deps);
  const db = deps.database.db;
  const p = await partnerOrThrow(db, caller.partnerId);
  const rate = ratePerUser(deps, p);
  const now = deps.clock.now();
  const month = utcMonth(now);
  const first = utcDay(now - (days - 1) * DAY_MS);
  const last = utcDay(now);
  const [figures, perDay] = await Promise.all([envUsage(db, p.id, caller.environment, month, rate), dailyCalls(db, p.id, caller.environment, first, last)]);
  const series: { day: string; calls: number }[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const day = utcDay(now - i * DAY_MS);
    series.push({ day, calls: perDay.get(day) ?? 0 });
  }
  return {
    environment: caller.environment,
    month,
    calls: figures.calls,
    unique_end_users: figures.unique_end_users,
    estimated_bill_usd: figures.estimated_bill_usd,
    rate_per_user_usd: rate,
    days: series,
  };
}

export interface AlertBody {
  notify_email?: string | null;
  calls_threshold?: number | null;
  unique_users_threshold?: number | null;
  bill_threshold_usd?: number | null;
}

export const THRESHOLDS = ['calls_threshold', 'unique_users_threshold', 'bill_threshold_usd'] as const;
export type ThresholdName = (typeof THRESHOLDS)[number];

/** GET /usage/alerts: the configuration, the current values and what fired this month. */
export async function getAlerts(deps: UsageReadDeps, caller: Caller) {
  await flushQuietly(deps);
  const db = deps.database.db;
  const p = await partnerOrThrow(db, caller.partnerId);
  const month = utcMonth(deps.clock.now());
  const [cfg, cur, fired] = await Promise.all([
    getAlertConfig(db, caller.partnerId, caller.environment),
    envUsage(db, caller.partnerId, caller.environment, month, ratePerUser(deps, p)),
    firedThisMonth(db, caller.partnerId, caller.environment, month),
  ]);
  const mail = await alertMail(db, p, cfg);
  return {
    environment: caller.environment,
    notify_email: cfg?.notify_email ?? null,
    effective_notify_email: mail.to,
    notify_email_verified: mail.addressVerified,
    mail_delivery: mail.delivery,
    calls_threshold: cfg?.calls_threshold ?? null,
    unique_users_threshold: cfg?.unique_users_threshold ?? null,
    bill_threshold_usd: cfg?.bill_threshold_cents == null ? null : fromCents(Number(cfg.bill_threshold_cents)),
    month,
    current: { calls: cur.calls, unique_end_users: cur.unique_end_users, estimated_bill_usd: cur.estimated_bill_usd },
    fired: fired.map((f) => ({
      threshold: f.threshold as ThresholdName,
      level: f.level as 'warning' | 'reached',
      limit: f.threshold === 'bill_threshold_usd' ? fromCents(Number(f.limit_value)) : Number(f.limit_value),
      value: f.threshold === 'bill_threshold_usd' ? fromCents(Number(f.observed)) : Number(f.observed),
      fired_at: iso(Number(f.fired_at)),
      mail: (f.mail_status ?? null) as 'sent' | 'suppressed' | null,
    })),
    updated_at: cfg ? iso(Number(cfg.updated_at)) : null,
  };
}

/**
 * PUT /usage/alerts: replaces the configuration (a field left out is off). A notify_email that is
 * new for this configuration, is not the account email and was never verified by the partner gets
 * a verification link; alerts are not mailed to it until the link is followed. Over the partner's
 * budget of verification mails, nothing changes (429). While the account email is unverified no
 * link is sent either: an account nobody has proven to own makes the service mail no third party
 * (the link is asked for with the resend operation once the account is verified).
 */
export async function putAlerts(deps: AlertWriteDeps, caller: Caller, body: AlertBody) {
  const now = deps.clock.now();
  const db = deps.database.db;
  const p = await partnerOrThrow(db, caller.partnerId);
  const existing = await getAlertConfig(db, caller.partnerId, caller.environment);
  const address = body.notify_email?.trim() || null;
  const needsLink =
    p.email_verified_at !== null &&
    address !== null &&
    !(existing?.notify_email && sameEmail(existing.notify_email, address)) &&
    !sameEmail(address, p.email) &&
    !(await isVerifiedAlertAddress(db, p.id, address));
  if (needsLink) await checkMailBudget(deps, db, p.id);
  await putAlertConfig(db, {
    partner_id: caller.partnerId,
    environment: caller.environment,
    notify_email: address,
    calls_threshold: body.calls_threshold ?? null,
    unique_users_threshold: body.unique_users_threshold ?? null,
    bill_threshold_cents: body.bill_threshold_usd == null ? null : toCents(body.bill_threshold_usd),
    created_at: existing ? Number(existing.created_at) : now,
    updated_at: now,
  });
  if (needsLink) await sendNotifyEmailVerification(deps, p.id, address);
  return getAlerts(deps, caller);
}

/** POST /usage/alerts/verify-email/resend: a new link for the environment's notify_email (202), or nothing to verify (200). */
export async function resendNotifyEmailVerification(deps: Pick<Deps, 'clock' | 'database' | 'mailer' | 'publicUrl'>, caller: Caller) {
  const db = deps.database.db;
  const p = await partnerOrThrow(db, caller.partnerId);
  const cfg = await getAlertConfig(db, caller.partnerId, caller.environment);
  const address = cfg?.notify_email ?? null;
  if (!address) {
    throw errors.conflict(
      'No notify_email is set for this environment: alerts go to the account email, which is verified from the portal (POST /api/auth/partner/verify-email/resend)',
    );
  }
  if (sameEmail(address, p.email)) {
    const detail =
      p.email_verified_at !== null
        ? 'notify_email is the account email, which is verified'
        : 'notify_email is the account email: it is verified with the account (POST /api/auth/partner/verify-email/resend, partner session)';
    return { sent: false, detail, expires_at: null };
  }
  if (await isVerifiedAlertAddress(db, p.id, address)) return { sent: false, detail: 'notify_email is already verified', expires_at: null };
  if (p.email_verified_at === null) {
    throw errors.conflict(
      'Verify the account email first (the link sent at sign-up, or POST /api/auth/partner/verify-email/resend): until then no mail goes to another address, verification links included',
    );
  }
  await checkMailBudget(deps, db, p.id);
  const { expiresAt } = await sendNotifyEmailVerification(deps, p.id, address);
  return { sent: true, detail: 'A new verification link was sent to notify_email; earlier links for it no longer work', expires_at: iso(expiresAt) };
}

export async function deleteAlerts(deps: Pick<Deps, 'database'>, caller: Caller) {
  const n = await deleteAlertConfig(deps.database.db, caller.partnerId, caller.environment);
  return { deleted: n > 0, environment: caller.environment };
}

function notifyAddress(cfg: Pick<UsageAlertsTable, 'notify_email'> | undefined, p: { email: string; usage_alert_email: string }): string {
  return cfg?.notify_email || p.usage_alert_email || p.email;
}

export type MailDelivery = 'active' | 'notify_email_unverified' | 'account_email_unverified';

/**
 * Where alert mail goes and whether it may: never to an unverified address. The account email
 * counts as verified when the account's is; any other address (notify_email, or the profile's
 * usage_alert_email, which no partner operation writes) only once the partner has verified it.
 * While the account email itself is unverified, no alert mail goes anywhere.
 */
async function alertMail(
  db: Executor,
  p: { id: string; email: string; usage_alert_email: string; email_verified_at: number | null },
  cfg: Pick<UsageAlertsTable, 'notify_email'> | undefined,
): Promise<{ to: string; addressVerified: boolean; delivery: MailDelivery }> {
  const to = notifyAddress(cfg, p);
  const accountVerified = p.email_verified_at !== null;
  const addressVerified = sameEmail(to, p.email) ? accountVerified : await isVerifiedAlertAddress(db, p.id, to);
  const delivery: MailDelivery = !accountVerified ? 'account_email_unverified' : !addressVerified ? 'notify_email_unverified' : 'active';
  return { to, addressVerified, delivery };
}

const LABEL: Record<ThresholdName, string> = {
  calls_threshold: 'API calls',
  unique_users_threshold: 'unique end-users',
  bill_threshold_usd: 'estimated bill (USD)',
};

interface Crossing {
  threshold: ThresholdName;
  level: 'warning' | 'reached';
  limit: number;
  observed: number;
}

/** The levels crossed by one value: reached at 100 %, warning at 80 % (integer arithmetic). */
function crossings(threshold: ThresholdName, limit: number | null, observed: number): Crossing[] {
  if (limit === null || limit <= 0) return [];
  const out: Crossing[] = [];
  if (observed >= limit) out.push({ threshold, level: 'reached', limit, observed });
  if (observed * 5 >= limit * 4) out.push({ threshold, level: 'warning', limit, observed });
  return out;
}

function show(threshold: ThresholdName, v: number): string {
  return threshold === 'bill_threshold_usd' ? `$${fromCents(v).toFixed(2)}` : String(v);
}

/**
 * Evaluates the alert configurations whose usage or configuration changed at or
 * after `since` (every configuration when null). Each threshold level fires once
 * per UTC month: the fired row's primary key decides which process notifies, and
 * the webhook event is written in the same transaction (outbox). A jump straight
 * past 100 % records the warning too but notifies once (reached). The mail goes
 * only to a verified address (alertMail); otherwise it is recorded as suppressed.
 * Returns the mails sent (`notified`) and those suppressed.
 */
export async function evaluateAlerts(deps: AlertDeps, since: number | null = null): Promise<{ evaluated: number; notified: number; suppressed: number }> {
  const db = deps.database.db;
  const configs = await alertsToEvaluate(db, since);
  let notified = 0;
  let suppressed = 0;
  for (const cfg of configs) {
    const now = deps.clock.now();
    const month = utcMonth(now);
    const p = await getPartnerBilling(db, cfg.partner_id);
    if (!p) continue;
    const cur = await envUsage(db, cfg.partner_id, cfg.environment, month, ratePerUser(deps, p));
    const all = [
      ...crossings('calls_threshold', cfg.calls_threshold === null ? null : Number(cfg.calls_threshold), cur.calls),
      ...crossings('unique_users_threshold', cfg.unique_users_threshold === null ? null : Number(cfg.unique_users_threshold), cur.unique_end_users),
      ...(cur.bill_cents === null ? [] : crossings('bill_threshold_usd', cfg.bill_threshold_cents === null ? null : Number(cfg.bill_threshold_cents), cur.bill_cents)),
    ];
    if (all.length === 0) continue;
    const mail = await alertMail(db, p, cfg);
    const mailStatus = mail.delivery === 'active' ? 'sent' : 'suppressed';
    const toNotify: Crossing[] = await deps.database.tx(async (trx) => {
      const sent: Crossing[] = [];
      const reachedNow = new Set<string>();
      for (const c of all) {
        const superseded = c.level === 'warning' && reachedNow.has(c.threshold);
        const wrote = await insertFired(trx, {
          partner_id: cfg.partner_id,
          environment: cfg.environment,
          month,
          threshold: c.threshold,
          level: c.level,
          limit_value: c.limit,
          observed: c.observed,
          fired_at: now,
          notified: superseded ? 0 : 1,
          mail_status: superseded ? null : mailStatus,
        });
        if (!wrote) continue;
        if (c.level === 'reached') reachedNow.add(c.threshold);
        if (superseded) continue;
        sent.push(c);
        const endpoint = await endpointStateOf(trx, cfg.partner_id, cfg.environment);
        if (endpoint) {
          await enqueueEvent(deps, trx, {
            partnerId: cfg.partner_id,
            environment: cfg.environment,
            type: 'usage.threshold_reached',
            data: {
              threshold: c.threshold,
              level: c.level,
              limit: c.threshold === 'bill_threshold_usd' ? fromCents(c.limit) : c.limit,
              value: c.threshold === 'bill_threshold_usd' ? fromCents(c.observed) : c.observed,
              percent: Math.floor((c.observed * 100) / c.limit),
              month,
              environment: cfg.environment,
            },
            orderingKey: null,
            now,
          });
        }
      }
      return sent;
    });
    if (mail.delivery !== 'active') {
      // Recorded on the fired rows (mail_status) and answered by GET /usage/alerts; the webhook event still went.
      if (toNotify.length > 0) {
        suppressed += toNotify.length;
        deps.log.info({ partner: cfg.partner_id, environment: cfg.environment, reason: mail.delivery, alerts: toNotify.length }, 'usage alert mail suppressed: address not verified');
      }
      continue;
    }
    for (const c of toNotify) {
      const env = cfg.environment === 'live' ? 'production' : 'sandbox';
      const what = c.level === 'reached' ? 'reached' : 'is at 80% of';
      const pct = Math.floor((c.observed * 100) / c.limit);
      // Only the platform speaks in the subject and the opening lines; the company name, which the
      // partner chose, appears once as quoted data.
      await deps.mailer.send({
        kind: 'usage_alert',
        to: mail.to,
        subject: `Usage alert (${env}): ${LABEL[c.threshold]} ${what} your threshold for ${month}`,
        text: [
          `Usage alert: ${env} usage for ${month} (UTC) ${what} a threshold set on your partner account.`,
          '',
          `  ${LABEL[c.threshold]}: ${show(c.threshold, c.observed)} of ${show(c.threshold, c.limit)} (${pct}%)`,
          '',
          `Thresholds are set with PUT ${deps.publicUrl.base}/api/v1/usage/alerts; each one notifies once per month at 80% and at 100%.`,
          '',
          `Partner: ${p.id}`,
          `Account name: ${quoted(p.company)}`,
        ].join('\n'),
      });
      notified++;
    }
  }
  return { evaluated: configs.length, notified, suppressed };
}

/**
 * Registers the usage erasers. `usage_end_users`: the end-user's id leaves the unique-user table
 * (the count, billing data, stays as a placeholder), and the erasure is remembered, whatever the
 * erasure answers, so that a count still pending in any process's meter is written as the
 * placeholder too. It holds the (partner, environment) usage lock, so a flush in flight elsewhere
 * either committed before (its rows are anonymised here) or sees the erasure (it writes the
 * placeholder). `usage_end_users_pending`: the months this process's meter still held the id in,
 * taken under that lock (registered after it): a count waiting to be written is stored data too,
 * and it is kept as the placeholder from here on.
 */
export function registerUsageEraser(deps: Pick<Deps, 'clock' | 'database' | 'erasers' | 'secrets' | 'usage'>): void {
  deps.erasers.set('usage_end_users', async (trx, partnerId, environment, endUserId) => {
    await lockUsage(trx, deps.database, partnerId, environment);
    await recordErasure(trx, partnerId, environment, erasurePseudonym(deps, partnerId, environment, endUserId), deps.clock.now());
    return anonymiseEndUser(trx, partnerId, environment, endUserId, (month) => erasedPlaceholder(deps, partnerId, environment, month, endUserId));
  });
  deps.erasers.set('usage_end_users_pending', async (_trx, partnerId, environment, endUserId) => deps.usage.erasePending(partnerId, environment, endUserId));
}
