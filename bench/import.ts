/**
 * The import benchmark: a 100,000-row stores CSV imported end to end (upload, checks, batched writes,
 * search index) into a fresh team, while an open-loop load keeps asking the same server for a list page at
 * a fixed rate. The import gets a database of its own (a new SQLite file, or a freshly created PostgreSQL
 * database next to BENCH_DATABASE_URL) so the cached benchmark data set never changes between runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { API_BASE, CSRF_COOKIE, CSRF_HEADER } from '@storekeep/contracts';
import { cpuProfileArgs, startApp } from './processes';
import { openLoopLoad } from './open-loop';

export const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
/** Requests per second of the other users while the import runs (a busy team, not a load test). */
export const LOAD_RATE = Number(process.env.BENCH_IMPORT_LOAD_RATE ?? 50);
export type ImportResult = {
  rate: number;
  rows: number;
  created: number;
  seconds: number;
  uploadSeconds: number;
  p95: number;
  p50: number;
  requests: number;
};

const BRANDS = ['Alpha Burgers', 'Beta Tacos', 'Gamma Pizza', 'Delta Subs', 'Epsilon Coffee'];
const CITIES = ['Austin', 'Denver', 'Boston', 'Reno', 'Tampa', 'Omaha', 'Fresno', 'Salem'];

function storesCsv(rows: number): string {
  const lines = ['Store number,Store name,Brand,Status,Opened,City,State,Zip,Square feet'];
  for (let i = 1; i <= rows; i += 1) {
    const month = String((i % 12) + 1).padStart(2, '0');
    lines.push(
      `S${i},"Store ${i}, ${CITIES[i % CITIES.length]}",${BRANDS[i % BRANDS.length]},${i % 3 ? 'Open' : 'Planned'},2019-${month}-15,${CITIES[i % CITIES.length]},TX,7${String(i % 10000).padStart(4, '0')},${1000 + (i % 3000)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function freshDatabase(dataDir: string): Promise<string> {
  const base = process.env.BENCH_DATABASE_URL;
  if (!base) return `sqlite:${path.join(dataDir, 'import.sqlite')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query('drop database if exists storekeep_bench_import with (force)');
  await admin.query('create database storekeep_bench_import');
  await admin.end();
  const url = new URL(base);
  url.pathname = '/storekeep_bench_import';
  return url.toString();
}

class Jar {
  private cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
  }
  get header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  get csrf() {
    return decodeURIComponent(this.cookies.get(CSRF_COOKIE) ?? '');
  }
}

export async function measureImport(workDir: string): Promise<ImportResult> {
  fs.rmSync(workDir, { recursive: true, force: true });
  fs.mkdirSync(workDir, { recursive: true });
  const databaseUrl = await freshDatabase(workDir);
  const server = await startApp({ databaseUrl, dataDir: workDir, nodeArgs: cpuProfileArgs() });
  try {
    const app = server.url;
    const jar = new Jar();
    jar.take(await fetch(`${app}/app/sanctum/csrf-cookie`));
    const call = async (method: string, url: string, body?: unknown) => {
      const response = await fetch(`${app}${url}`, {
        method,
        headers: {
          cookie: jar.header,
          accept: 'application/json',
          [CSRF_HEADER]: jar.csrf,
          ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        },
        body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
      });
      jar.take(response);
      const text = await response.text();
      if (response.status >= 300)
        throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
      return text ? (JSON.parse(text) as { data: Record<string, unknown> }) : { data: {} };
    };
    const password = 'a long enough password';
    await call('POST', '/app/register', {
      name: 'Import Bench',
      email: 'import-bench@example.test',
      password,
      password_confirmation: password,
    });
    for (const name of BRANDS) await call('POST', `${API_BASE}/brands`, { name });

    const csv = storesCsv(IMPORT_ROWS);
    const started = performance.now();
    const form = new FormData();
    form.append('type', 'stores');
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'stores.csv');
    const uploaded = (await call('POST', `${API_BASE}/imports`, form)).data as {
      id: number;
      mapping: Record<string, string>;
    };
    const uploadSeconds = (performance.now() - started) / 1000;
    await call('POST', `${API_BASE}/imports/${uploaded.id}/run`, { mapping: uploaded.mapping });

    // Other people keep working meanwhile: LOAD_RATE list pages a second of the same team, open loop.
    const load = openLoopLoad(
      `${app}${API_BASE}/stores?sort=city`,
      { cookie: jar.header, accept: 'application/json' },
      LOAD_RATE,
    );
    let status = '';
    let created = 0;
    while (!['completed', 'failed', 'cancelled'].includes(status)) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const dto = (await call('GET', `${API_BASE}/imports/${uploaded.id}`)).data as {
        status: string;
        created_count: number;
        message: string | null;
      };
      status = dto.status;
      created = dto.created_count;
      if (status === 'failed') throw new Error(`import failed: ${dto.message}`);
    }
    const seconds = (performance.now() - started) / 1000;
    const { times, errors, failures } = await load.stop();
    if (errors) throw new Error(`${errors} list requests failed during the import (${failures})`);
    times.sort((a, b) => a - b);
    const at = (p: number) =>
      times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? NaN;
    return {
      rate: LOAD_RATE,
      rows: IMPORT_ROWS,
      created,
      seconds,
      uploadSeconds,
      p50: at(50),
      p95: at(95),
      requests: times.length,
    };
  } finally {
    await server.stop();
  }
}
