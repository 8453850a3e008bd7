import net from 'node:net';

/**
 * A TCP proxy in front of a shared server (PostgreSQL, Redis) whose outage a test simulates without
 * touching the real server: `cut()` resets every connection and refuses new ones, as a restarting
 * database does; `restore()` listens on the same port again.
 */
export class TcpProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<this> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
    return this;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.resetAndDestroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  restore(): Promise<this> {
    return this.start();
  }
}
