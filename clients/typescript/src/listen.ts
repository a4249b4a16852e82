import { parseArgs } from 'node:util';

/**
 * Webhooks forwarded to a developer's machine: reads the test environment's event stream
 * (GET /api/v1/webhooks/stream, Server-Sent Events) and sends each event to a local URL as the same signed POST
 * an endpoint receives (the headers the stream carries, the payload byte for byte), one line per event with the
 * local answer's status. Reconnects with Last-Event-ID after a cut, so no event is missed while it is away.
 * The `svc-listen` bin and the service's `npm run svc -- listen` run it.
 */

export interface ListenOptions {
  /** The service's base URL, e.g. https://api.example.com (no trailing path). */
  baseUrl: string;
  /** A test API key (sk_test_…); a live key is refused by the service. */
  apiKey: string;
  /** The partner's ingest secret (the /api/v1/webhooks operations need it beside the key). */
  ingestSecret: string;
  /** Where each event is POSTed, e.g. http://localhost:3000/hook. */
  forwardTo: string;
  /** One line per event and per connection change (default: standard output). */
  log?: (line: string) => void;
  /** Stops listening (and the promise resolves). */
  signal?: AbortSignal;
  /** The last event already received: the stream replays the later ones. */
  lastEventId?: string;
  /** Waits before reconnecting, doubling from the first to the last (ms). */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
}

interface StreamEvent {
  id: string;
  event: string;
  data: string;
}

/** Why listening stopped for good (a credential the service refuses, or the key rotated away). */
export class ListenError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'ListenError';
  }
}

/** Splits a Server-Sent Events text stream into its events (comments and `retry:` are skipped). */
export async function* sseEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamEvent> {
  // A TextDecoder over the bytes rather than TextDecoderStream: the two libraries' stream types (DOM and Node) disagree.
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buf += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let i: number;
    while ((i = buf.indexOf('\n\n')) >= 0) {
      const block = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const ev: StreamEvent = { id: '', event: 'message', data: '' };
      let any = false;
      for (const line of block.split('\n')) {
        const c = line.indexOf(':');
        if (c === 0) continue;
        const field = c < 0 ? line : line.slice(0, c);
        const value = c < 0 ? '' : line.slice(c + 1).replace(/^ /, '');
        if (field === 'id') ev.id = value;
        else if (field === 'event') ev.event = value;
        else if (field === 'data') ev.data = ev.data ? `${ev.data}\n${value}` : value;
        else continue;
        any = true;
      }
      if (any) yield ev;
    }
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });

/** POSTs one event to the local URL; its status, or the error as text. */
async function forward(url: string, data: { payload: string; headers: Record<string, string> }, signal?: AbortSignal): Promise<string> {
  try {
    const headers = { ...data.headers };
    delete headers['content-length'];
    const res = await fetch(url, { method: 'POST', headers, body: data.payload, signal });
    await res.arrayBuffer().catch(() => undefined);
    return String(res.status);
  } catch (err) {
    const e = err as { message?: string; cause?: { code?: string } };
    return `failed (${e.cause?.code ?? e.message ?? String(err)})`;
  }
}

/**
 * Listens until `signal` aborts (resolves) or the service refuses the credentials for good (rejects with a
 * ListenError: 401, 403, or the stream closed because the key was rotated away).
 */
