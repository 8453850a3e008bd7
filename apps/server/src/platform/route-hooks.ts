import type { RouteOptions } from 'fastify';

/** The methods that never write. */
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a route answers a method that can write (a route may declare several methods). */
export const routeWrites = (route: Pick<RouteOptions, 'method'>) =>
  [route.method].flat().some((method) => !SAFE_METHODS.has(method));

/**
 * A route option's hooks (one function, an array or none) with `hook` added last: for hooks that belong to some
 * routes only, added from `onRoute` as each route is declared, so that every other request does not pass them.
 */
export function withHook<T>(existing: T | T[] | undefined, hook: T): T[] {
  return existing === undefined ? [hook] : [...(Array.isArray(existing) ? existing : [existing]), hook];
}
