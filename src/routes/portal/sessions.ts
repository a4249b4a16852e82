/** The signed-in partner's sessions: /api/auth/partner/sessions[/{session_id}|/revoke-others] (the same operations as an administrator's). */
import { accountSessionRoutes } from '../account-sessions.js';

export const sessionRoutes = accountSessionRoutes('partner');
