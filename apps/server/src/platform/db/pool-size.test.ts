import { describe, expect, it } from 'vitest';
import { defaultPoolSize, loadConfig } from '../config';

const base = { NODE_ENV: 'test', APP_URL: 'http://localhost:3000' };

describe('DATABASE_POOL_SIZE', () => {
  it('defaults to twice the cores shared among the workers, from 4 to 10 connections a worker', () => {
    expect(defaultPoolSize(2, 1)).toBe(4);
    expect(defaultPoolSize(2, 2)).toBe(4);
    expect(defaultPoolSize(4, 1)).toBe(8);
    expect(defaultPoolSize(8, 2)).toBe(8);
    expect(defaultPoolSize(16, 1)).toBe(10);
    expect(defaultPoolSize(1, 1)).toBe(4);
  });

  it('takes the value set, and refuses one that is not a whole number of at least 1', () => {
    expect(loadConfig({ ...base, DATABASE_POOL_SIZE: '12' }).DATABASE_POOL_SIZE).toBe(12);
    expect(loadConfig({ ...base, WORKERS: '1' }).DATABASE_POOL_SIZE).toBeGreaterThanOrEqual(4);
    expect(() => loadConfig({ ...base, DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ ...base, DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
  });
});
