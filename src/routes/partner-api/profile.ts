/** GET /api/v1/me and GET /api/v1/secrets: the calling key's partner (also under /v1). */
import { errors } from '../../http/errors.js';
import { errorResponses, security } from '../../http/schemas.js';
import { isoOrNull, iso } from '../../lib/time.js';
import { KEY_TYPE } from '../../areas/partners/keys.js';
import { findPartnerById, keysOfPartner } from '../../areas/partners/repo.js';
import { PartnerProfile, SecretsResponse } from '../../areas/partners/schemas.js';
import { typed, type Routes } from '../scope.js';
import type { V1Options } from '../v1-alias.js';
import { endpointStateOf } from '../../areas/webhooks/repo.js';

export const profileRoutes: Routes<V1Options> = async (app, { deps, v1 }) => {
  const r = typed(app);

  r.get(
    v1('/api/v1/me'),
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
    v1('/api/v1/secrets'),
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
