/** HTTP routes of the accounts area; index.ts mounts them. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Area } from '../../http/area.js';
import { typed } from '../../http/area.js';
import { requireSessionEnvironment, sessionCovers } from '../../http/auth.js';
import { errors } from '../../http/errors.js';
import { errorResponses, security } from '../../http/schemas.js';
import { dummyPasswordHash } from '../../lib/crypto.js';
import { iso } from '../../lib/time.js';
import { publicWriteLimit } from '../usage/rate-limit.js';
import * as admin from './admin.js';
import type { Actor } from './common.js';
import { presentedSessionToken } from './common.js';
import * as keys from './keys.js';
import * as S from './schemas.js';
import * as sessions from './sessions.js';

const adminActor = (request: FastifyRequest): Actor => ({ type: 'admin', id: request.session.subjectId });
const partnerActor = (request: FastifyRequest): Actor => ({ type: 'partner', id: request.partner.id });
const serverActor: Actor = { type: 'server', id: null };

const AUTH_TAG = ['auth'];
const PORTAL_TAG = ['portal'];
const ADMIN_TAG = ['admin'];

/** /api/auth/*, /api/partners/me/api-keys, /api/admin/* (partners, keys, ingest secret, audit log). */
export const accountsRoutes: Area = async (app, opts) => {
  const { deps, guards } = opts;
  void dummyPasswordHash(); // computed once now, so the first unknown-email login costs the same as the others

  // ---------- no credential: sign-up, sign-in, sign-out ----------
  await app.register(async (scope: FastifyInstance) => {
    const r = typed(scope);
    const limitLogin = publicWriteLimit(deps, 'login');
    const limitRegister = publicWriteLimit(deps, 'register');

    r.post(
      '/auth/partner/register',
      {
        onRequest: limitRegister,
        config: { noStore: true },
        schema: {
          operationId: 'registerPartner',
          tags: AUTH_TAG,
          summary: 'Partner self sign-up (signed in at once)',
          description:
            'Creates the partner with a test key, a live key and an ingest secret. Live keys are not production-enabled until an administrator activates the account. ' +
            'Answers a session like the login operation and sets the svc_session cookie. 409 when the email (case-insensitive) is taken.',
          security: [],
          body: S.PartnerRegister,
          response: { 200: S.PartnerSession, ...errorResponses(409, 413, 422, 429) },
        },
      },
      async (request, reply) => {
        const out = await sessions.register(deps, request.body);
        sessions.setSessionCookie(deps, reply, out.session);
        return out.body;
      },
    );

    r.post(
      '/auth/partner/login',
      {
        onRequest: limitLogin,
        config: { noStore: true },
        schema: {
          operationId: 'loginPartner',
          tags: AUTH_TAG,
          summary: 'Partner sign-in with email and password',
          description:
            'Answers {token, token_type: "bearer", expires_at, partner} and sets the HttpOnly, SameSite=Lax svc_session cookie; either authenticates later calls. ' +
            'Sessions last SESSION_TTL_HOURS (12 h). 5 failed attempts for an email (or from one address) within 15 minutes lock it for 15 minutes: 429 with Retry-After. ' +
            'An unknown email and a wrong password give the same 401.',
          security: [],
          body: S.LoginPayload,
          response: { 200: S.PartnerSession, ...errorResponses(401, 403, 413, 422, 429) },
        },
      },
      async (request, reply) => {
        const out = await sessions.partnerLogin(deps, request.body.email, request.body.password, request.ip);
        sessions.setSessionCookie(deps, reply, out.session);
        return out.body;
      },
    );

    r.post(
      '/auth/partner/key-login',
      {
        onRequest: limitLogin,
        config: { noStore: true },
        schema: {
          operationId: 'loginPartnerWithKey',
          tags: AUTH_TAG,
          summary: 'Partner sign-in by pasting an API key',
          description:
            "The portal's second way in: any current key of the partner (test or live) opens a session that acts only in that key's environment " +
            "(the other environment's key is shown masked and cannot be changed; usage of the other environment is 403). Failed attempts count against the client address.",
          security: [],
          body: S.KeyLoginPayload,
          response: { 200: S.PartnerSession, ...errorResponses(401, 403, 413, 422, 429) },
        },
      },
      async (request, reply) => {
        const out = await sessions.keyLogin(deps, request.body.key, request.ip);
        sessions.setSessionCookie(deps, reply, out.session);
        return out.body;
      },
    );

    r.post(
      '/auth/admin/login',
      {
        onRequest: limitLogin,
        config: { noStore: true },
        schema: {
          operationId: 'loginAdmin',
          tags: AUTH_TAG,
          summary: 'Administrator sign-in',
          description: 'Answers {token, token_type: "bearer", expires_at, admin} and sets the svc_session cookie. Same lockout as the partner sign-in.',
          security: [],
          body: S.LoginPayload,
          response: { 200: S.AdminSession, ...errorResponses(401, 413, 422, 429) },
        },
      },
      async (request, reply) => {
        const out = await sessions.adminLogin(deps, request.body.email, request.body.password, request.ip);
        sessions.setSessionCookie(deps, reply, out.session);
        return out.body;
      },
    );

    for (const role of ['partner', 'admin'] as const) {
      r.post(
        `/auth/${role}/logout`,
        {
          onRequest: guards.sameOriginCookie,
          schema: {
            operationId: role === 'partner' ? 'logoutPartner' : 'logoutAdmin',
            tags: AUTH_TAG,
            summary: `End the ${role === 'partner' ? 'partner' : 'administrator'} session`,
            description: 'Deletes the presented session (Bearer token or cookie) and clears the cookie; the token stops working at once.',
            security: role === 'partner' ? security.partnerSession : security.adminSession,
            response: { 200: S.LogoutResponse, ...errorResponses(401, 403) },
          },
        },
        async (request, reply) => {
          await sessions.logout(deps, presentedSessionToken(request), role);
          sessions.clearSessionCookie(deps, reply);
          return { logged_out: true };
        },
      );
    }
  });

  // ---------- partner session ----------
  await app.register(async (scope: FastifyInstance) => {
    scope.addHook('onRequest', guards.partnerSession);
    const r = typed(scope);

    r.get(
      '/auth/partner/me',
      {
        schema: {
          operationId: 'getPartnerAccount',
          tags: AUTH_TAG,
          summary: 'The signed-in partner',
          security: security.partnerSession,
          response: { 200: S.PartnerMe, ...errorResponses(401, 403) },
        },
      },
      async (request) => sessions.partnerMe(deps, request.partner.id, request.session),
    );

    r.get(
      '/partners/me/api-keys',
      {
        config: { noStore: true },
        schema: {
          operationId: 'listMyApiKeys',
          tags: PORTAL_TAG,
          summary: "The signed-in partner's API keys (values included)",
          description:
            'One entry per environment slot that holds a key; a cleared slot is left out until a key is pasted or generated. ' +
            "A session opened with an API key sees the other environment's key masked only (in `key` and `masked`).",
          security: security.partnerSession,
          response: { 200: S.ApiKeyList, ...errorResponses(401, 403) },
        },
      },
      async (request) => keys.listApiKeys(deps, request.partner.id, (env) => sessionCovers(request.session, env)),
    );

    r.put(
      '/partners/me/api-keys/:environment',
      {
        config: { noStore: true },
        schema: {
          operationId: 'pasteMyApiKey',
          tags: PORTAL_TAG,
          summary: 'Paste a key into a slot (replaces the previous key at once)',
          description:
            'The key authenticates from the next request; the previous key of that slot stops working. 409 when the value is in use in another slot (nothing changed). ' +
            "403 when the session was opened with the other environment's API key.",
          security: security.partnerSession,
          params: S.EnvironmentPath,
          body: S.ApiKeyUpdate,
          response: { 200: S.ApiKeyOut, ...errorResponses(401, 403, 409, 413, 422) },
        },
      },
      async (request) => {
        const env = request.params.environment;
        requireSessionEnvironment(request.session, env);
        keys.checkPrefix(request.body.key, env, ['body', 'key']);
        const { slot } = await keys.pasteKey(deps, partnerActor(request), request.partner.id, env, request.body.key, 'portal-paste');
        return keys.apiKeyOut(deps, slot);
      },
    );
  });

  // ---------- admin session ----------
  await app.register(async (scope: FastifyInstance) => {
    scope.addHook('onRequest', guards.adminSession);
    const r = typed(scope);
    const adminErrors = errorResponses(401, 403, 404, 422);

    r.get(
      '/auth/admin/me',
      {
        schema: {
          operationId: 'getAdminAccount',
          tags: AUTH_TAG,
          summary: 'The signed-in administrator',
          security: security.adminSession,
          response: { 200: S.AdminMe, ...errorResponses(401, 403) },
        },
      },
      async (request) => sessions.adminMe(deps, request.session.subjectId, request.session.expiresAt),
    );

    r.get(
      '/admin/partners',
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
      '/admin/partners/:partner_id/suspend',
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
      '/admin/partners/:partner_id/activate',
      {
        schema: {
          operationId: 'adminActivatePartner',
          tags: ADMIN_TAG,
          summary: 'Activate a partner: active again, and production-enabled',
          security: security.adminSession,
          params: S.PartnerIdPath,
          response: { 200: S.PartnerStateResult, ...adminErrors },
        },
      },
      async (request) => admin.activate(deps, adminActor(request), request.params.partner_id),
    );

    r.delete(
      '/admin/partners/:partner_id',
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
      '/admin/partners/:partner_id/clear-key',
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
      '/admin/partners/:partner_id/regenerate-key',
      {
        config: { noStore: true },
        schema: {
          operationId: 'adminRegenerateKey',
          tags: ADMIN_TAG,
          summary: 'Generate a new key in a slot (returned once); the old key stops working at once',
          security: security.adminSession,
          params: S.PartnerIdPath,
          querystring: S.EnvironmentQuery,
          response: { 200: S.RegeneratedKey, ...adminErrors },
        },
      },
      async (request) => {
        const { partner_id } = request.params;
        const env = request.query.environment;
        await admin.findPartnerOr404(deps, partner_id);
        const r2 = await keys.regenerateKey(deps, adminActor(request), partner_id, env, 'admin.key.regenerate');
        return { partner_id, environment: env, key: r2.key, masked: r2.masked, rotated_at: iso(r2.rotatedAt) };
      },
    );

    r.get(
      '/admin/external-keys',
      {
        schema: {
          operationId: 'adminListExternalKeys',
          tags: ADMIN_TAG,
          summary: 'Keys not generated by the service (pasted, synced or added by an admin), masked',
          security: security.adminSession,
          response: { 200: S.ExternalKeyList, ...errorResponses(401, 403) },
        },
      },
      async () => admin.listExternalKeys(deps),
    );

    r.post(
      '/admin/external-keys',
      {
        schema: {
          operationId: 'adminCreateExternalKey',
          tags: ADMIN_TAG,
          summary: 'Add an external key: resolves (partner_id, then partner_email) or creates the partner, then upserts the key',
          security: security.adminSession,
          body: S.ExternalKeyCreate,
          response: { 201: S.KeySyncResult, ...errorResponses(401, 403, 404, 409, 413, 422) },
        },
      },
      async (request, reply) => {
        const out = await keys.syncKey(deps, adminActor(request), request.body, 'admin-external');
        return reply.status(201).send(out);
      },
    );

    r.delete(
      '/admin/external-keys/:key_id',
      {
        schema: {
          operationId: 'adminDeleteExternalKey',
          tags: ADMIN_TAG,
          summary: 'Remove a key by its id (slot blank, record kept)',
          security: security.adminSession,
          params: S.KeyIdPath,
          response: { 200: S.ExternalKeyDeleted, ...adminErrors },
        },
      },
      async (request) => keys.deleteExternalKey(deps, adminActor(request), request.params.key_id),
    );

    r.get(
      '/admin/ingest-secret',
      {
        config: { noStore: true },
        schema: {
          operationId: 'adminGetIngestSecret',
          tags: ADMIN_TAG,
          summary: 'The platform-wide ingest secret (INGEST_SECRET); null when not configured',
          security: security.adminSession,
          response: { 200: S.IngestSecretOut, ...errorResponses(401, 403) },
        },
      },
      async (request) => admin.platformIngestSecret(deps, adminActor(request)),
    );

    r.get(
      '/admin/audit-log',
      {
        schema: {
          operationId: 'adminAuditLog',
          tags: ADMIN_TAG,
          summary: 'Who did what to what, and when: newest first (keyset pagination)',
          security: security.adminSession,
          querystring: S.AuditQuery,
          response: { 200: S.AuditList, ...errorResponses(401, 403, 422) },
        },
      },
      async (request) => admin.auditLog(deps, request.query),
    );
  });
};

