/**
 * The webhook event stream (GET /api/v1/webhooks/stream): the test environment's events as Server-Sent
 * Events, for a developer's laptop (`svc listen --forward-to …`). Each event is sent as
 *   id: <event id>
 *   event: <event type>
 *   data: {"payload": "<the body exactly as delivered>", "headers": {<the headers the endpoint would receive>}}
 * The headers carry the signatures made with the environment's signing secret(s) when a webhook is configured
 * (none without one: nothing to sign with). Events come from the outbox (webhook_events), which holds every event
 * whether or not an endpoint takes it, so a stream works without a configuration, and a reconnection with
 * Last-Event-ID replays the events written after that one (as long as they are kept: WEBHOOK_RETENTION_DAYS).
 *
 * A stream reads new events every WEBHOOK_STREAM_POLL_MS (those written by any process) and at once when this
 * process writes one (the outbox signal); on the same beat it checks that its key still resolves and its ingest
 * secret still holds: a key rotated away or a secret replaced (the auth invalidation path, broadcast to every
 * process) ends it. One key holds at most WEBHOOK_STREAMS_PER_KEY streams per process (StreamRegistry).
 */
import type { Deps } from '../../context.js';
import { errors } from '../../http/errors.js';
import { safeEqual, sha256Hex } from '../../lib/crypto.js';
import { deliveryHeaders } from './delivery.js';
import { eventsFrom, getEndpoint, getEvent } from './repo.js';
import type { StreamHolder } from './stream-registry.js';
import { signingSecrets } from './worker.js';

/** Where a stream writes (the route's raw response). */
export interface StreamSink {
  write(chunk: string): void;
  end(): void;
}

/** The streams of this process, per key; closed with the process (deps.webhooks.close()). */
export interface StreamRequest {
  partnerId: string;
  keyId: string;
  environment: 'test' | 'live';
  /** The key and ingest secret as presented (checked again on every beat). */
  presentedKey: string;
  presentedSecret: string;
  lastEventId: string | null;
}

/** How far back each read looks again, for events committed late by another process (ids are time-sortable, commits are not ordered). */
const LATE_COMMIT_MS = 2000;
const PAGE = 200;

function frame(id: string, type: string, data: string): string {
  return `id: ${id}\nevent: ${type}\ndata: ${data}\n\n`;
}

/**
 * Checks a stream may open (test key, a free slot, a known Last-Event-ID) and answers the function that runs
 * it once the route has started the answer; throws the refusal (403 environment_mismatch, 429 too_many_streams).
 */
export async function openStream(deps: Pick<Deps, 'auth' | 'clock' | 'config' | 'database' | 'log' | 'secrets' | 'webhooks'>, req: StreamRequest): Promise<(sink: StreamSink, onClosed: (cb: () => void) => void) => void> {
  if (req.environment !== 'test') {
    throw errors.environmentMismatch('The webhook event stream carries test events only: open it with a test key (sk_test_…)');
  }
  const registry = deps.webhooks.streams;
  const max = deps.config.webhookStreamsPerKey;
  let floor: [number, string] = [deps.clock.now(), ''];
  let notice: string | null = null;
  if (req.lastEventId) {
    const last = await getEvent(deps.database.db, req.partnerId, 'test', req.lastEventId);
    if (last) floor = [Number(last.created_at), last.id];
    else notice = `: Last-Event-ID ${req.lastEventId.slice(0, 64).replace(/[^\w-]/g, '?')} is not known (pruned, or another partner's): streaming from now\n\n`;
  }
  let stopped = false;
  const holder: StreamHolder = { stop: () => {} };
  if (!registry.take(req.keyId, max, holder)) {
    throw errors.tooManyStreams(`This key already holds ${max} webhook event streams on this server: close one before opening another`);
  }

  return (sink, onClosed) => {
    const sent = new Map<string, number>();
    let cursorAt = floor[0];
    let timer: NodeJS.Timeout | null = null;
    let reading = false;
    let again = false;
    const wake = () => void tick();
    const heartbeat = setInterval(() => sink.write(': heartbeat\n\n'), deps.config.webhookStreamHeartbeatMs);
    const stop = (reason?: string) => {
      if (stopped) return;
      stopped = true;
      clearInterval(heartbeat);
      if (timer) clearTimeout(timer);
      deps.webhooks.outbox.off('enqueued', wake);
      registry.release(req.keyId, holder);
      if (reason) sink.write(`event: stream.closed\ndata: ${JSON.stringify({ reason })}\n\n`);
      sink.end();
    };
    holder.stop = () => stop('server_closing');

    async function stillAllowed(): Promise<string | null> {
      const key = await deps.auth.resolve(req.presentedKey, deps.clock.now());
      if (!key || key.keyId !== req.keyId) return 'key_revoked';
      if (!key.partner.active) return 'partner_suspended';
      const p = key.partner;
      const hash = sha256Hex(req.presentedSecret);
      const now = deps.clock.now();
      const overlap = p.ingest_secret_previous_hash !== null && p.ingest_secret_previous_valid_until !== null && now < p.ingest_secret_previous_valid_until;
      if (!safeEqual(hash, p.ingest_secret_hash) && !(overlap && safeEqual(hash, p.ingest_secret_previous_hash ?? ''))) return 'ingest_secret_rotated';
      return null;
    }

    async function tick(): Promise<void> {
      if (stopped) return;
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        do {
          again = false;
          const refused = await stillAllowed();
          if (refused) return stop(refused);
          await sendNew();
        } while (again && !stopped);
      } catch (err) {
        deps.log.warn({ err }, 'webhook event stream: reading events failed; trying again at the next beat');
      } finally {
        reading = false;
        if (!stopped) {
          if (timer) clearTimeout(timer);
          timer = setTimeout(wake, deps.config.webhookStreamPollMs);
        }
      }
    }

    async function sendNew(): Promise<void> {
      let from = Math.max(floor[0], cursorAt - LATE_COMMIT_MS);
      let secrets: string[] | undefined;
      for (;;) {
        const rows = await eventsFrom(deps.database.db, req.partnerId, 'test', from, PAGE);
        for (const r of rows) {
          const at = Number(r.created_at);
          if (at < floor[0] || (at === floor[0] && r.id <= floor[1]) || sent.has(r.id)) continue;
          if (secrets === undefined) {
            const ep = await getEndpoint(deps.database.db, req.partnerId, 'test');
            secrets = ep ? signingSecrets(deps, ep, deps.clock.now()) : [];
          }
          const headers = deliveryHeaders({ eventId: r.id, eventType: r.type, body: r.payload, attempt: 1, secrets, now: deps.clock.now() });
          sink.write(frame(r.id, r.type, JSON.stringify({ payload: r.payload, headers })));
          sent.set(r.id, at);
          cursorAt = Math.max(cursorAt, at);
          if (stopped) return;
        }
        if (rows.length < PAGE) break;
        from = Number(rows[rows.length - 1].created_at);
      }
      // Forget what is now out of the window read again.
      for (const [id, at] of sent) if (at < cursorAt - LATE_COMMIT_MS - 1) sent.delete(id);
    }

    onClosed(() => stop());
    deps.webhooks.outbox.on('enqueued', wake);
    sink.write(`retry: 2000\n${notice ?? ''}: connected\n\n`);
    void tick();
  };
}
