import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of one server (a service's PostgreSQL), to make it unreachable on demand:
 * `cut()` destroys every open connection and refuses new ones (closed at once, as a dead host's RST
 * would) until `restore()`. Only the clients behind the proxy lose the server; everyone else keeps it.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly open = new Set<Socket>();
  private refusing = false;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    this.server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  /** Drops every connection and refuses new ones until `restore()`. */
  cut(): void {
    this.refusing = true;
    for (const socket of this.open) socket.destroy();
    this.open.clear();
  }

  restore(): void {
    this.refusing = false;
  }

  async stop(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private accept(client: Socket): void {
    if (this.refusing) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(this.targetPort, this.targetHost);
    for (const socket of [client, upstream]) {
      this.open.add(socket);
      // A cut or a peer going away ends both halves; the error itself is expected, not a failure.
      socket.on('error', () => undefined);
      socket.once('close', () => {
        this.open.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  }
}
