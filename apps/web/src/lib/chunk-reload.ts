import { CHUNK_RELOAD_GUARD_MS } from '@storekeep/contracts';

const KEY = 'storekeep:chunk-reload-at';

/** A failed dynamic import: a deploy replaced the hashed chunk files this tab still refers to. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch/i.test(
    error.message,
  );
}

/**
 * Spec §8: a route chunk load failure reloads the page, but at most once per CHUNK_RELOAD_GUARD_MS,
 * so a chunk that is really gone shows the error page instead of reloading forever.
 */
export function reloadOnceForChunkError(now = Date.now()): boolean {
  const last = Number(sessionStorage.getItem(KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  sessionStorage.setItem(KEY, String(now));
  window.location.reload();
  return true;
}
