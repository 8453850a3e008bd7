import type { ComponentType } from 'react';
import { isChunkLoadError, reloadOnceForChunkError } from './chunk-reload';

export type RouteModule = { Component: ComponentType };

/**
 * Wraps a route module import: when its chunk cannot load (a new deploy removed it) the page reloads
 * once per CHUNK_RELOAD_GUARD_MS to pick up the new build; otherwise the error reaches the error page.
 */
export function lazyRoute(load: () => Promise<RouteModule>) {
  return async (): Promise<RouteModule> => {
    try {
      const module = await load();
      return { Component: module.Component };
    } catch (error) {
      if (isChunkLoadError(error) && reloadOnceForChunkError()) return new Promise<RouteModule>(() => {});
      throw error;
    }
  };
}
