// A TCP proxy between the app and a real server (PostgreSQL, Redis) that a test can break and
// mend, to simulate an outage without touching the machine's shared services:
// - cut(): every open connection is destroyed and the port stops listening (connection refused);
// - blackhole(): connections are accepted but nothing is forwarded (a server that hangs);
// - restore(): listens again on the same port and forwards.
import { createServer, connect, type Server, type Socket } from 'node:net';

export type ProxyMode = 'forward' | 'blackhole' | 'cut';

export class TcpProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  mode: ProxyMode = 'forward';
  port = 0;

  private constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  static async start(targetHost: string, targetPort: number): Promise<TcpProxy> {
    const proxy = new TcpProxy(targetHost, targetPort);
    await proxy.listen();
    return proxy;
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }

  private listen(): Promise<void> {
    const server = createServer((client) => {
      this.track(client);
      if (this.mode === 'blackhole') return; // read nothing, answer nothing
      const upstream = connect(this.targetPort, this.targetHost);
      this.track(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        this.port = (server.address() as { port: number }).port;
        resolve();
      });
    });
  }

  private destroyAll(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  /** Destroys every connection and stops listening: new connections are refused. */
  async cut(): Promise<void> {
    this.mode = 'cut';
    const server = this.server;
    this.server = null;
    this.destroyAll();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Destroys every connection; new ones are accepted and then left unanswered. */
  async blackhole(): Promise<void> {
    if (!this.server) await this.listen();
    this.mode = 'blackhole';
    this.destroyAll();
  }

  /**
   * Open connections stay open but nothing more passes either way, as a network that silently
   * drops packets; new connections are left unanswered too.
   */
  freeze(): void {
    this.mode = 'blackhole';
    for (const socket of this.sockets) {
      socket.unpipe();
      socket.pause();
    }
  }

  /** Forwards again (listening on the same port if it was cut). */
  async restore(): Promise<void> {
    this.destroyAll();
    this.mode = 'forward';
    if (!this.server) await this.listen();
  }

  async close(): Promise<void> {
    await this.cut();
  }
}
