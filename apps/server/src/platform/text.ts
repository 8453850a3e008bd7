/** Removes control characters (NUL, newlines, escapes): they have no place in a file name or a header. */
export function stripControlCharacters(value: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return value.replace(/[\u0000-\u001f\u007f]/g, '');
}

/**
 * A `like … escape '\'` pattern for text containing `search` as typed: `%`, `_` and `\` match themselves.
 * Use it with `escape '\'` always: SQLite has no default escape character (PostgreSQL's is `\`).
 */
export function containsPattern(search: string): string {
  return `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
}
