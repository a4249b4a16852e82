/** POST /api/v1/calculate/safe-to-spend: stateless, nothing stored (also under /v1). */
import { errorResponses, security } from '../../http/schemas.js';
import { SELF_PROBE_ID } from '../../http/self-probe.js';
import { CalculateResponse, IngestCalculationBody } from '../../areas/calculations/schemas.js';
import { calculateMetered } from '../../areas/calculations/service.js';
import { typed, type Routes } from '../scope.js';
import type { V1Options } from '../v1-alias.js';

const keyAuth = security.key;

export const calculateRoutes: Routes<V1Options> = async (app, { deps, v1 }) => {
  const r = typed(app);

  r.post(
    v1('/api/v1/calculate/safe-to-spend'),
    {
      schema: {
        operationId: 'calculateSafeToSpend',
        tags: ['safe-to-spend'],
        summary: 'Compute safe-to-spend without storing anything',
        description: 'Nothing is stored and no webhook fires. All arithmetic is done in integer cents.',
        security: keyAuth,
        body: IngestCalculationBody,
        response: { 200: CalculateResponse, ...errorResponses(401, 403, 413, 422, 429) },
      },
      // The status page's Partner API component is this route, called by the process itself (src/http/self-probe.ts).
      config: { selfProbe: true },
    },
    async (request) => calculateMetered(deps, { partnerId: request.partner.id, environment: request.environment }, request.body, request.apiKeyId !== SELF_PROBE_ID),
  );
};
