/**
 * Partner accounts, sessions, API keys and administrator operations (issue 3).
 * Mount points (see src/app.ts and src/areas/partner-api.ts):
 *   accountsRoutes          under /api   (auth/*, partners/me/api-keys, admin/partners…, admin/external-keys, admin/ingest-secret)
 *   accountsV1SessionRoutes under /api/v1 and /v1, partner session (PUT /keys, DELETE /keys/:environment)
 *   accountsV1KeyRoutes     inside the API-key scope (POST /key/rotate, + ingest secret)
 *   accountsServerRoutes    under /api/v1/admin, platform secret (keys/sync, bulk-sync, …)
 */
import type { Area } from '../../http/area.js';

export const accountsRoutes: Area = async () => {};
export const accountsV1SessionRoutes: Area = async () => {};
export const accountsV1KeyRoutes: Area = async () => {};
export const accountsServerRoutes: Area = async () => {};
