/**
 * Browser tests of the web app (npm run test:e2e): the built server (dist/, web/dist/) on a free
 * port and a fresh SQLite DATA_DIR, driven by the system Chromium (no browser download).
 * Build first: `npm run build` (npm install does it). The same server on PostgreSQL, for the
 * portal's sign-in, keys and webhooks: playwright.pg.config.ts (npm run test:e2e:pg).
 */
import { e2eConfig } from './base-config.js';

export default e2eConfig({ testMatch: '*.spec.ts', command: 'node dist/src/server.js' });
