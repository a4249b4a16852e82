/** Schemas of the sandbox's controls: a transfer's status and history, simulated outcomes, events fired on demand. */
import { Type, type Static } from 'typebox';
import { Nullable } from '../../http/schemas.js';
import { EventTypeSchema } from '../webhooks/schemas.js';
import { FailureReason } from './schemas.js';

/** Why a transfer fails or is returned (the reasons of the ACH network, in words). */
export const REASONS = {
  insufficient_funds: "The account's available balance is less than the transfer amount",
  account_closed: 'The account is closed',
  no_account: 'No account matches the account number',
  invalid_account_number: 'The account number is not valid',
  authorization_revoked: 'The account holder revoked the authorization',
  payment_stopped: 'The account holder stopped this payment',
} as const;
export type ReasonCode = keyof typeof REASONS;
export const REASON_CODES = Object.keys(REASONS) as ReasonCode[];

export const TransferIdParams = Type.Object({
  transfer_id: Type.String({ minLength: 1, maxLength: 64, description: 'transfer_id (shape A) or id (shape B) of POST /api/v1/transfers' }),
});

export const SimulateOutcome = Type.Union([Type.Literal('settled'), Type.Literal('failed'), Type.Literal('returned')], {
  description: 'settled or failed: from pending/submitted; returned: from settled. Anything else answers 409.',
});

export const SandboxSimulateBody = Type.Object(
  {
    outcome: SimulateOutcome,
    failure_reason: Type.Optional(
      Type.Enum(REASON_CODES, { description: `Outcomes failed and returned only (default insufficient_funds). One of: ${REASON_CODES.join(', ')}` }),
    ),
  },
  { title: 'SandboxSimulateBody', additionalProperties: false },
);
export type SandboxSimulateBody = Static<typeof SandboxSimulateBody>;

export const TransferStatus = Type.Union([Type.Literal('pending'), Type.Literal('submitted'), Type.Literal('settled'), Type.Literal('failed'), Type.Literal('returned')]);

export const TransferHistoryEntry = Type.Object(
  {
    status: TransferStatus,
    at: Type.String({ description: 'When the transfer took this status (ISO 8601 UTC)' }),
    reason: Type.Optional(Type.String({ description: 'failed and returned: the reason code' })),
  },
  { title: 'SandboxTransferHistoryEntry' },
);

export const SandboxTransfer = Type.Object(
  {
    transfer_id: Type.String(),
    status: TransferStatus,
    account_id: Type.String({ description: 'Shape A: the account; shape B: the account debited' }),
    to_account_id: Nullable(Type.String({ description: 'Shape B: the account credited' })),
    amount_cents: Type.Integer(),
    direction: Type.Union([Type.Literal('debit'), Type.Literal('credit')]),
    description: Type.String(),
    rail: Type.String(),
    created_at: Type.String(),
    expected_settlement: Type.String({ description: 'The settlement date POST /api/v1/transfers gave (YYYY-MM-DD)' }),
    failure_reason: Nullable(FailureReason),
    return_reason: Nullable(FailureReason),
    history: Type.Array(TransferHistoryEntry, { description: 'Every status the transfer took, oldest first' }),
  },
  { title: 'SandboxTransfer' },
);
export type SandboxTransfer = Static<typeof SandboxTransfer>;

export const SandboxWebhookFireBody = Type.Object(
  { event_type: EventTypeSchema },
  { title: 'SandboxWebhookFireBody', additionalProperties: false },
);

export const SandboxWebhookFired = Type.Object(
  {
    event_id: Type.String(),
    type: EventTypeSchema,
    created_at: Type.String(),
    status: Type.Literal('queued'),
    url: Type.String({ description: "The test environment's endpoint it goes to" }),
  },
  { title: 'SandboxWebhookFired' },
);
