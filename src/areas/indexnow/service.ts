/**
 * IndexNow (https://www.indexnow.org/documentation): tells search engines which
 * public URLs changed. The key is served at `/{key}.txt`; a submission is one
 * POST of `{host, key, keyLocation, urlList}` (at most 10,000 URLs) to the
 * configured endpoint. Every submission is recorded with its outcome.
 */
import type { Deps } from '../../context.js';
import { writeAudit } from '../audit/repo.js';
import { errors } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { iso } from '../../lib/time.js';
import * as repo from './repo.js';

export const INDEXNOW_MAX_URLS = 10_000;
const KEY_RE = /^[A-Za-z0-9-]{8,128}$/;
const TIMEOUT_MS = 10_000;

/** The configured key when it is a valid IndexNow key (8-128 of a-z, A-Z, 0-9, '-'). */
export function indexNowKey(deps: Pick<Deps, 'config'>): string | null {
  const k = deps.config.indexNowKey;
  return k && KEY_RE.test(k) ? k : null;
}

export function siteHost(deps: Pick<Deps, 'publicUrl'>): string {
  return new URL(deps.publicUrl.base).host;
}

export function keyLocation(deps: Pick<Deps, 'publicUrl'>, key: string): string {
  return `${deps.publicUrl.base}/${key}.txt`;
}

function submissionOut(r: { id: string; at: number; url_count: number; status_code: number | null; ok: number; error: string | null; duration_ms: number }) {
  return { id: r.id, at: iso(r.at), url_count: r.url_count, status_code: r.status_code, ok: Number(r.ok) === 1, error: r.error, duration_ms: r.duration_ms };
}

export async function indexNowStatus(deps: Pick<Deps, 'config' | 'database' | 'publicUrl'>, sitemapUrls: number) {
  const key = indexNowKey(deps);
  const [recent, totals] = await Promise.all([repo.recentSubmissions(deps.database.db, 10), repo.submissionTotals(deps.database.db)]);
  return {
    configured: key !== null,
    endpoint: deps.config.indexNowEndpoint,
    host: siteHost(deps),
    key_location: key ? keyLocation(deps, key) : null,
    sitemap_urls: sitemapUrls,
    submissions: Number(totals?.n ?? 0),
    urls_submitted: Number(totals?.urls ?? 0),
    last_submission: recent[0] ? submissionOut(recent[0]) : null,
    recent: recent.map(submissionOut),
  };
}

/** Every URL must be an absolute http(s) URL of this service's host (the protocol rejects others). */
export function checkUrls(deps: Pick<Deps, 'publicUrl'>, urls: string[]): string[] {
  const host = siteHost(deps);
  const out: string[] = [];
  urls.forEach((raw, i) => {
    let u: URL;
    try {
      u = new URL(raw);
    } catch {
      throw errors.invalid(['body', 'urls', i], 'Input should be a valid absolute URL', raw, 'url_parsing');
    }
    if ((u.protocol !== 'https:' && u.protocol !== 'http:') || u.host !== host) {
      throw errors.invalid(['body', 'urls', i], `URL must be on this host (${host})`, raw, 'value_error');
    }
    u.hash = '';
    out.push(u.toString());
  });
  return [...new Set(out)];
}

/**
 * Sends one batch. 200/202 from the endpoint → ok. Anything else (4xx/5xx, network
 * error, timeout) is recorded and answered as 502 with the endpoint's status.
 */
export async function submitUrls(deps: Pick<Deps, 'clock' | 'config' | 'database' | 'publicUrl'>, adminId: string, urls: string[], source: 'submit' | 'sitemap') {
  const key = indexNowKey(deps);
  if (!key) throw errors.notConfigured('IndexNow is not configured: set INDEXNOW_KEY (8-128 characters: letters, digits, -)');
  if (urls.length === 0) throw errors.badRequest('No URLs to submit');
  if (urls.length > INDEXNOW_MAX_URLS) throw errors.badRequest(`IndexNow accepts at most ${INDEXNOW_MAX_URLS} URLs per submission`);
  const host = siteHost(deps);
  const body = { host, key, keyLocation: keyLocation(deps, key), urlList: urls };
  const endpoint = deps.config.indexNowEndpoint;
  const started = performance.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    statusCode = res.status;
    const text = await res.text().catch(() => '');
    if (res.status !== 200 && res.status !== 202) error = `endpoint answered ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`;
  } catch (err) {
    const e = err as Error;
    error = e.name === 'TimeoutError' ? `no answer within ${TIMEOUT_MS / 1000} s` : `request failed: ${e.message}`.slice(0, 300);
  }
  const duration = Math.round(performance.now() - started);
  const now = deps.clock.now();
  const id = newId('inx', now);
  await deps.database.tx(async (trx) => {
    await repo.insertSubmission(trx, {
      id,
      at: now,
      endpoint,
      url_count: urls.length,
      urls: JSON.stringify(urls),
      status_code: statusCode,
      ok: error ? 0 : 1,
      error,
      duration_ms: duration,
    });
    await writeAudit(trx, {
      at: now,
      actorType: 'admin',
      actorId: adminId,
      action: source === 'sitemap' ? 'indexnow.submitted_sitemap' : 'indexnow.submitted',
      targetType: 'indexnow_submission',
      targetId: id,
      details: { urls: urls.length, status_code: statusCode, ok: !error },
    });
  });
  if (error) {
    throw errors.upstreamFailed(`IndexNow submission failed: ${error}`, { submission_id: id, status_code: statusCode });
  }
  return { submission_id: id, submitted: urls.length, ok: true, status_code: statusCode, endpoint, host, key_location: body.keyLocation };
}
