import { Type, type Static } from 'typebox';
import { IsoDateTime, Nullable } from '../../http/schemas.js';

const UserId = Type.String({ minLength: 1, maxLength: 120, description: "The partner's own id of its end-user" });
const Day = (description: string) => Type.String({ format: 'date', description: `${description} (YYYY-MM-DD)` });

export const LinkTokenCreateBody = Type.Object({ user_id: UserId }, { title: 'LinkTokenCreateReq' });
export type LinkTokenCreateBody = Static<typeof LinkTokenCreateBody>;

export const LinkTokenResp = Type.Object(
  {
    link_token: Type.String({ description: '`link-sandbox-…` on test keys' }),
    expiration: Type.String({ description: 'ISO 8601; 4 hours after creation' }),
    request_id: Type.String(),
  },
  { title: 'LinkTokenResp' },
);

export const AccountsLinkReq = Type.Object(
  {
    public_token: Type.String({ minLength: 1, maxLength: 500, description: 'The public token Link returned; each is accepted once per partner' }),
    user_id: UserId,
    institution: Type.Optional(
      Nullable(Type.Object({}, { additionalProperties: true, description: 'Free-form; the reference form sends {institution_id, name}' })),
    ),
  },
  { title: 'AccountsLinkReq' },
);
export type AccountsLinkReq = Static<typeof AccountsLinkReq>;

const accountFields = {
  account_id: Type.String(),
  name: Type.String(),
  mask: Type.String({ description: 'Last four digits of the account number' }),
  type: Type.String({ description: 'depository | credit' }),
  subtype: Type.String({ description: 'checking | savings | credit card' }),
  current_balance: Type.Number({ description: 'Depository: the posted balance. Credit: the amount owed (posted).' }),
  available_balance: Type.Number({ description: 'Depository: current minus pending outflows. Credit: limit minus owed minus pending charges.' }),
  iso_currency_code: Type.String({ default: 'USD' }),
};
export const Account = Type.Object(accountFields, { title: 'Account' });
export type Account = Static<typeof Account>;
const { mask: _mask, ...refAccountFields } = accountFields;
/** The reference form's listing omits mask. */
export const AccountRef = Type.Object(refAccountFields, { title: 'AccountRef' });

export const AccountsLinkResp = Type.Object(
  {
    item_id: Type.String(),
    institution: Type.Object({}, { additionalProperties: true }),
    accounts: Type.Array(Account),
  },
  { title: 'AccountsLinkResp' },
);

export const UserQuery = Type.Object({ user_id: UserId });
export const AccountsList = Type.Object({ accounts: Type.Array(Account) }, { title: 'AccountsList' });
export const AccountsListRef = Type.Object({ accounts: Type.Array(AccountRef) }, { title: 'AccountsListRef' });

export const Transaction = Type.Object(
  {
    transaction_id: Type.String(),
    account_id: Type.String(),
    merchant_name: Type.String(),
    amount: Type.Number({ description: 'Positive: money out of the account; negative: money in (Plaid convention)' }),
    iso_currency_code: Type.String(),
    date: Type.String({ description: 'YYYY-MM-DD' }),
    pending: Type.Boolean(),
    personal_finance_category_primary: Type.String(),
  },
  { title: 'Transaction' },
);
export type Transaction = Static<typeof Transaction>;

export const TransactionsQuery = Type.Object({
  user_id: UserId,
  start_date: Type.Optional(Day('First day, inclusive; default end_date − 30 days')),
  end_date: Type.Optional(Day('Last day, inclusive; default today (later days have no transactions yet)')),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
  offset: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0, description: 'Transactions to skip (newest first)' }),
});
export type TransactionsQuery = Static<typeof TransactionsQuery>;

export const TransactionList = Type.Object(
  {
    transactions: Type.Array(Transaction, { description: 'Newest first' }),
    total: Type.Integer({ description: 'Transactions in the whole window' }),
    has_more: Type.Boolean(),
  },
  { title: 'TransactionList' },
);

export const TransactionsSyncQuery = Type.Object({
  user_id: UserId,
  since: Type.Optional(Day('Earliest day to return; default 90 days before today')),
  limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
  cursor: Type.Optional(Type.String({ maxLength: 500, description: 'next_cursor of the previous page; omitted: the latest cursor the service remembers for this user' })),
});
export type TransactionsSyncQuery = Static<typeof TransactionsSyncQuery>;

export const TransactionsPage = Type.Object(
  {
    transactions: Type.Array(Transaction, { description: 'Oldest first' }),
    next_cursor: Type.String({ description: 'Pass it back for the next page (or later, for transactions added since)' }),
    has_more: Type.Boolean(),
  },
  { title: 'TransactionsPage' },
);

