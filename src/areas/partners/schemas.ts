/** Shapes of the partner's own profile operations (GET /api/v1/me, GET /api/v1/secrets) and of the ingest secret's rotation. */
import { Type } from 'typebox';
import { IsoDateTime, Nullable } from '../../http/schemas.js';

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
    rotated_at: Nullable(Type.String({ description: 'When the secret was last rotated (ISO 8601 UTC); null: never' })),
    previous_valid_until: Nullable(
      Type.String({ description: 'While an overlap after a rotation lasts, when the previous secret stops working (ISO 8601 UTC); null otherwise' }),
    ),
  },
  { title: 'SecretsResponse' },
);

export const IngestSecretRotateBody = Type.Object(
  {
    grace_hours: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 24,
        default: 0,
        description: 'Hours the previous secret stays valid beside the new one (0, the default: it stops working at once)',
      }),
    ),
  },
  { title: 'IngestSecretRotateBody' },
);

const RotationFields = {
  rotated_at: IsoDateTime,
  previous_valid_until: Nullable(Type.String({ description: 'When the previous secret stops working (ISO 8601 UTC); null: it already has' })),
  detail: Type.String(),
};

export const IngestSecretRotated = Type.Object(
  {
    ingest_secret: Type.String({ description: 'The new secret' }),
    header_name: Type.String({ default: 'X-Service-Ingest-Secret' }),
    ...RotationFields,
  },
  { title: 'IngestSecretRotated' },
);

export const IngestSecretRotation = Type.Object(RotationFields, {
  title: 'IngestSecretRotation',
  description: 'No secret: the partner\'s servers read the new one with GET /api/v1/secrets and their key',
});

export const AdminIngestSecretRotation = Type.Object({ partner_id: Type.String(), ...RotationFields }, { title: 'AdminIngestSecretRotation' });
