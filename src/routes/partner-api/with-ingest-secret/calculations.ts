/**
 * Safe-to-spend with the cached results (key + ingest secret; also under /v1): POST /api/v1/ingest,
 * GET /api/v1/ingest/calculations, GET /api/v1/ingest/calculation/{user_id}, DELETE /api/v1/ingest/user/{user_id}.
 */
import { errorResponses, security } from '../../../http/schemas.js';
import { CachedCalcRow, CalculateResponse, EraseResponse, IngestCalculationBody, UserParams } from '../../../areas/calculations/schemas.js';
import { eraseEndUser, getCached, ingest } from '../../../areas/calculations/service.js';
import { keyForm } from '../../dual-form.js';
import { calculationOperations } from '../../dual/calculations.js';
import { typed, type Routes } from '../../scope.js';
import type { V1Options } from '../../v1-alias.js';

const keyAndSecret = security.keyAndSecret;

export const calculationRoutes: Routes<V1Options> = async (app, opts) => {
  const { deps, v1 } = opts;
  const r = typed(app);

  r.post(
    v1('/api/v1/ingest'),
    {
      schema: {
        operationId: 'ingestCalculation',
        tags: ['safe-to-spend'],
        summary: 'Compute, cache (latest wins) and fire calculation.updated',
        security: keyAndSecret,
        body: IngestCalculationBody,
        response: { 201: CalculateResponse, ...errorResponses(401, 403, 413, 422, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await ingest(deps, { partnerId: request.partner.id, environment: request.environment }, request.body)),
  );

  // GET /api/v1/ingest/calculations, declared once with its portal form (in its place in the document).
  await keyForm(calculationOperations, { tags: ['safe-to-spend'], security: keyAndSecret })(app, opts);

  r.get(
    v1('/api/v1/ingest/calculation/:user_id'),
    {
      schema: {
        operationId: 'getCachedCalculation',
        tags: ['safe-to-spend'],
        summary: "One end-user's cached calculation",
        security: keyAndSecret,
        params: UserParams,
        response: { 200: CachedCalcRow, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request) => getCached(deps, { partnerId: request.partner.id, environment: request.environment }, request.params.user_id),
  );

  r.delete(
    v1('/api/v1/ingest/user/:user_id'),
    {
      schema: {
        operationId: 'eraseEndUser',
        tags: ['safe-to-spend'],
        summary: 'Erase every stored trace of one end-user (GDPR)',
        description:
          'Removes the cached calculation, pending events and every other row about this end-user in this environment, and names a count still waiting in the usage meter. The erasure is recorded whatever the answer: nothing sent before it is stored under this id afterwards. 404 when nothing was stored.',
        security: keyAndSecret,
        params: UserParams,
        response: { 200: EraseResponse, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request) => eraseEndUser(deps, { partnerId: request.partner.id, environment: request.environment }, request.params.user_id),
  );
};
