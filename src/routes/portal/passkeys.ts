/** The signed-in member's passkeys: /api/auth/partner/mfa/passkeys* (the same operations as an administrator's). */
import { accountPasskeyRoutes } from '../account-passkeys.js';

export const passkeyRoutes = accountPasskeyRoutes('partner');
