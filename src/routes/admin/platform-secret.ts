/** GET /api/admin/ingest-secret: the platform-wide ingest secret. */
import { errorResponses, security } from '../../http/schemas.js';
import * as admin from '../../areas/accounts/admin.js';
import * as S from '../../areas/accounts/schemas.js';
import { adminActor } from '../actors.js';
import { typed, type Routes } from '../scope.js';

export const platformSecretRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);

  r.get(
    '/api/admin/ingest-secret',
    {
      config: { noStore: true },
      schema: {
        operationId: 'adminGetIngestSecret',
        tags: ['admin'],
        summary: 'The platform-wide ingest secret (INGEST_SECRET); null when not configured',
        security: security.adminSession,
        response: { 200: S.IngestSecretOut, ...errorResponses(401, 403) },
      },
    },
    async (request) => admin.platformIngestSecret(deps, adminActor(request)),
  );
};
