/**
 * Public surface: status, metrics, changelog, guide, blog, contact, deletion requests, IndexNow (issue 8).
 *   publicRoutes   at the root (paths under /api, plus /sitemap.xml, /robots.txt, /{indexnow-key}.txt)
 *   publicV1Routes under /api/v1 and /v1 (integration guide)
 */
import type { Area } from '../../http/area.js';

export const publicRoutes: Area = async () => {};
export const publicV1Routes: Area = async () => {};