/** PUT /keys, DELETE /keys/:environment under /api/v1 and /v1 (partner session). */
export const accountsV1SessionRoutes: Area = async (app, { deps, guards }) => {
  app.addHook('onRequest', guards.partnerSession);
  const r = typed(app);

  r.put(
    '/keys',
    {
      schema: {
        operationId: 'pasteKey',
        tags: PORTAL_TAG,
        summary: 'Paste a key (signed-in partner): it authenticates at once and replaces the slot',
        security: security.partnerSession,
        body: S.KeyPasteBody,
        response: { 200: S.KeyPasteResponse, ...errorResponses(401, 403, 409, 413, 422) },
      },
    },
    async (request) => {
      const env = request.body.environment ?? keys.environmentOf(request.body.key);
      if (!env) {
        throw errors.invalid(['body', 'environment'], 'Field required: the key has no svc_test_/svc_live_ prefix, so name its environment', null, 'missing');
      }
      requireSessionEnvironment(request.session, env);
      keys.checkPrefix(request.body.key, env, ['body', 'key']);
      const { slot, savedAt } = await keys.pasteKey(deps, partnerActor(request), request.partner.id, env, request.body.key, 'portal-paste');
      return { environment: env, key_masked: slot.masked ?? '', saved_at: iso(savedAt), source: slot.source };
    },
  );

  r.delete(
    '/keys/:environment',
    {
      schema: {
        operationId: 'clearKey',
        tags: PORTAL_TAG,
        summary: 'Blank a key slot (the record is kept); the key stops working at once',
        description: "403 when the session was opened with the other environment's API key.",
        security: security.partnerSession,
        params: S.EnvironmentPath,
        response: { 200: S.KeyClearResponse, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      requireSessionEnvironment(request.session, request.params.environment);
      return keys.clearKey(deps, partnerActor(request), request.partner.id, request.params.environment);
    },
  );
};

/** POST /key/rotate inside the API-key scope, with the partner's ingest secret too. */
export const accountsV1KeyRoutes: Area = async (app, { deps, guards }) => {
  app.addHook('onRequest', guards.ingestSecret);
  const r = typed(app);
  r.post(
    '/key/rotate',
    {
      config: { noStore: true },
      schema: {
        operationId: 'rotateKey',
        tags: ['partner'],
        summary: 'Rotate a key: a new key is returned once; the old one fails on the very next request',
        description:
          'Needs the partner key and X-Service-Ingest-Secret, so a leaked key alone cannot rotate. key_type sandbox = the test slot, production = the live slot. ' +
          'A key acts only in its own environment: a test key rotates the sandbox key, a live key the production key; the other is 403 (nothing changed).',
        security: security.keyAndSecret,
        body: S.KeyRotateBody,
        response: { 200: S.KeyRotateResponse, ...errorResponses(401, 403, 413, 422, 429) },
      },
    },
    async (request) => keys.rotateKey(deps, partnerActor(request), request.partner.id, request.body.key_type, request.environment),
  );
};

/** /api/v1/admin/*: server-to-server key administration (platform secret, added by app.ts). */
export const accountsServerRoutes: Area = async (app, { deps }) => {
  const r = typed(app);
  const TAG = ['server-to-server'];

  r.post(
    '/keys/sync',
    {
      schema: {
        operationId: 'syncKey',
        tags: TAG,
        summary: 'Upsert one key into a partner slot, creating the partner when none matches',
        description: 'Matches partner_id first, then partner_email (case-insensitive); otherwise partner_email and partner_company_name create a production-enabled partner. 409 when the key belongs to another slot.',
        security: security.platformSecret,
        body: S.KeySyncBody,
        response: { 201: S.KeySyncResult, ...errorResponses(401, 404, 409, 413, 422, 503) },
      },
    },
    async (request, reply) => reply.status(201).send(await keys.syncKey(deps, serverActor, request.body, 'external-sync')),
  );

  r.post(
    '/keys/bulk-sync',
    {
      schema: {
        operationId: 'bulkSyncKeys',
        tags: TAG,
        summary: '1 to 500 key syncs, all or nothing in one transaction',
        description: 'A failing item fails the batch (nothing kept); the error names it in `index` (409/404) or in the 422 `loc`.',
        security: security.platformSecret,
        body: S.KeySyncBatchBody,
        response: { 200: S.KeySyncBatchResult, ...errorResponses(401, 404, 409, 413, 422, 503) },
      },
    },
    async (request) => keys.bulkSync(deps, serverActor, request.body.keys),
  );

  r.delete(
    '/keys/:key_value',
    {
      schema: {
        operationId: 'deleteKeyByValue',
        tags: TAG,
        summary: 'Remove a key, by its value, from the partner that holds it (slot blank, record kept)',
        security: security.platformSecret,
        params: S.KeyValuePath,
        response: { 200: S.KeyDeleteResult, ...errorResponses(401, 404, 422, 503) },
      },
    },
    async (request) => keys.deleteKeyByValue(deps, serverActor, request.params.key_value),
  );

  r.put(
    '/partners/by-email/:email',
    {
      schema: {
        operationId: 'updatePartnerByEmail',
        tags: TAG,
        summary: "Update a partner's company and contact names, found by email (case-insensitive)",
        security: security.platformSecret,
        params: S.EmailPath,
        body: S.PartnerMetadataUpdateBody,
        response: { 200: S.PartnerMetadataUpdateResult, ...errorResponses(401, 404, 413, 422, 503) },
      },
    },
    async (request) => keys.updateMetadataByEmail(deps, serverActor, request.params.email, request.body),
  );
};

