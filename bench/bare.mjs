// The ceiling for bench/wrk.ts: a bare Fastify app with one JSON route, run by plain node like the built
// server (no TypeScript loader), pinned to the same core. Prints {"port": n} once listening on 127.0.0.1.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
