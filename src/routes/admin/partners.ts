/** Partner administration: /api/admin/partners, /api/admin/partners/{partner_id}[/suspend|/activate|/production-access|/clear-key|/regenerate-key|/rotate-ingest-secret]. */
import { errorResponses, security } from '../../http/schemas.js';
import { iso, isoOrNull } from '../../lib/time.js';
import * as admin from '../../areas/accounts/admin.js';
import * as keys from '../../areas/api-keys/service.js';
import * as S from '../../areas/accounts/schemas.js';
import { rotateIngestSecretByAdmin } from '../../areas/partners/ingest-secret.js';
import { AdminIngestSecretRotation, IngestSecretRotateBody } from '../../areas/partners/schemas.js';
import { adminActor } from '../actors.js';
import { typed, type Routes } from '../scope.js';

const ADMIN_TAG = ['admin'];

export const partnerRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);
  const adminErrors = errorResponses(401, 403, 404, 422);

  r.get(
    '/api/admin/partners',
    {
      schema: {
        operationId: 'adminListPartners',
        tags: ADMIN_TAG,
        summary: 'Partners, newest first, with their key slots (masked)',
        security: security.adminSession,
        querystring: S.AdminPartnerListQuery,
        response: { 200: S.AdminPartnerList, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => admin.listPartners(deps, request.query),
  );

  r.post(
    '/api/admin/partners/:partner_id/suspend',
    {
      schema: {
        operationId: 'adminSuspendPartner',
        tags: ADMIN_TAG,
        summary: 'Suspend a partner: every key and session answers 403 from the next request',
        security: security.adminSession,
        params: S.PartnerIdPath,
        response: { 200: S.PartnerStateResult, ...adminErrors },
      },
    },
    async (request) => admin.suspend(deps, adminActor(request), request.params.partner_id),
  );

  r.post(
    '/api/admin/partners/:partner_id/activate',
    {
      schema: {
        operationId: 'adminActivatePartner',
        tags: ADMIN_TAG,
        summary: 'Activate a partner: undo a suspension (keys work again; production access is unchanged)',
        description: 'Production access is granted or withdrawn by POST /api/admin/partners/{partner_id}/production-access alone.',
        security: security.adminSession,
        params: S.PartnerIdPath,
        response: { 200: S.PartnerStateResult, ...adminErrors },
      },
    },
    async (request) => admin.activate(deps, adminActor(request), request.params.partner_id),
  );

  r.post(
    '/api/admin/partners/:partner_id/production-access',
    {
      schema: {
        operationId: 'adminSetProductionAccess',
        tags: ADMIN_TAG,
        summary: "Enable or disable a partner's production access (its live key, billed)",
        description:
          'enabled: true sets activated_at (kept when already enabled); false clears it, and the live key answers 403 production_not_enabled ' +
          'from its next request. Suspension is separate: a suspended partner stays suspended. Each call is an audit entry ' +
          '(partner.production_access.enable or .disable).',
        security: security.adminSession,
        params: S.PartnerIdPath,
        body: S.ProductionAccessBody,
        response: { 200: S.PartnerStateResult, ...errorResponses(401, 403, 404, 413, 422) },
      },
    },
    async (request) => admin.setProductionAccess(deps, adminActor(request), request.params.partner_id, request.body.enabled),
  );

  r.get(
    '/api/admin/partners/:partner_id',
    {
      schema: {
        operationId: 'adminGetPartner',
        tags: ADMIN_TAG,
        summary: 'One partner, as the list shows it (key slots masked)',
        security: security.adminSession,
        params: S.PartnerIdPath,
        response: { 200: S.AdminPartner, ...adminErrors },
      },
    },
    async (request) => admin.getPartner(deps, request.params.partner_id),
  );

  r.delete(
    '/api/admin/partners/:partner_id',
    {
      schema: {
        operationId: 'adminDeletePartner',
        tags: ADMIN_TAG,
        summary: 'Hard delete a partner with its keys, sessions, cached calculations, events and webhooks',
        description: 'One transaction; the audit log keeps a record of the deletion.',
        security: security.adminSession,
        params: S.PartnerIdPath,
        response: { 200: S.PartnerDeleteResult, ...adminErrors },
      },
    },
    async (request) => admin.deletePartner(deps, adminActor(request), request.params.partner_id),
  );

  r.post(
    '/api/admin/partners/:partner_id/clear-key',
    {
      schema: {
        operationId: 'adminClearKey',
        tags: ADMIN_TAG,
        summary: 'Blank a key slot so the partner can paste the new value',
        security: security.adminSession,
        params: S.PartnerIdPath,
        querystring: S.EnvironmentQuery,
        response: { 200: S.KeyClearResponse, ...adminErrors },
      },
    },
    async (request) => {
      await admin.findPartnerOr404(deps, request.params.partner_id);
      return keys.clearKey(deps, adminActor(request), request.params.partner_id, request.query.environment, 'admin.key.clear');
    },
  );

  r.post(
    '/api/admin/partners/:partner_id/regenerate-key',
    {
      config: { noStore: true },
      schema: {
        operationId: 'adminRegenerateKey',
        tags: ADMIN_TAG,
        summary: 'Generate a new key in a slot (returned once); the old key stops working at once, or after an overlap',
        description:
          'Without overlap_seconds (a leaked key) the old key stops on the next request, on every process. With it (up to 604800, 7 days) the old key ' +
          "keeps working beside the new one, as the same slot, until previous_expires_at, so the partner's servers can switch over; a regeneration " +
          'during an overlap ends the earlier one at once.',
        security: security.adminSession,
        params: S.PartnerIdPath,
        querystring: S.RegenerateKeyQuery,
        response: { 200: S.RegeneratedKey, ...adminErrors },
      },
    },
    async (request) => {
      const { partner_id } = request.params;
      const env = request.query.environment;
      await admin.findPartnerOr404(deps, partner_id);
      const r2 = await keys.regenerateKey(deps, adminActor(request), partner_id, env, 'admin.key.regenerate', request.query.overlap_seconds ?? 0);
      return { partner_id, environment: env, key: r2.key, masked: r2.masked, rotated_at: iso(r2.rotatedAt), previous_expires_at: isoOrNull(r2.previousExpiresAt) };
    },
  );

  r.post(
    '/api/admin/partners/:partner_id/rotate-ingest-secret',
    {
      config: { bodyOptional: true },
      schema: {
        operationId: 'adminRotateIngestSecret',
        tags: ADMIN_TAG,
        summary: "Rotate a partner's ingest secret; the answer carries no secret (the partner's servers read it with their key)",
        description: 'The body is optional: grace_hours (0 to 24, default 0) keeps the previous secret valid that long beside the new one.',
        security: security.adminSession,
        params: S.PartnerIdPath,
        body: IngestSecretRotateBody,
        response: { 200: AdminIngestSecretRotation, ...errorResponses(401, 403, 404, 413, 422) },
      },
    },
    async (request) => rotateIngestSecretByAdmin(deps, adminActor(request), request.params.partner_id, request.body.grace_hours ?? 0),
  );
};