const AccountId = Type.String({ minLength: 1, maxLength: 120 });
export const TransferBody = Type.Object(
  {
    // Shape A
    account_id: Type.Optional(AccountId),
    amount_cents: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000_000_000, description: 'Shape A: integer cents' })),
    direction: Type.Optional(Type.Union([Type.Literal('debit'), Type.Literal('credit')], { description: 'Shape A: debit = money out of the account; credit = money into it' })),
    description: Type.Optional(Type.String({ maxLength: 200 })),
    idempotency_key: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    // Shape B
    from_account_id: Type.Optional(AccountId),
    to_account_id: Type.Optional(AccountId),
    amount: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000_000, description: 'Shape B: currency units, at most 2 decimals' })),
    currency: Type.Optional(Type.String({ minLength: 3, maxLength: 3, description: 'Shape B: ISO 4217; the sandbox holds USD' })),
    memo: Type.Optional(Type.String({ maxLength: 200 })),
  },
  {
    title: 'TransfersReq',
    description:
      'Shape A: {account_id, amount_cents, direction, description?, idempotency_key?}. Shape B: {from_account_id, to_account_id, amount, currency, memo?} with the Idempotency-Key header. The shape is told by its fields.',
  },
);
export type TransferBody = Static<typeof TransferBody>;

export const TransferHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'Makes the call idempotent for 24 hours (per partner)' })),
});

export const FailureReason = Type.Object({ code: Type.String(), description: Type.String() }, { title: 'TransferFailure' });

export const TransferRespA = Type.Object(
  {
    transfer_id: Type.String(),
    status: Type.String({ description: 'pending | failed' }),
    amount_cents: Type.Integer(),
    direction: Type.String(),
    account_id: Type.String(),
    description: Type.String(),
    created_at: IsoDateTime,
    expected_settlement: Type.String({ description: 'YYYY-MM-DD' }),
    failure_reason: Nullable(FailureReason),
  },
  { title: 'TransferRespA' },
);
export type TransferRespA = Static<typeof TransferRespA>;

export const TransferRespB = Type.Object(
  {
    id: Type.String(),
    status: Type.String({ description: 'submitted | failed' }),
    rail: Type.String(),
    estimated_settlement: Type.String({ description: 'YYYY-MM-DD' }),
    from_account_id: Type.String(),
    to_account_id: Type.String(),
    amount: Type.Number(),
    currency: Type.String(),
    memo: Type.String(),
    created_at: IsoDateTime,
    failure_reason: Nullable(FailureReason),
  },
  { title: 'TransferRespB' },
);
export type TransferRespB = Static<typeof TransferRespB>;

export const TransferResp = Type.Union([TransferRespA, TransferRespB], { title: 'TransferResp' });

export const CashflowQuery = Type.Object({
  user_id: UserId,
  horizon_days: Type.Integer({ minimum: 1, maximum: 90, default: 14 }),
});

export const CashflowPoint = Type.Object(
  {
    date: Type.String(),
    inflow_cents: Type.Integer(),
    outflow_cents: Type.Integer(),
    net_cents: Type.Integer({ description: 'inflow_cents − outflow_cents' }),
    safe_to_spend_cents: Type.Integer({ description: 'Spendable on this day without the projected balance going below zero later in the horizon' }),
    projected_balance_cents: Type.Integer({ description: 'Projected end-of-day balance of the checking account' }),
  },
  { title: 'CashflowPoint' },
);

export const CashflowResp = Type.Object(
  {
    horizon_days: Type.Integer(),
    generated_at: IsoDateTime,
    points: Type.Array(CashflowPoint),
    runway_days: Type.Integer({ description: 'Days before the projected balance first goes below zero (horizon_days when it never does)' }),
    starting_balance_cents: Type.Integer({ description: "Today's available balance of the checking account" }),
  },
  { title: 'CashflowResp' },
);

export const CashflowAlert = Type.Object(
  {
    type: Type.String({ description: 'overdraft | low_balance | large_outflow' }),
    date: Type.String(),
    amount: Type.Number(),
    message: Type.String(),
  },
  { title: 'CashflowAlert' },
);

export const CashflowRefResp = Type.Object(
  {
    horizon_days: Type.Integer(),
    generated_at: IsoDateTime,
    projected_min_balance: Type.Number(),
    projected_min_date: Type.String(),
    confidence: Type.Number(),
    alerts: Type.Array(CashflowAlert),
    runway_days: Type.Integer(),
    starting_balance: Type.Number(),
  },
  { title: 'CashflowRefResp' },
);