export async function listen(opts: ListenOptions): Promise<void> {
  const log = opts.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const min = opts.reconnectMinMs ?? 500;
  const max = opts.reconnectMaxMs ?? 15_000;
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/api/v1/webhooks/stream`;
  let lastId = opts.lastEventId;
  let delay = min;
  while (!opts.signal?.aborted) {
    let res: Response;
    try {
      res = await fetch(url, {
        headers: {
          accept: 'text/event-stream',
          'x-api-key': opts.apiKey,
          'x-service-ingest-secret': opts.ingestSecret,
          ...(lastId ? { 'last-event-id': lastId } : {}),
        },
        signal: opts.signal,
      });
    } catch (err) {
      if (opts.signal?.aborted) return;
      log(`! cannot reach ${url} (${(err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message}); trying again in ${Math.round(delay / 1000)} s`);
      await sleep(delay, opts.signal);
      delay = Math.min(max, delay * 2);
      continue;
    }
    if (res.status !== 200 || !res.body) {
      const text = await res.text().catch(() => '');
      let detail = text;
      let code: string | null = null;
      try {
        const j = JSON.parse(text) as { detail?: unknown; code?: string };
        detail = typeof j.detail === 'string' ? j.detail : JSON.stringify(j.detail);
        code = j.code ?? null;
      } catch {
        // not JSON: said as it came
      }
      if (res.status === 429 || res.status >= 500) {
        log(`! ${res.status} ${code ?? ''}: ${detail}; trying again in ${Math.round(delay / 1000)} s`);
        await sleep(delay, opts.signal);
        delay = Math.min(max, delay * 2);
        continue;
      }
      throw new ListenError(`${res.status} ${code ?? ''}: ${detail}`, res.status, code);
    }
    log(`> listening for test events, forwarding to ${opts.forwardTo}${lastId ? ` (after ${lastId})` : ''}`);
    delay = min;
    try {
      for await (const ev of sseEvents(res.body)) {
        if (ev.event === 'stream.closed') {
          const reason = (JSON.parse(ev.data) as { reason?: string }).reason ?? 'closed';
          if (reason === 'server_closing') break;
          throw new ListenError(`the service ended the stream: ${reason}`, null, reason);
        }
        const data = JSON.parse(ev.data) as { payload: string; headers: Record<string, string> };
        const status = await forward(opts.forwardTo, data, opts.signal);
        log(`${new Date().toISOString()} ${ev.event} ${ev.id} -> ${status}`);
        if (ev.id) lastId = ev.id;
      }
    } catch (err) {
      if (err instanceof ListenError) throw err;
      if (opts.signal?.aborted) return;
    }
    if (opts.signal?.aborted) return;
    log(`! stream cut; reconnecting in ${Math.round(delay / 1000)} s`);
    await sleep(delay, opts.signal);
    delay = Math.min(max, delay * 2);
  }
}

export const LISTEN_USAGE =
  'usage: svc-listen --forward-to http://localhost:3000/hook [--base-url URL] [--api-key KEY] [--ingest-secret SECRET] [--last-event-id ID]\n' +
  '  the key (a test key) and the ingest secret come from SVC_API_KEY and SVC_INGEST_SECRET unless given;\n' +
  '  the base URL from SVC_BASE_URL (default http://localhost:8000)\n';

/** The command line of `svc-listen` and `npm run svc -- listen`: the exit code (0 stopped, 1 refused, 2 usage). */
export async function listenCli(argv: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        'forward-to': { type: 'string' },
        'base-url': { type: 'string' },
        'api-key': { type: 'string' },
        'ingest-secret': { type: 'string' },
        'last-event-id': { type: 'string' },
      },
    }));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n${LISTEN_USAGE}`);
    return 2;
  }
  const forwardTo = values['forward-to'];
  const apiKey = values['api-key'] ?? env.SVC_API_KEY;
  const ingestSecret = values['ingest-secret'] ?? env.SVC_INGEST_SECRET;
  const baseUrl = values['base-url'] ?? env.SVC_BASE_URL ?? 'http://localhost:8000';
  if (!forwardTo || !apiKey || !ingestSecret) {
    process.stderr.write(LISTEN_USAGE);
    return 2;
  }
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  process.once('SIGTERM', () => stop.abort());
  try {
    await listen({ baseUrl, apiKey, ingestSecret, forwardTo, signal: stop.signal, lastEventId: values['last-event-id'] });
    return 0;
  } catch (err) {
    process.stderr.write(`svc-listen: ${err instanceof ListenError ? err.message : String(err)}\n`);
    return 1;
  }
}
