import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import { teamWithRoles } from '../../../test/factories';

const ctx = useTestApp({ GOOGLE_MAPS_API_KEY: 'browser-key-123' });

describe('app config with address look-up on', () => {
  it('gives signed-in browsers the Maps key', async () => {
    const { observer } = await teamWithRoles(ctx);
    expect((await observer.get('/app/api/v1/app-config')).body.data).toEqual({
      maps_api_key: 'browser-key-123',
    });
  });
});
