/**
 * The admin console's OpenID provider, as this process knows it: its discovered configuration
 * (openid-client), read on first use and kept; a failed discovery is tried again on the next sign-in. The client
 * authenticates at the token endpoint with HTTP Basic (client_secret_basic, OpenID Connect's default method).
 */
import * as oidc from 'openid-client';
import type { AdminOidcConfig } from '../../config.js';

/** Seconds an HTTP call to the provider (discovery, token, userinfo) may take. */
const PROVIDER_TIMEOUT_SECONDS = 10;

export class AdminOidc {
  #discovered: Promise<oidc.Configuration> | null = null;

  constructor(readonly settings: AdminOidcConfig | null) {}

  /** Whether single sign-on is configured. */
  get enabled(): boolean {
    return this.settings !== null;
  }

  /** What the sign-in page names the provider by: the issuer's host. */
  get providerName(): string | null {
    return this.settings ? new URL(this.settings.issuer).host : null;
  }

  /** The provider's configuration (discovered once); throws when the provider cannot be reached or answers wrongly. */
  configuration(): Promise<oidc.Configuration> {
    const s = this.settings;
    if (!s) return Promise.reject(new Error('single sign-on is not configured'));
    if (!this.#discovered) {
      const insecure = new URL(s.issuer).protocol === 'http:'; // loopback only (config.ts): a local test provider
      this.#discovered = oidc
        .discovery(new URL(s.issuer), s.clientId, undefined, oidc.ClientSecretBasic(s.clientSecret), {
          timeout: PROVIDER_TIMEOUT_SECONDS,
          ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
        })
        .then((c) => {
          c.timeout = PROVIDER_TIMEOUT_SECONDS;
          return c;
        });
      this.#discovered.catch(() => {
        this.#discovered = null;
      });
    }
    return this.#discovered;
  }
}
