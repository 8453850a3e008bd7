/**
 * What has no place in a file name people read or a header carries: control characters (C0, DEL, C1),
 * lone surrogates, line and paragraph separators, and Unicode format characters — among them the bidi
 * embeddings, overrides, isolates and marks (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) that make
 * "invoice\u202Efdp.exe" display as "invoiceexe.pdf", and zero-width spaces. The zero-width (non-)joiners
 * stay: some scripts and emoji need them, and they reorder nothing.
 */
const UNSAFE = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}]|(?![\u200C\u200D])\p{Cf}/gu;

/**
 * The one file-name sanitizer: keeps the last path segment, drops the characters above, bounds the length
 * (keeping the extension), and falls back to `fallback` when nothing is left. Applied when a name is
 * stored (document uploads and versions, imports) and again when one is sent (downloads, the team export),
 * so rows stored before still come out clean.
 */
export function safeFileName(name: string, fallback = 'file', max = 200): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(UNSAFE, '').trim();
  if (!base || base === '.' || base === '..') return fallback;
  if (base.length <= max) return base;
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 && base.length - dot <= 12 ? base.slice(dot) : '';
  return base.slice(0, max - extension.length) + extension;
}
