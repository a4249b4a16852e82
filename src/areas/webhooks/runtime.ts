/**
 * Per-process state of the webhooks area, keyed by the Deps object: the SSRF-safe
 * HTTP agent and the host resolver (tests substitute one that maps names to
 * addresses of their choosing).
 */
import type { Agent } from 'undici';
import type { Deps } from '../../context.js';
import { createSafeAgent, systemResolver, type Resolver } from './ssrf.js';

interface Runtime {
  resolver: Resolver;
  agent: Agent | null;
}

const runtimes = new WeakMap<Deps, Runtime>();

function runtime(deps: Deps): Runtime {
  let rt = runtimes.get(deps);
  if (!rt) {
    rt = { resolver: systemResolver, agent: null };
    runtimes.set(deps, rt);
  }
  return rt;
}

/** The resolver webhook URLs are checked and connected with. */
export function webhookResolver(deps: Deps): Resolver {
  const rt = runtime(deps);
  // Indirect, so a resolver set later also applies to the agent made earlier.
  return (host) => rt.resolver(host);
}

/** Replaces the host resolver (tests: a name that resolves to 127.0.0.1, a rebinding host). */
export function setWebhookResolver(deps: Deps, resolver: Resolver): void {
  runtime(deps).resolver = resolver;
}

/** The shared delivery agent of this process. */
export function webhookAgent(deps: Deps): Agent {
  const rt = runtime(deps);
  rt.agent ??= createSafeAgent({
    allowPrivate: deps.config.webhookAllowPrivate,
    resolver: webhookResolver(deps),
    connectTimeoutMs: deps.config.webhookTimeoutMs,
    connections: 128,
  });
  return rt.agent;
}

/** Closes the agent (worker stop). */
export async function closeWebhookAgent(deps: Deps): Promise<void> {
  const rt = runtimes.get(deps);
  const agent = rt?.agent;
  if (!rt || !agent) return;
  rt.agent = null;
  await agent.close().catch(() => {});
}
