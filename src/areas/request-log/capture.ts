/**
 * The hooks that record partner-API requests in the searchable request log: added to the API-key scope
 * (src/routes/partner-api/index.ts) and to the portal's session forms of partner operations
 * (src/routes/portal/index.ts). They only queue a row for deps.requestLog once the answer is sent: nothing here
 * touches the database, waits or throws into a request.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../context.js';
import type { Environment } from '../../db/schema/index.js';
import type { AuthedPartner } from '../../http/auth-cache.js';
import { endUserValues, maskValues } from '../../http/request-log.js';
import { SELF_PROBE_ID } from '../../http/self-probe.js';
import { newId } from '../../lib/ids.js';

/** A 4xx/5xx `detail` is kept up to this many characters. */
export const DETAIL_MAX = 500;
export const USER_AGENT_MAX = 200;
/** An error body larger than this is not read for its code and detail (the service's own are far smaller). */
const ERROR_BODY_MAX = 64 * 1024;

/**
 * The code and detail of an error answer as the log keeps them: every end-user value the request named masked
 * (a detail may echo one, as `input` or in its text) before the detail is cut, so no part of one is kept either.
 */
function readError(payload: string, request: FastifyRequest): { code: string | null; detail: string | null } | null {
  try {
    const body = JSON.parse(payload) as { code?: unknown; detail?: unknown };
    if (body === null || typeof body !== 'object') return null;
    const code = typeof body.code === 'string' ? body.code.slice(0, 100) : null;
    const raw = body.detail === undefined ? null : typeof body.detail === 'string' ? body.detail : JSON.stringify(body.detail);
    return { code, detail: raw === null ? null : maskValues(raw, endUserValues(request)).slice(0, DETAIL_MAX) };
  } catch {
    return null;
  }
}

function sessionEnvironmentOf(request: FastifyRequest): Environment {
  const asked = (request.query as { environment?: unknown } | undefined)?.environment;
  if (asked === 'test' || asked === 'live') return asked;
  return request.session?.keyEnvironment ?? 'live';
}

/** Adds the recording hooks to `app` (a scope): `credential` says how its requests are authenticated. */
export function requestLogHooks(app: FastifyInstance, deps: Pick<Deps, 'requestLog' | 'clock' | 'log'>, credential: 'api_key' | 'session'): void {
  const writer = deps.requestLog;
  if (!writer.enabled) return;

  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
    if (reply.statusCode >= 400 && typeof payload === 'string' && payload.length <= ERROR_BODY_MAX) request.answeredError = readError(payload, request);
    done(null, payload);
  });

  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    try {
      const partner = request.partner as AuthedPartner | undefined;
      // Before a credential named a partner (401, a suspended account) there is nobody's log to write to.
      if (partner === undefined || partner === null) return done();
      if (credential === 'api_key' && request.apiKeyId === SELF_PROBE_ID) return done();
      const at = deps.clock.now();
      const ua = request.headers['user-agent'];
      const err = reply.statusCode >= 400 ? request.answeredError : null;
      writer.record({
        id: newId('rql', at),
        at,
        partner_id: partner.id,
        environment: credential === 'api_key' ? request.environment : sessionEnvironmentOf(request),
        credential,
        key_id: credential === 'api_key' ? request.apiKeyId : null,
        request_id: request.id,
        // The client's own X-Request-Id tells nothing of when it was made: that row is also kept one by one.
        chosen_request_id: request.headers['x-request-id'] === request.id,
        method: request.method,
        route: request.routeOptions.url ?? '',
        path: request.loggedUrl || '',
        status: reply.statusCode,
        status_class: Math.floor(reply.statusCode / 100),
        error_code: err?.code ?? null,
        error_detail: err?.detail ?? null,
        duration_us: Math.round(reply.elapsedTime * 1000),
        client_ip: request.ip ?? null,
        user_agent: typeof ua === 'string' ? ua.slice(0, USER_AGENT_MAX) : null,
      });
    } catch (err) {
      // The log never fails a request: the answer is already sent, and the next one tries again.
      deps.log.warn({ err: { message: (err as Error)?.message } }, 'request log row not recorded');
    }
    done();
  });
}
