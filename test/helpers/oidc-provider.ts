/**
 * A real OpenID provider on loopback for single sign-on tests (the `oidc-provider` package, with its
 * development login form, where any login name signs in), and a driver that completes its forms the way a
 * browser would, cookies included, until the provider sends the browser to the service's callback.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export const SSO_CLIENT_ID = 'svc-admin-console';
export const SSO_CLIENT_SECRET = 'a-client-secret-for-the-tests-only';

export interface SsoAccount {
  email?: string;
  email_verified?: boolean;
  groups?: string[];
}

export interface TestProvider {
  issuer: string;
  /** Login name → the claims the provider releases for it (login names missing here get none but `sub`). */
  accounts: Map<string, SsoAccount>;
  close(): Promise<void>;
}

/** Starts a provider on 127.0.0.1 (on `port`, or a free one) that accepts the given redirect URIs for SSO_CLIENT_ID. */
export async function startTestProvider(redirectUris: string[], accounts: Record<string, SsoAccount> = {}, port = 0): Promise<TestProvider> {
  const server = http.createServer();
  // Idle connections are closed by the client (fetch), never by this server between two of its requests: a request sent
  // on a socket the server is closing at that moment fails at once (a slow, loaded machine makes that race likely).
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const known = new Map(Object.entries(accounts));
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: SSO_CLIENT_ID,
        client_secret: SSO_CLIENT_SECRET,
        redirect_uris: redirectUris,
        post_logout_redirect_uris: redirectUris.map((u) => new URL('/admin/sign-in', u).href),
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
    scopes: ['openid', 'email', 'profile', 'groups'],
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ['test-provider-cookie-key-0123456789'] },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, ...(known.get(id) ?? {}) }),
    }),
  });
  server.on('request', provider.callback());
  return {
    issuer,
    accounts: known,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function attr(tag: string, name: string): string | null {
  const m = new RegExp(`\\b${name}="([^"]*)"`).exec(tag);
  return m ? m[1].replace(/&amp;/g, '&').replace(/&#x2F;/g, '/').replace(/&#x3D;/g, '=') : null;
}

/**
 * Follows `url` (the provider's authorization URL) like a browser: redirects, the login form (with `login` as the
 * login name) and the consent form, until a redirect leads to `stopAt`; answers that URL (the callback, with its query).
 */
export async function signInAtProvider(url: string, login: string, stopAt: string): Promise<string> {
  const jar = new Map<string, string>();
  let next = url;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    if (next.startsWith(stopAt)) return next;
    const res = await fetch(next, {
      method: body ? 'POST' : 'GET',
      body,
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      const [k, v] = [pair.slice(0, at).trim(), pair.slice(at + 1)];
      if (v === '' || /expires=Thu, 01 Jan 1970/i.test(c)) jar.delete(k);
      else jar.set(k, v);
    }
    if (res.status >= 300 && res.status < 400) {
      next = new URL(res.headers.get('location')!, next).href;
      body = undefined;
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`the provider answered ${res.status} at ${next}: ${html.slice(0, 500)}`);
    const form = /<form\b[^>]*>([\s\S]*?)<\/form>/.exec(html);
    if (!form) throw new Error(`no form at ${next}: ${html.slice(0, 500)}`);
    const fields = new URLSearchParams();
    for (const input of form[1].match(/<input\b[^>]*>/g) ?? []) {
      const name = attr(input, 'name');
      if (!name) continue;
      if (name === 'login') fields.set(name, login);
      else if (name === 'password') fields.set(name, 'any password');
      else fields.set(name, attr(input, 'value') ?? '');
    }
    next = new URL(attr(form[0], 'action')!, next).href;
    body = fields;
  }
  throw new Error('the provider never sent the browser back');
}
