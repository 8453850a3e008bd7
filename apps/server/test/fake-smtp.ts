import net from 'node:net';

export type ReceivedMail = { from: string; to: string[]; data: string };

/**
 * A tiny SMTP server for tests (just enough of RFC 5321 for nodemailer: no TLS, no AUTH): it records
 * every message it accepts. `down()` closes the port so deliveries fail like an SMTP outage; `up()`
 * listens on the same port again.
 */
export class FakeSmtp {
  readonly received: ReceivedMail[] = [];
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async up(): Promise<this> {
    const server = net.createServer((socket) => this.session(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
    return this;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Messages accepted for `to`. */
  to(address: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.to.includes(address));
  }

  private session(socket: net.Socket) {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake-smtp ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          this.received.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 queued');
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') current.from = addressIn(line);
        else if (verb === 'RCPT') current.to.push(addressIn(line));
        else if (verb === 'RSET') current = { from: '', to: [], data: '' };
        if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply(verb === 'EHLO' || verb === 'HELO' ? '250 fake-smtp' : '250 ok');
      }
    });
  }
}

const addressIn = (line: string) => /<([^>]*)>/.exec(line)?.[1] ?? '';
