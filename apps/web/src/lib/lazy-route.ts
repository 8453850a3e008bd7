import type { ComponentType } from 'react';
import { loadLaterStrings } from '../i18n';
import { isChunkLoadError, reloadOnceForChunkError } from './chunk-reload';

export type RouteModule = { Component: ComponentType };

/**
 * Wraps a route module import: when its chunk cannot load (a new deploy removed it) the page reloads
 * once per CHUNK_RELOAD_GUARD_MS to pick up the new build; otherwise the error reaches the error page.
 * The screen also waits for the strings outside the first load (locales/en-later.ts) unless it is one
 * of the first-load screens that only show locales/en.ts strings (`laterStrings: false`).
 *
 * Only the Component is lazy (React Router's object form), so the route's loader — the auth guard's
 * GET /users/auth, a page's data prefetch — starts at once instead of after the chunk has arrived.
 */
export function lazyRoute(
  load: () => Promise<RouteModule>,
  { laterStrings = true }: { laterStrings?: boolean } = {},
) {
  return {
    Component: async (): Promise<ComponentType> => {
      try {
        const [module] = await Promise.all([load(), laterStrings ? loadLaterStrings() : undefined]);
        return module.Component;
      } catch (error) {
        if (isChunkLoadError(error) && reloadOnceForChunkError()) return new Promise<ComponentType>(() => {});
        throw error;
      }
    },
  };
}
