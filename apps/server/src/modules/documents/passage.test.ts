import { describe, expect, it } from 'vitest';
import { normalizeText, searchTokens } from '../../platform/search';
import { passageAround } from './passage';

/** The passage as read from the whole text folded at once: what passageAround must give, piece by piece. */
function wholeTextPassage(text: string, tokens: string[]): string | null {
  const plain = text.normalize('NFKD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ');
  const lower = plain.toLowerCase();
  const at = tokens
    .map((t) => lower.search(new RegExp(`\\b${t}`)))
    .filter((i) => i >= 0)
    .sort((a, b) => a - b)[0];
  if (at === undefined) return null;
  const start = Math.max(0, at - 60);
  const end = Math.min(plain.length, at + 100);
  return `${start > 0 ? '…' : ''}${plain.slice(start, end).trim()}${end < plain.length ? '…' : ''}`;
}

const WORDS = [
  'Lease',
  'tenant',
  'Landlord',
  'premises',
  'rent',
  'shall',
  'Café',
  'Zürich',
  'naïve',
  'renewal',
];
/** Deterministic prose with every kind of white space run, accents and a non-breaking space. */
function prose(words: number, seed: number): string {
  const spaces = [' ', ' ', ' ', '\n', '\n\n  ', '\t', '\u00a0', '   '];
  let text = '';
  for (let i = 0; i < words; i++)
    text += WORDS[(i * 7 + seed) % WORDS.length]! + spaces[(i * 5 + seed) % spaces.length]!;
  return text;
}

describe('a document’s matched passage', () => {
  it('is the whole-text passage, wherever the match falls against the pieces', () => {
    const texts = [
      prose(40, 1),
      `  Walrus first ${prose(3000, 2)}`,
      `${prose(3000, 3)} the walrus in the middle ${prose(3000, 4)}`,
      `${prose(5000, 5)}\n\nwalrus`,
      `${prose(2000, 6)}walrusly ${prose(10, 7)} walrus`,
      `${prose(4000, 8)}   `,
      'Walrus',
      '',
    ];
    const queries = ['walrus', 'zurich', 'cafe renewal', 'naive', 'nothing', 'rent walrus', 'land'];
    for (const text of texts)
      for (const query of queries) {
        const tokens = searchTokens(query);
        const expected = wholeTextPassage(text, tokens);
        for (const size of [1, 16, 50, 1000, 8000])
          expect(
            passageAround(text, tokens, size),
            `${query} in ${text.length} chars, pieces of ${size}`,
          ).toBe(expected);
      }
  });

  it('shows the words around the match, folded, with an ellipsis where text was left out', () => {
    const text = `${'Recitals. '.repeat(20)}The Tenant may renew at Zürich  market rent.${' Schedule A.'.repeat(20)}`;
    const passage = passageAround(text, [normalizeText('zurich')])!;
    expect(passage.startsWith('…')).toBe(true);
    expect(passage.endsWith('…')).toBe(true);
    expect(passage).toContain('The Tenant may renew at Zurich market rent.');
    expect(passageAround('Zürich', ['zurich'])).toBe('Zurich');
    expect(passageAround('Lease', ['walrus'])).toBeNull();
  });
});
