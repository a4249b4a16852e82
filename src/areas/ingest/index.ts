/**
 * Platform usage-event ingest, partner and admin usage dashboards, exports, seed-demo (issue 6).
 *   ingestRoutes under /api
 */
import type { Area } from '../../http/area.js';

export const ingestRoutes: Area = async () => {};
