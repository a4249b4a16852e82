import { Type, type Static } from 'typebox';
import { Nullable, StrEnum, Str } from '../../http/schemas.js';

// ---------- deletion requests ----------

export const DeletionStatus = StrEnum(['pending', 'in_progress', 'completed', 'cancelled']);
export type DeletionStatus = Static<typeof DeletionStatus>;

export const DeletionRequestBody = Type.Object(
  {
    email: Str(3, 320),
    name: Type.Optional(Nullable(Type.String({ maxLength: 120 }))),
    reason: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    last_4_phone: Type.Optional(Nullable(Type.String({ maxLength: 4, pattern: '^[0-9]{0,4}$' }))),
  },
  { title: 'DeletionRequestBody' },
);
export type DeletionRequestBody = Static<typeof DeletionRequestBody>;

export const DeletionRequestResponse = Type.Object(
  { received: Type.Boolean(), request_id: Type.String(), message: Type.String(), next_steps: Type.Array(Type.String()) },
  { title: 'DeletionRequestResponse' },
);

export const DeletionRequestUpdate = Type.Object(
  { status: DeletionStatus, notes: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))) },
  { title: 'DeletionRequestUpdate' },
);
export type DeletionRequestUpdate = Static<typeof DeletionRequestUpdate>;

export const DeletionRequestOut = Type.Object(
  {
    id: Type.String(),
    receipt_ids: Type.Array(Type.String(), {
      description: 'The ids answered to repeats of this request (each repeat gets an id of its own); any of them names this request in the operations below',
    }),
    email: Type.String(),
    name: Nullable(Type.String()),
    reason: Nullable(Type.String()),
    last_4_phone: Nullable(Type.String()),
    status: DeletionStatus,
    notes: Nullable(Type.String()),
    created_at: Type.String(),
    updated_at: Type.String(),
    completed_at: Nullable(Type.String()),
    erased: Nullable(Type.Object({}, { additionalProperties: true, description: 'What completing the request removed' })),
  },
  { title: 'DeletionRequest' },
);
export const DeletionRequestList = Type.Object({ items: Type.Array(DeletionRequestOut), count: Type.Integer() }, { title: 'DeletionRequestList' });
export const DeletionListQuery = Type.Object({
  status_filter: Type.Optional(DeletionStatus),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 200 }),
});
export const DeletionParams = Type.Object({ request_id: Str(1, 64) });
