/** A real local HTTP receiver for webhook tests: records every request and answers as told. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Wait this long before answering. */
  delayMs?: number;
}

export type Behaviour = (req: Received, n: number) => Answer;

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** Replaces how the receiver answers (n = 1-based count of requests so far). */
  respond(b: Behaviour): void;
  /** Requests whose body has this event id. */
  of(eventId: string): Received[];
  close(): Promise<void>;
}

export async function startReceiver(behaviour: Behaviour = () => ({ status: 200, body: 'ok' }), path = '/hook'): Promise<Receiver> {
  let current = behaviour;
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      received.push(r);
      const a = current(r, received.length);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(a.status ?? 200, a.headers ?? {});
        res.end(a.body ?? '');
      };
      if (a.delayMs) setTimeout(send, a.delayMs);
      else send();
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    received,
    respond(b) {
      current = b;
    },
    of(eventId) {
      return received.filter((r) => {
        try {
          return (JSON.parse(r.body) as { id: string }).id === eventId;
        } catch {
          return false;
        }
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A receiver that takes requests and never answers, counting how many it holds at once. */
export interface SilentReceiver {
  url: string;
  /** Requests received so far. */
  requests: () => number;
  /** Requests held right now (the sender has not given up on them yet). */
  open: () => number;
  /** The most requests held at once. */
  maxOpen: () => number;
  /** Event ids of the requests received, in arrival order. */
  eventIds: string[];
  close(): Promise<void>;
}

export async function startSilentReceiver(): Promise<SilentReceiver> {
  let requests = 0;
  let open = 0;
  let maxOpen = 0;
  const eventIds: string[] = [];
  const server = http.createServer((req) => {
    requests++;
    open++;
    maxOpen = Math.max(maxOpen, open);
    const id = req.headers['webhook-id'];
    if (typeof id === 'string') eventIds.push(id);
    // Read the body, answer nothing; the request ends when the sender's timeout closes the socket.
    req.resume();
    let done = false;
    const end = () => {
      if (done) return;
      done = true;
      open--;
    };
    req.socket.once('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    requests: () => requests,
    open: () => open,
    maxOpen: () => maxOpen,
    eventIds,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A receiver that answers 200 after `delayMs`, counting the requests it holds at once. */
export interface SlowReceiver extends Receiver {
  /** Requests held right now (not yet answered). */
  open: () => number;
  /** The most requests held at once since the start or the last `resetMax()`. */
  maxOpen: () => number;
  resetMax: () => void;
  /** Requests answered so far. */
  answered: () => number;
}

export async function startSlowReceiver(delayMs: number): Promise<SlowReceiver> {
  let open = 0;
  let maxOpen = 0;
  let answered = 0;
  const rx = await startReceiver(() => {
    open++;
    maxOpen = Math.max(maxOpen, open);
    setTimeout(() => {
      open--;
      answered++;
    }, delayMs);
    return { status: 200, body: 'ok', delayMs };
  });
  return {
    ...rx,
    open: () => open,
    maxOpen: () => maxOpen,
    resetMax: () => {
      maxOpen = open;
    },
    answered: () => answered,
  };
}
