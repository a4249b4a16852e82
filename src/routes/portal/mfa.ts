/** The signed-in partner's second factor: /api/auth/partner/mfa/* (the same operations as an administrator's). */
import { accountMfaRoutes } from '../account-mfa.js';

export const mfaRoutes = accountMfaRoutes('partner');
