/**
 * The per-process state of the webhooks area (deps.webhooks, built by createDeps):
 * the SSRF-safe HTTP agent, the host resolver (tests substitute one that maps names
 * to addresses of their choosing) and the outbox signal.
 */
import { EventEmitter } from 'node:events';
import type { Agent } from 'undici';
import type { Config } from '../../config.js';
import { createSafeAgent, systemResolver, type Resolver } from './ssrf.js';
import { StreamRegistry } from './stream-registry.js';

export class WebhookRuntime {
  /** Host resolution of webhook URLs (checks and connections). */
  resolver: Resolver = systemResolver;
  private agentInstance: Agent | null = null;
  /**
   * Emits `enqueued` when an event row is written in this process, so the delivery
   * worker of this process looks for it at once instead of at its next poll.
   */
  readonly outbox = new EventEmitter();
  /** The webhook event streams open in this process (stream.ts), per key. */
  readonly streams = new StreamRegistry();

  constructor(private readonly config: Pick<Config, 'webhookAllowPrivate' | 'webhookTimeoutMs'>) {
    this.outbox.setMaxListeners(100);
  }

  /** The shared delivery agent (made at its first use; a closed one is made again). */
  agent(): Agent {
    this.agentInstance ??= createSafeAgent({
      allowPrivate: this.config.webhookAllowPrivate,
      // Indirect, so a resolver set later also applies to the agent made earlier.
      resolver: (host) => this.resolver(host),
      connectTimeoutMs: this.config.webhookTimeoutMs,
      connections: 128,
    });
    return this.agentInstance;
  }

  async close(): Promise<void> {
    this.streams.closeAll();
    const agent = this.agentInstance;
    this.agentInstance = null;
    if (agent) await agent.close().catch(() => {});
  }
}

/** The resolver webhook URLs are checked and connected with. */
export function webhookResolver(deps: { webhooks: WebhookRuntime }): Resolver {
  const rt = deps.webhooks;
  return (host) => rt.resolver(host);
}

/** Replaces the host resolver (tests: a name that resolves to 127.0.0.1, a rebinding host). */
export function setWebhookResolver(deps: { webhooks: WebhookRuntime }, resolver: Resolver): void {
  deps.webhooks.resolver = resolver;
}

/** The shared delivery agent of this process. */
export function webhookAgent(deps: { webhooks: WebhookRuntime }): Agent {
  return deps.webhooks.agent();
}
