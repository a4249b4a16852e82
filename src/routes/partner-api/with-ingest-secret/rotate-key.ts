/** POST /api/v1/key/rotate (key + ingest secret, so a leaked key alone cannot rotate; also under /v1). */
import { errorResponses, security } from '../../../http/schemas.js';
import * as keys from '../../../areas/api-keys/service.js';
import * as S from '../../../areas/accounts/schemas.js';
import { partnerActor } from '../../actors.js';
import { typed, type Routes } from '../../scope.js';
import type { V1Options } from '../../v1-alias.js';

export const rotateKeyRoutes: Routes<V1Options> = async (app, { deps, v1 }) => {
  const r = typed(app);
  r.post(
    v1('/api/v1/key/rotate'),
    {
      config: { noStore: true },
      schema: {
        operationId: 'rotateKey',
        tags: ['partner'],
        summary: 'Rotate a key: a new key is returned once; the old one fails on the very next request, or after an overlap',
        description:
          'Needs the partner key and X-Service-Ingest-Secret, so a leaked key alone cannot rotate. key_type sandbox = the test slot, production = the live slot. ' +
          'A key acts only in its own environment: a test key rotates the sandbox key, a live key the production key; the other is 403 (nothing changed). ' +
          'With overlap_seconds (up to 604800, 7 days) the old key keeps working beside the new one, as the same slot, until previous_expires_at; ' +
          'a rotation during an overlap ends the earlier one at once. POST /api/partners/me/api-keys/{environment}/expire-previous ends an overlap early.',
        security: security.keyAndSecret,
        body: S.KeyRotateBody,
        response: { 200: S.KeyRotateResponse, ...errorResponses(401, 403, 413, 422, 429) },
      },
    },
    async (request) => keys.rotateKey(deps, partnerActor(request), request.partner.id, request.body.key_type, request.environment, request.body.overlap_seconds ?? 0),
  );
};
