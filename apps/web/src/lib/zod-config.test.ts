import { describe, expect, it } from 'vitest';
import { zodSettings } from './zod-config';

describe('zod settings made before zod loads', () => {
  it('are the ones zod runs with: schemas skip the eval probe and compiler', async () => {
    expect(zodSettings.jitless).toBe(true);
    const { config } = await import('zod/v4/core');
    expect(config()).toBe(zodSettings);
    expect(config().jitless).toBe(true);
    const { z } = await import('zod');
    expect(z.object({ name: z.string() }).parse({ name: 'Harbor' })).toEqual({ name: 'Harbor' });
  });
});
