import { withoutAccents } from '../../platform/search';

/**
 * The passage of a document's text that a search matched, shown as its subtitle in the global search: about 60
 * characters before the first word that starts with one of the search's tokens and 100 after, accents and runs of
 * white space folded as the search index folds them.
 *
 * The text is folded a piece at a time and the search stops at the first piece that matches: a lease's text is
 * indexed up to 100,000 characters, and folding all of it (decomposition, marks, white space, case) took 2.4–3.7 ms
 * per document (Node 24, 100,000 characters), five documents per search, wherever its match was.
 */
const BEFORE = 60;
const AFTER = 100;
/** About how many characters of raw text are folded at a time. */
const PASSAGE_PIECE = 8_000;

/** Accents off (so that the search's normalised tokens can match), runs of white space made one space. */
const fold = (text: string) => withoutAccents(text).replace(/\s+/g, ' ');

/**
 * `text` cut into pieces of at least `size` characters, each but the last ending after a whole run of white space:
 * no word is cut, no run of white space is split, so the pieces fold to what the whole text folds to.
 */
function* pieces(text: string, size: number): Generator<string> {
  const space = /\s+/g;
  let from = 0;
  while (from < text.length) {
    space.lastIndex = Math.min(from + size, text.length);
    const run = space.exec(text);
    const to = run ? run.index + run[0].length : text.length;
    yield text.slice(from, to);
    from = to;
  }
}

/** The passage around the first match of `tokens` (normalizeText's words) in `text`, or null when none matches. */
export function passageAround(text: string, tokens: string[], size = PASSAGE_PIECE): string | null {
  // Tokens are normalised words (letters and digits only): nothing in them for a regular expression to read.
  const starts = tokens.map((token) => new RegExp(`\\b${token}`));
  const folded: string[] = [];
  let length = 0;
  const rest = pieces(text, size);
  for (const piece of rest) {
    const plain = fold(piece);
    const lower = plain.toLowerCase();
    const found = starts.map((start) => lower.search(start)).filter((at) => at >= 0);
    folded.push(plain);
    if (!found.length) {
      length += plain.length;
      continue;
    }
    // The AFTER characters may run into the next pieces; whether anything follows them decides the closing ellipsis.
    const at = length + Math.min(...found);
    length += plain.length;
    let next = rest.next();
    for (; !next.done && length < at + AFTER; next = rest.next()) {
      const after = fold(next.value);
      folded.push(after);
      length += after.length;
    }
    const more = !next.done;
    const whole = folded.join('');
    const start = Math.max(0, at - BEFORE);
    const end = Math.min(whole.length, at + AFTER);
    return `${start > 0 ? '…' : ''}${whole.slice(start, end).trim()}${end < whole.length || more ? '…' : ''}`;
  }
  return null;
}
