/**
 * Sandbox layer: link token, accounts, transactions, transfers, cash-flow (issue 7).
 *   sandboxV1KeyRoutes inside the API-key scope; opts.form tells /api/v1 (machine) from /v1 (reference)
 */
import type { Area } from '../../http/area.js';

export const sandboxV1KeyRoutes: Area = async () => {};
