/**
 * The environment a portal operation acts in. The key + secret operations take it from the key; the
 * portal names it in the `environment` query parameter. Default: the environment of the key that opened
 * the session, else `live` (as GET /api/partners/me/usage). A session opened with a key acts only in
 * that key's environment (403 environment_mismatch for the other one), and a live write of an account
 * without production access is refused as the API-key guard refuses a live key (403 production_not_enabled).
 */
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Environment } from '../../db/schema/index.js';
import { sessionEnvironment } from '../../http/auth.js';
import { errors } from '../../http/errors.js';

export const EnvironmentParam = Type.Optional(
  Type.Enum(['test', 'live'], {
    description:
      "test: the sandbox data of the test key; live: production. Default: the environment of the key that opened the session, else live. A session opened with an API key acts only in that key's environment (the other one is 403).",
  }),
);

export const EnvironmentQuery = Type.Object({ environment: EnvironmentParam });

export interface Caller {
  partnerId: string;
  environment: Environment;
}

/** Whom a read acts for: the signed-in partner in the asked (or default) environment. */
export function reader(request: FastifyRequest, asked: Environment | undefined): Caller {
  return { partnerId: request.partner.id, environment: sessionEnvironment(request.session, asked) };
}

/** As `reader`, and a live write needs production access, as it does with the live key. */
export function writer(request: FastifyRequest, asked: Environment | undefined): Caller {
  const caller = reader(request, asked);
  if (caller.environment === 'live' && request.partner.activated_at === null) throw errors.productionNotEnabled();
  return caller;
}
