/** GET /api/v1/me and GET /api/v1/secrets: the calling key's partner (also under /v1). */
import { errorResponses, security } from '../../http/schemas.js';
import { PartnerProfile, SecretsResponse } from '../../areas/partners/schemas.js';
import { ingestSecretOf } from '../../areas/partners/ingest-secret.js';
import { profileOf } from '../../areas/partners/service.js';
import { typed, type Routes } from '../scope.js';
import type { V1Options } from '../v1-alias.js';

export const profileRoutes: Routes<V1Options> = async (app, { deps, v1 }) => {
  const r = typed(app);

  r.get(
    v1('/api/v1/me'),
    {
      schema: {
        operationId: 'getMe',
        tags: ['partner'],
        summary: 'The partner profile of the calling key',
        security: security.key,
        response: { 200: PartnerProfile, ...errorResponses(401, 403) },
      },
    },
    async (request) => profileOf(deps, { partnerId: request.partner.id, environment: request.environment }),
  );

  r.get(
    v1('/api/v1/secrets'),
    {
      config: { noStore: true },
      schema: {
        operationId: 'getSecrets',
        tags: ['partner'],
        summary: "The partner's ingest secret (server-side use only; never expose it to a browser)",
        security: security.key,
        response: { 200: SecretsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => ingestSecretOf(deps, request.partner.id),
  );
};
