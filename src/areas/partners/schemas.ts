/** Response shapes of the partner's own profile operations (GET /api/v1/me, GET /api/v1/secrets). */
import { Type } from 'typebox';
import { Nullable } from '../../http/schemas.js';

export const PartnerProfile = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    email: Type.String({ format: 'email' }),
    company: Type.String(),
    tier: Type.String(),
    active: Type.Boolean(),
    is_sandbox: Type.Boolean(),
    current_key_type: Type.Union([Type.Literal('sandbox'), Type.Literal('production')]),
    sandbox_key_masked: Nullable(Type.String()),
    production_key_masked: Nullable(Type.String()),
    sandbox_key_rotated_at: Nullable(Type.String()),
    production_key_rotated_at: Nullable(Type.String()),
    webhook_url: Nullable(Type.String()),
    webhook_enabled: Type.Boolean({ default: false }),
    usage_alert_email: Type.String({ default: '' }),
    payment_customer_id: Nullable(Type.String()),
    payment_method_attached: Type.Boolean({ default: false }),
    created_at: Type.String(),
    activated_at: Nullable(Type.String()),
    expected_volume: Nullable(Type.String()),
    signup_source: Nullable(Type.String()),
  },
  { title: 'PartnerProfile' },
);

export const SecretsResponse = Type.Object(
  {
    ingest_secret: Type.String(),
    header_name: Type.String({ default: 'X-Service-Ingest-Secret' }),
    scope: Type.String(),
    rotation_policy: Type.String(),
  },
  { title: 'SecretsResponse' },
);
