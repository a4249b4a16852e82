import { Type, type Static } from 'typebox';
import { Nullable, Str } from '../../http/schemas.js';

// ---------- contact ----------

export const ContactBody = Type.Object(
  {
    name: Str(2, 120),
    email: Type.String({ format: 'email', maxLength: 320 }),
    company: Type.Optional(Nullable(Type.String({ maxLength: 160 }))),
    topic: Type.Optional(Type.String({ maxLength: 40, default: 'general' })),
    message: Str(10, 4000),
    website: Type.Optional(Nullable(Type.String({ maxLength: 200, description: 'Leave empty (spam trap)' }))),
  },
  { title: 'ContactBody' },
);
export type ContactBody = Static<typeof ContactBody>;

export const ContactResponse = Type.Object(
  { received: Type.Boolean(), lead_id: Type.String(), message: Type.String() },
  { title: 'ContactResponse' },
);

export const ContactLead = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    email: Type.String(),
    company: Nullable(Type.String()),
    topic: Type.String(),
    message: Type.String(),
    spam: Type.Boolean(),
    notified: Type.Boolean(),
    created_at: Type.String(),
  },
  { title: 'ContactLead' },
);
export const ContactLeadQuery = Type.Object({
  include_spam: Type.Boolean({ default: false }),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 200 }),
});
export const ContactLeadList = Type.Object({ items: Type.Array(ContactLead), count: Type.Integer() }, { title: 'ContactLeadList' });
