/** GET /me and GET /secrets (key auth). */
import { Type } from 'typebox';
import type { Area } from '../../http/area.js';
import { typed } from '../../http/area.js';
import { errors } from '../../http/errors.js';
import { errorResponses, Nullable, security } from '../../http/schemas.js';
import { isoOrNull, iso } from '../../lib/time.js';
import { KEY_TYPE } from './keys.js';
import { endpointStateOf } from '../webhooks/repo.js';
import { findPartnerById, keysOfPartner } from './repo.js';

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

export const profileRoutes: Area = async (app, { deps }) => {
  const r = typed(app);

  r.get(
    '/me',
    {
      schema: {
        operationId: 'getMe',
        tags: ['partner'],
        summary: 'The partner profile of the calling key',
        security: security.key,
        response: { 200: PartnerProfile, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const db = deps.database.db;
      const [p, keys, hook] = await Promise.all([
        findPartnerById(db, request.partner.id),
        keysOfPartner(db, request.partner.id),
        endpointStateOf(db, request.partner.id, request.environment),
      ]);
      if (!p) throw errors.unauthorized('Invalid API key');
      const test = keys.find((k) => k.environment === 'test');
      const live = keys.find((k) => k.environment === 'live');
      return {
        id: p.id,
        name: p.name,
        email: p.email,
        company: p.company,
        tier: p.tier,
        active: Number(p.active) === 1,
        is_sandbox: request.environment === 'test',
        current_key_type: KEY_TYPE[request.environment],
        sandbox_key_masked: test?.masked ?? null,
        production_key_masked: live?.masked ?? null,
        sandbox_key_rotated_at: isoOrNull(test?.last_rotated_at),
        production_key_rotated_at: isoOrNull(live?.last_rotated_at),
        webhook_url: hook?.url ?? null,
        webhook_enabled: hook ? Number(hook.enabled) === 1 : false,
        usage_alert_email: p.usage_alert_email,
        payment_customer_id: p.payment_customer_id,
        payment_method_attached: Number(p.payment_method_attached) === 1,
        created_at: iso(p.created_at),
        activated_at: isoOrNull(p.activated_at),
        expected_volume: p.expected_volume,
        signup_source: p.signup_source,
      };
    },
  );

  r.get(
    '/secrets',
    {
      config: { noStore: true },
      schema: {
        operationId: 'getSecrets',
        tags: ['partner'],
        summary: "The partner's ingest secret (server-side use only; never expose it to a browser)",
        security: security.key,
        response: { 200: SecretsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const p = await findPartnerById(deps.database.db, request.partner.id);
      if (!p) throw errors.unauthorized('Invalid API key');
      return {
        ingest_secret: deps.secrets.open(p.ingest_secret_enc),
        header_name: 'X-Service-Ingest-Secret',
        scope: '/api/v1/ingest, /api/v1/ingest/*, /api/v1/webhooks, /api/v1/webhooks/*, /api/v1/key/rotate',
        rotation_policy: 'Rotate on demand from the keys page; the previous secret stops working at once.',
      };
    },
  );
};
