/**
 * The sandbox's controls (test keys only): GET /api/v1/sandbox/transfers/{transfer_id} (status and history),
 * POST /api/v1/sandbox/transfers/{transfer_id}/simulate (an outcome at once, with its webhook event) and
 * POST /api/v1/sandbox/webhooks/fire (any event type at the test endpoint, made-up data, `"fired": true`).
 * A live key gets the layer's 402 before activation, 403 after: production transfers are the aggregator's.
 */
import type { V1Options } from '../../v1-alias.js';
import type { FastifyRequest } from 'fastify';
import { errors } from '../../../http/errors.js';
import { errorResponses, security } from '../../../http/schemas.js';
import { fireEvent, getSandboxTransfer, simulateTransfer } from '../../../areas/sandbox/lifecycle.js';
import { SandboxSimulateBody, SandboxTransfer, SandboxWebhookFireBody, SandboxWebhookFired, TransferIdParams } from '../../../areas/sandbox/lifecycle-schemas.js';
import { typed, type Routes } from '../../scope.js';
import { caller, TAGS, type SandboxOptions } from './layer.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A sandbox control: it takes a test key only (no provider is resolved for it). */
    testKeyOnly?: boolean;
  }
}

/** The answer to a live key on a sandbox control: the layer's own 402 before activation, 403 after. */
export function requireTestKey(request: FastifyRequest): void {
  if (request.environment === 'test') return;
  if (request.partner.activated_at === null) {
    throw errors.paymentRequired('Production access is not enabled for this account, and the sandbox controls take your test key (svc_test_…) only.');
  }
  throw errors.environmentMismatch('The sandbox controls take a test key (svc_test_…): a live transfer moves real money, and its outcome is the bank’s.');
}

const common = errorResponses(401, 402, 403, 404, 422, 429);

export const controlRoutes: Routes<SandboxOptions & V1Options> = async (app, { deps, v1 }) => {
  const r = typed(app);
  const config = { testKeyOnly: true };

  r.get(
    v1('/api/v1/sandbox/transfers/:transfer_id'),
    {
      config,
      schema: {
        operationId: 'getSandboxTransfer',
        tags: TAGS,
        summary: 'A sandbox transfer: its status and history',
        description:
          'Status pending (shape A) or submitted (shape B), then settled, failed, or returned (after settled); `history` lists every status it took, with when and, for failed and returned, why. ' +
          "Test keys only; another partner's or environment's transfer answers 404.",
        security: security.key,
        params: TransferIdParams,
        response: { 200: SandboxTransfer, ...common },
      },
    },
    async (request) => getSandboxTransfer(deps, caller(request), request.params.transfer_id),
  );

  r.post(
    v1('/api/v1/sandbox/transfers/:transfer_id/simulate'),
    {
      config,
      schema: {
        operationId: 'simulateSandboxTransfer',
        tags: TAGS,
        summary: 'Play out a sandbox transfer’s outcome now',
        description:
          'Moves the transfer at once and sends its signed webhook event: `settled` (transfer.settled) or `failed` (transfer.failed) from pending/submitted, `returned` (transfer.returned) from settled. ' +
          'failure_reason (failed, returned; default insufficient_funds) says why. Any other move answers 409: nothing changes after failed or returned. ' +
          'A failed or returned transfer moves no money: its movements leave the transactions and balances. Test keys only.',
        security: security.key,
        params: TransferIdParams,
        body: SandboxSimulateBody,
        response: { 200: SandboxTransfer, ...errorResponses(409), ...common },
      },
    },
    async (request) => simulateTransfer(deps, caller(request), request.params.transfer_id, request.body),
  );

  r.post(
    v1('/api/v1/sandbox/webhooks/fire'),
    {
      config,
      schema: {
        operationId: 'fireSandboxWebhook',
        tags: TAGS,
        summary: 'Fire an event of any type at the test endpoint',
        description:
          'Queues an event of `event_type` with made-up data of its schema (see `webhooks`) to the test environment’s webhook endpoint, whatever the types it subscribes to: ' +
          'signed, retried and logged like any other, and marked `"fired": true` in its payload (a real event never is). 404 with no endpoint, 409 when it is disabled. Test keys only.',
        security: security.key,
        body: SandboxWebhookFireBody,
        response: { 202: SandboxWebhookFired, ...errorResponses(409), ...common },
      },
    },
    async (request, reply) => reply.status(202).send(await fireEvent(deps, caller(request), request.body.event_type)),
  );
};
