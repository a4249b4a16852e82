/** The signed-in administrator's sessions: /api/auth/admin/sessions[/{session_id}|/revoke-others] (the same operations as a partner's). */
import { accountSessionRoutes } from '../account-sessions.js';

export const sessionRoutes = accountSessionRoutes('admin');
