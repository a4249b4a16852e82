/** The signed-in administrator's second factor: /api/auth/admin/mfa/* (the same operations as a partner's). */
import { accountMfaRoutes } from '../account-mfa.js';

export const mfaRoutes = accountMfaRoutes('admin');
