/**
 * Partner accounts, sessions, API keys and administrator operations (issue 3).
 * Mount points (see src/app.ts and src/areas/partner-api.ts):
 *   accountsRoutes          under /api   (auth/*, partners/me/api-keys, admin/partners…, admin/external-keys, admin/ingest-secret, admin/audit-log)
 *   accountsV1SessionRoutes under /api/v1 and /v1, partner session (PUT /keys, DELETE /keys/:environment)
 *   accountsV1KeyRoutes     inside the API-key scope (POST /key/rotate, + ingest secret)
 *   accountsServerRoutes    under /api/v1/admin, platform secret (keys/sync, bulk-sync, …)
 */
export { accountsRoutes, accountsServerRoutes, accountsV1KeyRoutes, accountsV1SessionRoutes } from './routes.js';
