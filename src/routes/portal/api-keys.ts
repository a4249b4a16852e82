/** The signed-in partner's key slots: /api/partners/me/api-keys[/{environment}[/rotate|/expire-previous]]. */
import { requireSessionEnvironment, sessionCovers } from '../../http/auth.js';
import { errorResponses, security } from '../../http/schemas.js';
import * as keys from '../../areas/api-keys/service.js';
import * as S from '../../areas/accounts/schemas.js';
import { partnerActor } from '../actors.js';
import { typed, type Routes } from '../scope.js';

const PORTAL_TAG = ['portal'];

export const apiKeyRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);

  r.get(
    '/api/partners/me/api-keys',
    {
      config: { noStore: true },
      schema: {
        operationId: 'listMyApiKeys',
        tags: PORTAL_TAG,
        summary: "The signed-in partner's API keys (values included)",
        description:
          'One entry per environment slot that holds a key; a cleared slot is left out until a key is pasted or generated. ' +
          "A session opened with an API key sees the other environment's key masked only (in `key` and `masked`).",
        security: security.partnerSession,
        response: { 200: S.ApiKeyList, ...errorResponses(401, 403) },
      },
    },
    async (request) => keys.listApiKeys(deps, request.partner.id, (env) => sessionCovers(request.session, env)),
  );

  r.put(
    '/api/partners/me/api-keys/:environment',
    {
      config: { noStore: true },
      schema: {
        operationId: 'pasteMyApiKey',
        tags: PORTAL_TAG,
        summary: 'Paste a key into a slot (replaces the previous key at once)',
        description:
          'The key authenticates from the next request; the previous key of that slot stops working. 409 when the value is in use in another slot (nothing changed; ' +
          "another account's is only said to be unusable, and counts against the client address's failed-credential budget like a wrong API key: past it, 429). " +
          "403 when the session was opened with the other environment's API key.",
        security: security.partnerSession,
        params: S.EnvironmentPath,
        body: S.ApiKeyUpdate,
        response: { 200: S.ApiKeyOut, ...errorResponses(401, 403, 409, 413, 422, 429) },
      },
    },
    async (request) => {
      const env = request.params.environment;
      requireSessionEnvironment(request.session, env);
      const { slot } = await keys.pasteKey(deps, partnerActor(request), request.partner.id, env, request.body.key, 'portal-paste', request.ip);
      return keys.apiKeyOut(deps, slot);
    },
  );

  r.post(
    '/api/partners/me/api-keys/:environment/rotate',
    {
      config: { noStore: true, bodyOptional: true },
      schema: {
        operationId: 'rotateMyApiKey',
        tags: PORTAL_TAG,
        summary: 'Replace the key of a slot with a newly generated one (returned once here)',
        description:
          'The previous key of that slot stops working on the next request, on every process, or with overlap_seconds (up to 604800, 7 days) ' +
          'keeps working beside the new one, as the same slot, until `previous_expires_at` (the sessions opened with it end then). ' +
          'A rotation during an overlap ends the earlier one at once. Works on a blank slot too (it gets a key; nothing overlaps). ' +
          "403 when the session was opened with the other environment's API key.",
        security: security.partnerSession,
        params: S.EnvironmentPath,
        body: S.SlotRollBody,
        response: { 200: S.ApiKeyOut, ...errorResponses(401, 403, 413, 422) },
      },
    },
    async (request) => {
      const env = request.params.environment;
      requireSessionEnvironment(request.session, env);
      return keys.rotateSlot(deps, partnerActor(request), request.partner.id, env, request.body.overlap_seconds ?? 0);
    },
  );

  r.post(
    '/api/partners/me/api-keys/:environment/expire-previous',
    {
      config: { noStore: true },
      schema: {
        operationId: 'expireMyPreviousApiKey',
        tags: PORTAL_TAG,
        summary: "End a rotation's overlap now: the key it replaced stops working at once",
        description:
          'The key the slot\'s last rotation kept working (`previous_expires_at`) stops on the next request, on every process, and the sessions opened ' +
          'with it end. Answered as the slot, `previous_expires_at` null; without an overlap running nothing changes. 404 when the slot holds no key. ' +
          "403 when the session was opened with the other environment's API key.",
        security: security.partnerSession,
        params: S.EnvironmentPath,
        response: { 200: S.ApiKeyOut, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const env = request.params.environment;
      requireSessionEnvironment(request.session, env);
      return keys.expirePreviousKey(deps, partnerActor(request), request.partner.id, env);
    },
  );
};
