import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose code (the Zod schema and Zod itself, ~25 KB gzipped) loads on the first
 * validation instead of with the page: for forms in the first load of a page (login; first-load budget).
 */
export function lazyResolver<TFieldValues extends FieldValues, TContext, TTransformed>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformed>>,
): Resolver<TFieldValues, TContext, TTransformed> {
  let loading: Promise<Resolver<TFieldValues, TContext, TTransformed>> | undefined;
  return async (values, context, options) => {
    loading ??= load();
    return (await loading)(values, context, options);
  };
}
