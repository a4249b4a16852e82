/**
 * A TCP proxy in front of a real server (PostgreSQL, Redis), so a test can make it
 * go away and come back without touching the server every other test shares:
 * - cut(): every open connection is reset mid-stream (queries in flight fail);
 * - refuse(): cut, and new connections are refused (the port is closed);
 * - stall(): cut, and new connections are accepted but nothing is forwarded (a partition);
 * - restore(): connections are forwarded again, on the same port.
 */
import net from 'node:net';

export type ProxyMode = 'pass' | 'refuse' | 'stall';

export interface TcpProxy {
  readonly port: number;
  readonly mode: ProxyMode;
  /** Connections forwarded since the start (a sign clients came back). */
  readonly accepted: number;
  cut(): void;
  refuse(): Promise<void>;
  stall(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  let mode: ProxyMode = 'pass';
  let accepted = 0;

  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('error', () => s.destroy());
    s.on('close', () => sockets.delete(s));
  };

  const onConnection = (client: net.Socket) => {
    track(client);
    if (mode !== 'pass') return; // stalled: accepted, never answered
    accepted++;
    const upstream = net.connect(targetPort, targetHost);
    track(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', drop);
    upstream.on('close', drop);
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      if (server) return resolve();
      const s = net.createServer(onConnection);
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as net.AddressInfo).port;
        server = s;
        resolve();
      });
    });

  const unlisten = async () => {
    const s = server;
    server = null;
    if (s) await new Promise<void>((r) => s.close(() => r()));
  };

  const cut = () => {
    // resetAndDestroy sends RST, as a server that died would; destroy() alone is a clean FIN.
    for (const s of sockets) {
      if (s.resetAndDestroy) s.resetAndDestroy();
      else s.destroy();
    }
    sockets.clear();
  };

  await listen();
  return {
    get port() {
      return port;
    },
    get mode() {
      return mode;
    },
    get accepted() {
      return accepted;
    },
    cut,
    async refuse() {
      mode = 'refuse';
      const closing = unlisten();
      cut();
      await closing;
    },
    async stall() {
      mode = 'stall';
      cut();
      await listen();
    },
    async restore() {
      if (mode === 'pass') return;
      cut(); // stalled connections never got an upstream
      mode = 'pass';
      await listen();
    },
    async close() {
      mode = 'refuse';
      const closing = unlisten();
      cut();
      await closing;
    },
  };
}
