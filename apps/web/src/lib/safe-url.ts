/**
 * The value as a link target only if it is an absolute http(s) URL. The API validates website and URL
 * fields the same way, but rows imported or stored before that rule, or edited in the database, must never
 * become a `javascript:` or `data:` link: anything else is shown as plain text.
 */
export function httpUrl(value: string): string | null {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
