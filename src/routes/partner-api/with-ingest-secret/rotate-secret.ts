/** POST /api/v1/secrets/rotate (live key + the current ingest secret; also under /v1). */
import { errorResponses, security } from '../../../http/schemas.js';
import { rotateIngestSecretByKey } from '../../../areas/partners/ingest-secret.js';
import * as S from '../../../areas/partners/schemas.js';
import { partnerActor } from '../../actors.js';
import { typed, type Routes } from '../../scope.js';
import type { V1Options } from '../../v1-alias.js';

export const rotateSecretRoutes: Routes<V1Options> = async (app, { deps, v1 }) => {
  const r = typed(app);
  r.post(
    v1('/api/v1/secrets/rotate'),
    {
      config: { noStore: true, bodyOptional: true },
      schema: {
        operationId: 'rotateIngestSecret',
        tags: ['partner'],
        summary: 'Rotate the ingest secret: the new secret is in the answer; the previous one stops at once or after grace_hours',
        description:
          'Needs the live key and X-Service-Ingest-Secret (the current secret, or the previous one during an overlap). ' +
          'A test key is 403: the secret also guards production. The body is optional: grace_hours (0 to 24, default 0) keeps the ' +
          'previous secret valid that long beside the new one. A rotation during an overlap ends the older secret at once.',
        security: security.keyAndSecret,
        body: S.IngestSecretRotateBody,
        response: { 200: S.IngestSecretRotated, ...errorResponses(401, 403, 413, 422, 429) },
      },
    },
    async (request) => rotateIngestSecretByKey(deps, partnerActor(request), request.partner.id, request.environment, request.body.grace_hours ?? 0),
  );
};
