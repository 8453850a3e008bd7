import type { GeocodeResult } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { OutboundRefused } from '../../platform/outbound';
import { authorize, hasRole, type Actor } from '../../platform/policy';
import { updateRecord, recordDefinitions } from '../records/index';

const BATCH = 25;
const TIMEOUT_MS = 5000;

type GoogleAnswer = {
  status: string;
  results?: Array<{ geometry?: { location?: { lat: number; lng: number } } }>;
  error_message?: string;
};

/**
 * Stores saved before address look-up was on have no coordinates, so the dashboard map leaves them out. An
 * admin geocodes them here, a batch at a time (after `afterId`), each through the normal store update (search
 * row, audit). The browser asks again with the returned cursor until nothing remains.
 */
export async function geocodeStores(deps: Deps, actor: Actor, afterId: number): Promise<GeocodeResult> {
  authorize(hasRole(actor, 'admin'), 'Only team admins can look up coordinates.');
  const key = deps.config.GOOGLE_MAPS_API_KEY;
  if (!key)
    throw new AppError('conflict', 'Address look-up is off: set GOOGLE_MAPS_API_KEY to find coordinates.');
  const pending = deps.db
    .selectFrom('stores')
    .where('team_id', '=', actor.teamId)
    .where('deleted_at', 'is', null)
    .where('latitude', 'is', null)
    .where((eb) => eb.or([eb('address_line1', 'is not', null), eb('city', 'is not', null)]));
  const stores = await pending
    .select(['id', 'name', 'address_line1', 'city', 'region', 'postal_code', 'country'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(BATCH)
    .execute();
  let updated = 0;
  const failed: GeocodeResult['failed'] = [];
  for (const store of stores) {
    const address = [store.address_line1, store.city, store.region, store.postal_code, store.country]
      .filter(Boolean)
      .join(', ');
    try {
      const url = new URL(deps.config.GOOGLE_GEOCODING_URL);
      url.searchParams.set('address', address);
      url.searchParams.set('key', key);
      const answer = JSON.parse(
        (await deps.outbound.request(url, { timeoutMs: TIMEOUT_MS })).body,
      ) as GoogleAnswer;
      const location = answer.status === 'OK' ? answer.results?.[0]?.geometry?.location : undefined;
      if (!location) {
        failed.push({
          id: store.id,
          name: store.name,
          reason:
            answer.status === 'ZERO_RESULTS'
              ? 'The address was not found.'
              : (answer.error_message ?? answer.status),
        });
        continue;
      }
      await updateRecord(deps, recordDefinitions.stores, actor, store.id, {
        latitude: Number(location.lat.toFixed(6)),
        longitude: Number(location.lng.toFixed(6)),
      });
      updated += 1;
    } catch (error) {
      const reason =
        error instanceof OutboundRefused
          ? `The look-up service is not reachable from the server: ${error.message}.`
          : 'The look-up service did not answer.';
      failed.push({ id: store.id, name: store.name, reason });
    }
  }
  const last = stores.at(-1)?.id ?? afterId;
  const remaining = Number(
    (
      await pending
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id', '>', last)
        .executeTakeFirstOrThrow()
    ).n,
  );
  return { updated, failed, remaining, next_after_id: last };
}
