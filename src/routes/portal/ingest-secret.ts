/** POST /api/partners/me/ingest-secret/rotate: a partner signed in with a password rotates the ingest secret. */
import { errorResponses, security } from '../../http/schemas.js';
import { rotateIngestSecretFromPortal } from '../../areas/partners/ingest-secret.js';
import * as S from '../../areas/partners/schemas.js';
import { partnerActor } from '../actors.js';
import { typed, type Routes } from '../scope.js';

export const ingestSecretRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);

  r.post(
    '/api/partners/me/ingest-secret/rotate',
    {
      config: { bodyOptional: true },
      schema: {
        operationId: 'portalRotateIngestSecret',
        tags: ['portal'],
        summary: 'Rotate the ingest secret (signed in with a password); the answer carries no secret',
        description:
          'Your servers read the new secret with GET /api/v1/secrets and your API key: a browser never receives it. ' +
          'The body is optional: grace_hours (0 to 24, default 0) keeps the previous secret valid that long. ' +
          'Needs the admin role: a session opened with an API key (a developer) is 403 `role_forbidden` (a key alone cannot rotate the secret).',
        security: security.partnerSession,
        body: S.IngestSecretRotateBody,
        response: { 200: S.IngestSecretRotation, ...errorResponses(401, 403, 413, 422) },
      },
    },
    async (request) => rotateIngestSecretFromPortal(deps, partnerActor(request), request.partner.id, request.body.grace_hours ?? 0, request.session.keyEnvironment),
  );
};
