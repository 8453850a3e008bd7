import Fastify from 'fastify';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context';
import { buildUser, signIn } from '../../test/factories';
import { nowIso } from './clock';
import { batchedHistogram, createMetrics, registerMetrics } from './metrics';

const ctx = useTestApp();

/** The value of one sample line, e.g. `name{a="b"} 3`, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  it('counts requests by route pattern, times database statements and jobs, and reads the outbox backlog', async () => {
    const { user } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    expect((await client.get('/app/api/v1/stores')).status).toBe(200);
    // Two different ids are one series: the label is the route pattern, never the raw URL.
    expect((await client.get('/app/api/v1/stores/999991')).status).toBe(404);
    expect((await client.get('/app/api/v1/stores/999992')).status).toBe(404);

    let ran = 0;
    ctx.app.deps.jobs.register('metrics.test', async () => void (ran += 1));
    const now = nowIso();
    await ctx.db
      .insertInto('jobs')
      .values({ kind: 'metrics.test', team_id: null, payload: '{}', available_at: now, created_at: now })
      .execute();
    await ctx.db
      .insertInto('outbox')
      .values({
        kind: 'metrics.test',
        payload: '{}',
        available_at: '2999-01-01T00:00:00.000Z',
        created_at: now,
      })
      .execute();
    await ctx.app.deps.jobs.runDue();
    expect(ran).toBe(1);

    const response = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(
      sample(text, 'storekeep_http_requests_total{method="GET",route="/app/api/v1/stores",status="2xx"}'),
    ).toBe(1);
    expect(
      sample(text, 'storekeep_http_requests_total{method="GET",route="/app/api/v1/stores/:id",status="4xx"}'),
    ).toBe(2);
    expect(text).not.toContain('stores/999991');
    // Scraped again: the same counts, not counted twice.
    const again = (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(
      sample(
        again,
        'storekeep_http_requests_total{method="GET",route="/app/api/v1/stores/:id",status="4xx"}',
      ),
    ).toBe(2);
    expect(sample(again, 'storekeep_http_requests_total{method="GET",route="/metrics",status="2xx"}')).toBe(
      1,
    );
    expect(
      sample(text, 'storekeep_db_query_duration_seconds_count{operation="select",outcome="ok"}'),
    ).toBeGreaterThan(3);
    expect(sample(text, 'storekeep_jobs_total{kind="metrics.test",outcome="succeeded"}')).toBe(1);
    expect(
      sample(text, 'storekeep_job_duration_seconds_count{kind="metrics.test",outcome="succeeded"}'),
    ).toBe(1);
    expect(sample(text, 'storekeep_outbox_pending{kind="metrics.test"}')).toBe(1);
    expect(sample(text, 'storekeep_jobs_queued{kind="metrics.test"}')).toBeUndefined();
    expect(text).toContain('process_resident_memory_bytes');
    if (ctx.app.deps.dialect === 'postgres')
      expect(sample(text, 'storekeep_db_pool_total')).toBeGreaterThan(0);
  });

  it('without METRICS_TOKEN answers only direct loopback requests', async () => {
    const foreign = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('storekeep_');
    // A reverse proxy on the same host connects from loopback: its forwarded requests are still foreign.
    const proxied = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(404);
  });

  it('with METRICS_TOKEN requires it as a bearer token, from anywhere', async () => {
    const token = 'metrics-token-0123456789';
    const app = Fastify();
    const metrics = createMetrics({
      db: ctx.db,
      dialect: ctx.app.deps.dialect,
      ping: async () => undefined,
      close: async () => undefined,
    });
    registerMetrics(app, metrics, token);
    try {
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      expect(
        (
          await app.inject({
            method: 'GET',
            url: '/metrics',
            headers: { authorization: 'Bearer wrong-token-0123456789' },
          })
        ).statusCode,
      ).toBe(401);
      const ok = await app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('storekeep_db_query_duration_seconds');
    } finally {
      await app.close();
    }
  });
});

describe('batchedHistogram', () => {
  it('exports every observation, in its series and bucket, whether or not a batch was full', async () => {
    const registry = new Registry();
    const { histogram, observe } = batchedHistogram({
      name: 'batched_seconds',
      help: 'test',
      labelNames: ['kind'] as const,
      buckets: [0.01, 0.1],
      registers: [registry],
    });
    // 600 crosses two full batches of `fast`; `slow` never fills one.
    for (let i = 0; i < 600; i++) observe('fast', { kind: 'fast' }, 0.005);
    for (let i = 0; i < 3; i++) observe('slow', { kind: 'slow' }, 0.05);
    observe('slow', { kind: 'slow' }, 2);

    const text = await registry.metrics();
    expect(sample(text, 'batched_seconds_count{kind="fast"}')).toBe(600);
    expect(sample(text, 'batched_seconds_sum{kind="fast"}')).toBeCloseTo(3, 9);
    expect(sample(text, 'batched_seconds_bucket{le="0.01",kind="fast"}')).toBe(600);
    expect(sample(text, 'batched_seconds_bucket{le="0.01",kind="slow"}')).toBe(0);
    expect(sample(text, 'batched_seconds_bucket{le="0.1",kind="slow"}')).toBe(3);
    expect(sample(text, 'batched_seconds_bucket{le="+Inf",kind="slow"}')).toBe(4);
    expect(sample(text, 'batched_seconds_sum{kind="slow"}')).toBeCloseTo(2.15, 9);

    // Read again with nothing new: the same figures, nothing handed over twice.
    observe('slow', { kind: 'slow' }, 0.005);
    const again = await histogram.get();
    const count = again.values.find(
      (v) => v.metricName === 'batched_seconds_count' && v.labels.kind === 'slow',
    );
    expect(count?.value).toBe(5);
    expect(sample(await registry.metrics(), 'batched_seconds_count{kind="fast"}')).toBe(600);
  });
});
