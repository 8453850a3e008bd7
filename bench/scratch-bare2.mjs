import Fastify from 'fastify';
const app = Fastify({ logger: false });
const H = {
 'content-security-policy': "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data: blob: https://tile.openstreetmap.org;font-src 'self' data:;connect-src 'self';frame-src 'self';worker-src 'self' blob:;manifest-src 'self';media-src 'self' blob:;object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
 'cross-origin-opener-policy': 'same-origin','cross-origin-resource-policy': 'same-origin','origin-agent-cluster': '?1','referrer-policy': 'strict-origin-when-cross-origin','x-content-type-options': 'nosniff','x-dns-prefetch-control': 'off','x-download-options': 'noopen','x-frame-options': 'DENY','x-permitted-cross-domain-policies': 'none','x-xss-protection': '0'};
const body = JSON.stringify({data:{id:1,name:"Bench Owner",email:"owner@bench.storekeep.test",notifications:327432,email_verified_at:"2025-06-01T00:00:00.000Z",pending_email:null,owns_team:true,team_role:"admin",team_id:1,company_ids:null,teams:[{id:1,name:"Bench's Team"}],subscription:{status:"active"},is_demo:false}});
const buf = Buffer.from(body);
app.get('/bare', async () => ({ status: 'ok' }));
app.get('/h', async (req, reply) => { reply.headers(H); return { status: 'ok' }; });
app.get('/hb', async (req, reply) => { reply.headers(H); reply.type('application/json; charset=utf-8'); return buf; });
app.get('/hs', async (req, reply) => { reply.headers(H); reply.type('application/json; charset=utf-8'); return body; });
const H5={'content-security-policy':"default-src 'none'; frame-ancestors 'none'",'cross-origin-resource-policy':'same-origin','x-content-type-options':'nosniff','x-frame-options':'DENY','referrer-policy':'no-referrer'};
app.get('/h5', async (req, reply) => { reply.headers(H5); return body; });
app.get('/hfull', async (req, reply) => { reply.headers(H); return body; });
await app.listen({ host: '127.0.0.1', port: 3999 });
