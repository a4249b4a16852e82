/** PUT /api/v1/keys, DELETE /api/v1/keys/{environment}: paste or blank a key slot (also under /v1). */
import { requireSessionEnvironment } from '../../http/auth.js';
import { errors } from '../../http/errors.js';
import { errorResponses, security } from '../../http/schemas.js';
import { iso } from '../../lib/time.js';
import * as keys from '../../areas/api-keys/service.js';
import * as S from '../../areas/accounts/schemas.js';
import { partnerActor } from '../actors.js';
import { typed, type Routes } from '../scope.js';
import type { V1Options } from '../v1-alias.js';

const PORTAL_TAG = ['portal'];

export const keyRoutes: Routes<V1Options> = async (app, { deps, v1 }) => {
  const r = typed(app);

  r.put(
    v1('/api/v1/keys'),
    {
      schema: {
        operationId: 'pasteKey',
        tags: PORTAL_TAG,
        summary: 'Paste a key (signed-in partner): it authenticates at once and replaces the slot',
        description:
          "409 when the value is your other slot's key, or cannot be used (another account holds it: which one is never said). " +
          'A refused value counts against the client address\'s failed-credential budget, as a wrong API key does: past it, ' +
          '429 `too_many_failed_credentials` with Retry-After, before the value is looked at.',
        security: security.partnerSession,
        body: S.KeyPasteBody,
        response: { 200: S.KeyPasteResponse, ...errorResponses(401, 403, 409, 413, 422, 429) },
      },
    },
    async (request) => {
      const env = request.body.environment ?? keys.environmentOf(request.body.key);
      if (!env) {
        throw errors.invalid(['body', 'environment'], 'Field required: the key has no svc_test_/svc_live_ prefix, so name its environment', null, 'missing');
      }
      requireSessionEnvironment(request.session, env);
      const { slot, savedAt } = await keys.pasteKey(deps, partnerActor(request), request.partner.id, env, request.body.key, 'portal-paste', request.ip);
      return { environment: env, key_masked: slot.masked ?? '', saved_at: iso(savedAt), source: slot.source };
    },
  );

  r.delete(
    v1('/api/v1/keys/:environment'),
    {
      schema: {
        operationId: 'clearKey',
        tags: PORTAL_TAG,
        summary: 'Blank a key slot (the record is kept); the key stops working at once',
        description: "403 when the session was opened with the other environment's API key.",
        security: security.partnerSession,
        params: S.EnvironmentPath,
        response: { 200: S.KeyClearResponse, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      requireSessionEnvironment(request.session, request.params.environment);
      return keys.clearKey(deps, partnerActor(request), request.partner.id, request.params.environment);
    },
  );
};
