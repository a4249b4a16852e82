/** A small Server-Sent Events reader for the stream tests. */
import http from 'node:http';

export interface SseEvent {
  id?: string;
  event?: string;
  data: string;
}

export interface SseConnection {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: SseEvent[];
  comments: string[];
  /** The body of a refusal (not a stream). */
  body: string;
  ended: Promise<void>;
  close(): void;
  /** Resolves once `n` events have arrived (rejects after `ms`). */
  waitFor(n: number, ms?: number): Promise<SseEvent[]>;
}

export function openSse(url: string, headers: Record<string, string>): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const events: SseEvent[] = [];
      const comments: string[] = [];
      let buf = '';
      let body = '';
      const waiters: (() => void)[] = [];
      let endResolve!: () => void;
      const ended = new Promise<void>((r) => (endResolve = r));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        buf += chunk;
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const ev: SseEvent = { data: '' };
          let isEvent = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) {
              comments.push(line.slice(1).trim());
              continue;
            }
            if (line.startsWith('id: ')) ev.id = line.slice(4);
            else if (line.startsWith('event: ')) ev.event = line.slice(7);
            else if (line.startsWith('data: ')) ev.data += line.slice(6);
            else continue;
            isEvent = true;
          }
          if (isEvent) events.push(ev);
        }
        waiters.splice(0).forEach((w) => w());
      });
      res.on('end', endResolve);
      res.on('close', endResolve);
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        comments,
        get body() {
          return body;
        },
        ended,
        close: () => req.destroy(),
        waitFor(n, ms = 5000) {
          return new Promise((ok, fail) => {
            const deadline = setTimeout(() => fail(new Error(`waitFor(${n}): only ${events.length} events: ${JSON.stringify(events)}`)), ms);
            const check = () => {
              if (events.length >= n) {
                clearTimeout(deadline);
                ok(events.slice());
              } else waiters.push(check);
            };
            check();
          });
        },
      });
    });
    req.on('error', reject);
  });
}
