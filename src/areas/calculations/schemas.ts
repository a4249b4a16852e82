import { Type, type Static } from 'typebox';
import { Money, Nullable } from '../../http/schemas.js';

export const Bill = Type.Object(
  {
    amount: Money({ min: 0, description: 'Bill amount in currency units (≥ 0)' }),
    due_in_days: Type.Optional(Type.Integer({ minimum: 0, maximum: 3660 })),
    name: Type.Optional(Type.String({ maxLength: 200 })),
    due_date: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD' })),
  },
  { additionalProperties: true, description: 'A bill: an amount with either due_in_days, or a name and due_date.' },
);

export const IngestCalculationBody = Type.Object(
  {
    end_user_id: Type.String({ minLength: 1, maxLength: 120 }),
    user_email: Type.Optional(Nullable(Type.String({ maxLength: 320 }))),
    cash_balance: Type.Optional(Money({ default: 0, description: 'May be negative (overdrawn)' })),
    upcoming_bills: Type.Optional(Type.Array(Bill, { maxItems: 1000, default: [] })),
    savings_commitments: Type.Optional(Money({ min: 0, default: 0 })),
    debt_commitments: Type.Optional(Money({ min: 0, default: 0 })),
    cash_buffer: Type.Optional(Money({ min: 0, default: 0 })),
  },
  { title: 'IngestCalculationBody' },
);
export type IngestCalculationBody = Static<typeof IngestCalculationBody>;

export const BreakdownSchema = Type.Object(
  {
    cash_after_buffer: Type.Number(),
    upcoming_bills_total: Type.Number(),
    savings_commitments: Type.Number(),
    debt_commitments: Type.Number(),
    discretionary_pool: Type.Number(),
    days_in_period: Type.Integer(),
  },
  { title: 'Breakdown' },
);

export const CalculateResponse = Type.Object(
  {
    safe_to_spend_today: Type.Number(),
    daily_allowance: Type.Number(),
    monthly_safe_to_spend: Type.Number(),
    breakdown: BreakdownSchema,
    calculation_id: Type.String(),
    calculated_at: Type.String(),
    partner_id: Type.String(),
    is_sandbox: Type.Boolean(),
  },
  { title: 'CalculateResponse' },
);
export type CalculateResponse = Static<typeof CalculateResponse>;

export const CachedCalcRow = Type.Object(
  {
    end_user_id: Type.String(),
    user_email: Nullable(Type.String()),
    calculation: CalculateResponse,
    calculated_at: Type.String(),
  },
  { title: 'CachedCalcRow' },
);

export const CachedCalcList = Type.Object(
  {
    items: Type.Array(CachedCalcRow),
    next_cursor: Nullable(Type.String()),
    count: Type.Integer(),
  },
  { title: 'CachedCalcList' },
);

export const ListQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
});

export const UserParams = Type.Object({ user_id: Type.String({ minLength: 1, maxLength: 120 }) });

export const EraseResponse = Type.Object(
  {
    deleted: Type.Boolean(),
    end_user_id: Type.String(),
    environment: Type.String(),
    erased: Type.Record(Type.String(), Type.Integer(), {
      description:
        "Rows removed, by kind of data; `usage_end_users_pending` counts the months in which the answering process's usage meter still held the end-user, to be written as an anonymous placeholder",
    }),
  },
  { title: 'EraseResponse' },
);
