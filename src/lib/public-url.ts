/**
 * The service's own address for absolute links (mail, feeds, sitemap, IndexNow, the docs' "Try it
 * out"): PUBLIC_BASE_URL when it is set, otherwise the address the server listens on, so a local
 * start on another port sends links that open. Read it where a link is written, never once at
 * start: the port of `PORT=0` is known only after listen.
 */
import { isIP } from 'node:net';

/** `http://<host>:<port>` for a listen address; an unspecified host (0.0.0.0, ::) is reached on loopback. */
export function listenBase(host: string, port: number): string {
  const reachable = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
  return `http://${isIP(reachable) === 6 ? `[${reachable}]` : reachable}:${port}`;
}

export class PublicUrl {
  #base: string;

  /**
   * `configured`: PUBLIC_BASE_URL (no trailing slash), or null. Without it the base starts as the
   * configured HOST and PORT (what a worker or the CLI, which do not listen, can know) and follows
   * the server's real address once it listens.
   */
  constructor(
    readonly configured: string | null,
    host: string,
    port: number,
  ) {
    this.#base = configured ?? listenBase(host, port);
  }

  /** The base of every absolute link, without a trailing slash: `https://api.example.com`. */
  get base(): string {
    return this.#base;
  }

  get origin(): string {
    return new URL(this.#base).origin;
  }

  /** The server listens at `address` (Fastify's `http://127.0.0.1:43121`): links follow it unless PUBLIC_BASE_URL is set. */
  listening(address: string): void {
    if (this.configured !== null) return;
    const url = new URL(address);
    this.#base = listenBase(url.hostname.replace(/^\[|\]$/g, ''), Number(url.port));
  }
}
