/**
 * What one client may hold of the server's sockets. A connection that sends its headers
 * and then stalls (or never finishes them) holds a socket and a file descriptor; enough
 * of them, from one address or many, stop the server for everyone. Three bounds:
 * - time: a request must arrive whole within REQUEST_TIMEOUT_MS (its headers within
 *   HEADERS_TIMEOUT_MS), and a socket idle for CONNECTION_IDLE_TIMEOUT_MS is closed;
 * - a cap on open connections (MAX_CONNECTIONS), which Node enforces by dropping the excess;
 * - a per-address share of it (MAX_CONNECTIONS_PER_ADDRESS): one address cannot take the cap.
 * Hitting a bound is logged (at most once per 10 s per kind, with how many since), and the
 * errors Node answers itself on a socket (408, 431, 414, 400) use the service's `{"detail", "code"}` shape;
 * the socket is destroyed CLIENT_ERROR_LINGER_MS after such an answer, whatever the client does.
 */
import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { codeForStatus, problem } from './error-codes.js';

export interface ConnectionLimits {
  maxConnections: number;
  maxConnectionsPerAddress: number;
  headersTimeoutMs: number;
}

/** Logs one line per kind of event at most every `everyMs`, counting the ones in between. */
function throttledWarn(log: FastifyBaseLogger, everyMs = 10_000) {
  const last = new Map<string, { at: number; suppressed: number }>();
  return (kind: string, fields: Record<string, unknown>, msg: string) => {
    const now = Date.now();
    const s = last.get(kind);
    if (s && now - s.at < everyMs) {
      s.suppressed++;
      return;
    }
    log.warn({ ...fields, limit: kind, since_last_line: s?.suppressed ?? 0 }, msg);
    last.set(kind, { at: now, suppressed: 0 });
  };
}

export function guardConnections(server: Server, limits: ConnectionLimits, log: FastifyBaseLogger): void {
  const warn = throttledWarn(log);
  server.maxConnections = limits.maxConnections;
  server.headersTimeout = limits.headersTimeoutMs;
  server.on('drop', (data?: { remoteAddress?: string }) => {
    warn('max_connections', { max_connections: limits.maxConnections, remote_address: data?.remoteAddress }, 'connection refused: the server holds MAX_CONNECTIONS connections');
  });
  const perAddress = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const held = perAddress.get(address) ?? 0;
    if (held >= limits.maxConnectionsPerAddress) {
      warn('max_connections_per_address', { max_connections_per_address: limits.maxConnectionsPerAddress, remote_address: address }, 'connection refused: this address holds its share of connections');
      socket.destroy();
      return;
    }
    perAddress.set(address, held + 1);
    socket.once('close', () => {
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left <= 0) perAddress.delete(address);
      else perAddress.set(address, left);
    });
  });
}

/**
 * How long a socket stays open after its error answer was written. `socket.end()` only half-closes: a
 * client that never reads and keeps sending a byte now and then would hold the socket (and a share of
 * MAX_CONNECTIONS) for ever. A client that reads has its answer well within this; then the socket goes.
 */
export const CLIENT_ERROR_LINGER_MS = 2_000;

const CLIENT_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request timeout: the request did not arrive in time'],
  HPE_HEADER_OVERFLOW: [431, 'Request headers too large'],
  HPE_URI_TOO_LONG: [414, 'URI too long'],
};

/**
 * Fastify's clientErrorHandler: what Node reports on a socket before any request exists
 * (timeouts, oversized or malformed headers) answers in the `{"detail", "code"}` shape and closes.
 */
export function clientErrorHandler(log: FastifyBaseLogger) {
  const warn = throttledWarn(log);
  return (err: Error & { code?: string }, socket: Socket): void => {
    if (err.code === 'ECONNRESET' || err.code === 'EPIPE' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, detail] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'Bad Request'];
    // The code and the peer only: Node's error carries the raw bytes received (credentials included).
    log.debug({ code: err.code, status, remote_address: socket.remoteAddress }, 'client error');
    if (status === 408) warn('request_timeout', { remote_address: socket.remoteAddress }, 'request timed out before it arrived whole');
    const body = JSON.stringify(problem(codeForStatus(status), detail));
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    const linger = setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS);
    linger.unref();
    socket.once('close', () => clearTimeout(linger));
  };
}
