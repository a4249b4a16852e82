/** Schemas of the mail outbox operation. */
import { Type } from 'typebox';
import { Nullable } from '../../http/schemas.js';

export const MailOutboxQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(Type.Union([Type.Literal('outbox'), Type.Literal('failed')])),
  kind: Type.Optional(Type.String({ maxLength: 60 })),
});

export const MailOutboxItem = Type.Object(
  {
    id: Type.String(),
    kind: Type.String(),
    to: Type.String(),
    subject: Type.String(),
    text: Type.String(),
    html: Nullable(Type.String()),
    status: Type.String({ description: 'outbox (no SMTP configured) or failed (the SMTP server refused it)' }),
    error: Nullable(Type.String()),
    created_at: Type.String(),
  },
  { title: 'MailOutboxItem' },
);

export const MailOutboxList = Type.Object(
  {
    items: Type.Array(MailOutboxItem),
    next_cursor: Nullable(Type.String()),
    count: Type.Integer(),
    transport: Type.String({ description: 'smtp or outbox: how mail leaves the service now' }),
  },
  { title: 'MailOutboxList' },
);
