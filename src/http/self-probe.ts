/**
 * How a process probes its own partner API: a real request through its own HTTP application
 * (`app.inject`: routing, the API-key guard, the key's rate limit, body validation, the handler and
 * the answer's serialization; everything but the socket), authenticated by a credential of the
 * process's own.
 *
 * The credential is made of 32 random bytes when the process starts, held in memory only (never
 * stored, sent over a network or logged), and accepted by the API-key guard only on a route that
 * allows it (`config: { selfProbe: true }`: calculate alone, which stores nothing). It stands for a
 * principal of its own (`self_probe`, never a partner's id): rate limited in a bucket of its own,
 * never metered (no call, no end-user), so no partner's usage, bill or limit moves.
 *
 * The application is attached by buildApp and detached when it starts closing: a process that
 * serves no API (the standalone worker) or is stopping has nothing to probe.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { safeEqual } from '../lib/crypto.js';
import type { AuthedPartner } from './auth-cache.js';

/** The principal's id: its partner id, key id and rate-limit bucket (real ones are `ptr_…` and `key_…`). */
export const SELF_PROBE_ID = 'self_probe';
const PREFIX = 'svc_probe_';

export const SELF_PROBE_PARTNER: Readonly<AuthedPartner> = Object.freeze({
  id: SELF_PROBE_ID,
  name: 'Status probe',
  email: '',
  company: 'Status probe',
  tier: 'internal',
  active: true,
  activated_at: null,
  rate_limit_per_second: null,
  ingest_secret_hash: '',
  ingest_secret_previous_hash: null,
  ingest_secret_previous_valid_until: null,
});

export class SelfProbe {
  /** The process's probe credential (an API key's form, so it travels like one). */
  readonly credential = PREFIX + randomBytes(32).toString('base64url');
  private app: FastifyInstance | null = null;

  /** Whether `presented` is this process's probe credential (constant time once the prefix matches). */
  accepts(presented: string): boolean {
    return presented.startsWith(PREFIX) && safeEqual(presented, this.credential);
  }

  /** buildApp attaches the application the probe goes through; its preClose hook detaches it. */
  attach(app: FastifyInstance): void {
    this.app = app;
  }

  detach(app: FastifyInstance): void {
    if (this.app === app) this.app = null;
  }

  /** Whether this process serves an API it can probe now. */
  get serving(): boolean {
    return this.app !== null;
  }

  /** Sends `request` through the attached application with the probe credential; null when none is attached. */
  inject(request: Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> }): Promise<LightMyRequestResponse> | null {
    if (!this.app) return null;
    return this.app.inject({ ...request, headers: { ...request.headers, 'x-api-key': this.credential } });
  }
}
