/** POST /api/v1/transfers (also under /v1). */
import { errorResponses, security } from '../../../http/schemas.js';
import { TransferBody, TransferHeaders, TransferResp } from '../../../areas/sandbox/schemas.js';
import { createTransfer } from '../../../areas/sandbox/service.js';
import { typed, type Routes } from '../../scope.js';
import type { V1Options } from '../../v1-alias.js';
import { caller, common, TAGS, type SandboxOptions } from './layer.js';

export const transferRoutes: Routes<SandboxOptions & V1Options> = async (app, { deps, provider, v1 }) => {
  const r = typed(app);

  r.post(
    v1('/api/v1/transfers'),
    {
      schema: {
        operationId: 'createTransfer',
        tags: TAGS,
        summary: 'Move money (shape A or shape B)',
        description:
          'Shape A {account_id, amount_cents, direction, description} answers {transfer_id, status: pending, …}; shape B {from_account_id, to_account_id, amount, currency, memo} answers {id, status: submitted, rail, estimated_settlement, …}. ' +
          'Idempotent for 24 hours on the Idempotency-Key header or the idempotency_key field: the same key and body give the first answer again, another body 422, a request still in flight 409. ' +
          'A debit above the available balance is answered with status `failed` and failure_reason insufficient_funds.',
        security: security.key,
        headers: TransferHeaders,
        body: TransferBody,
        response: { 200: TransferResp, ...errorResponses(400, 404, 409), ...common },
      },
    },
    async (request, reply) => {
      const out = await createTransfer(deps, provider(request), caller(request), request.body, request.headers['idempotency-key']);
      if (out.replayed) reply.header('Idempotent-Replayed', 'true');
      return out.body;
    },
  );
};
