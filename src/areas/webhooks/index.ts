/**
 * Webhook configuration, delivery log and reports/webhooks.csv (issue 4).
 *   webhooksV1KeyRoutes inside the API-key scope (adds the ingest-secret guard itself)
 */
import type { Area } from '../../http/area.js';

export const webhooksV1KeyRoutes: Area = async () => {};
