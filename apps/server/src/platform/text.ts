/**
 * A name people chose (a team's, a user's) as it may appear in an e-mail: on one line, without control or
 * direction-changing characters (which could fake a header, a new paragraph or reversed text), and short
 * enough that it cannot pass for the message itself.
 */
export function nameForMail(value: string, max = 80): string {
  const plain = value
    .replace(/\s+/g, ' ')
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/g, '')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

/**
 * A `like … escape '\'` pattern for text containing `search` as typed: `%`, `_` and `\` match themselves.
 * Use it with `escape '\'` always: SQLite has no default escape character (PostgreSQL's is `\`).
 */
export function containsPattern(search: string): string {
  return `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
}
