/** The signed-in administrator's passkeys: /api/auth/admin/mfa/passkeys* (the same operations as a member's). */
import { accountPasskeyRoutes } from '../account-passkeys.js';

export const passkeyRoutes = accountPasskeyRoutes('admin');
