import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * Input every route refuses before its schema runs, found by the schema fuzzer (src/security/fuzz.test.ts):
 *  - NUL characters in any string (path, query or JSON body): PostgreSQL cannot store U+0000 in text and
 *    failed the statement (a 500); SQLite would store it and cut C strings short later.
 *  - ids beyond PostgreSQL's `integer` (2,147,483,647): `/leases/2147483648` or `company_id: 1e12` made the
 *    query itself fail (a 500) instead of finding nothing.
 *  - JSON nested deeper than MAX_DEPTH levels: no request of the API needs more, and walking it later
 *    (validation, logging, diffs) should not have to.
 * Each is a 422 naming the field (400 for the nesting), in the error envelope of ARCHITECTURE §4. A URL
 * longer than MAX_URL_LENGTH is a 414 before any of it is parsed.
 */
export const MAX_DB_INTEGER = 2_147_483_647;
export const MAX_DEPTH = 32;
/** The longest URL (path and query) served: every link the app makes is far shorter. */
export const MAX_URL_LENGTH = 8 * 1024;

// `id`, `company_id`, `store_ids`, `userId`, `filters[store_id]`, `filters[brand_id][]`.
const ID_KEY = /(?:^|[_[])ids?\]?(?:\[\])?$|[a-z]Id$/;
const NUMERIC = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?\s*$/i;

const labelOf = (path: string[]) =>
  (path.filter((p) => !/^\d+$/.test(p)).at(-1) ?? 'value')
    .replace(/^filters\[|\]|\[/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .trim()
    .toLowerCase();

/**
 * In a path or query every value is text, so numeric text counts; in a JSON body only numbers do (a string
 * such as a company's `tax_id` "123456789012" is text, not a reference).
 */
function outOfRange(value: unknown, textIsNumber: boolean): boolean {
  if (typeof value === 'number') return Math.abs(value) > MAX_DB_INTEGER;
  if (typeof value === 'string' && textIsNumber)
    return value.split(',').some((part) => NUMERIC.test(part) && Math.abs(Number(part)) > MAX_DB_INTEGER);
  return false;
}

/** Field errors of one parsed input (params, query or body); `tooDeep` when it nests past MAX_DEPTH. */
export function inputProblems(
  input: unknown,
  textIsNumber = false,
): { errors: Record<string, string[]>; tooDeep: boolean } {
  const errors: Record<string, string[]> = {};
  // An explicit stack, not recursion: the input may be as deep as the body limit allows.
  const stack: Array<{ value: unknown; path: string[]; idKey: boolean }> = [
    { value: input, path: [], idKey: false },
  ];
  while (stack.length) {
    const { value, path, idKey } = stack.pop()!;
    if (path.length > MAX_DEPTH) return { errors, tooDeep: true };
    const key = path.join('.') || '_';
    if (typeof value === 'string' && value.includes('\u0000')) {
      errors[key] = [`The ${labelOf(path)} may not contain NUL characters.`];
    } else if (idKey && outOfRange(value, textIsNumber)) {
      errors[key] = [`The ${labelOf(path)} is out of range.`];
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, path: [...path, String(i)], idKey }));
    } else if (value !== null && typeof value === 'object') {
      for (const [name, item] of Object.entries(value)) {
        if (name.includes('\u0000')) errors[key] = ['Field names may not contain NUL characters.'];
        stack.push({ value: item, path: [...path, name], idKey: ID_KEY.test(name) });
      }
    }
  }
  return { errors, tooDeep: false };
}

export function registerInputGuard(app: FastifyInstance) {
  // Before anything reads the query: a 100 KB query string would otherwise be parsed, validated and logged.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.length > MAX_URL_LENGTH) {
      // Answered here: `done` is not called, so nothing after this hook runs.
      reply
        .status(414)
        .send({ message: `The request URL may not be longer than ${MAX_URL_LENGTH / 1024} KB.` });
      return;
    }
    done();
  });
  // Synchronous (a throw here is the request's error, as from an async hook): nothing in it waits.
  app.addHook('preValidation', (request, _reply, done) => {
    const errors: Record<string, string[]> = {};
    for (const [part, textIsNumber] of [
      [request.params, true],
      [request.query, true],
      [request.body, false],
    ] as const) {
      if (part === undefined || part === null || Buffer.isBuffer(part)) continue;
      const found = inputProblems(part, textIsNumber);
      if (found.tooDeep)
        throw new AppError('bad_request', `The request is nested more than ${MAX_DEPTH} levels deep.`);
      Object.assign(errors, found.errors);
    }
    const first = Object.values(errors)[0]?.[0];
    if (first) throw new AppError('validation', first, errors);
    done();
  });
}
