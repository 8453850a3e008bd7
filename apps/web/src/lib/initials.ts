/**
 * Avatar initials (PRODUCT-SPEC §3): the first letters of the first two words of the name,
 * otherwise the first two letters of the name, uppercased.
 */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (firstChar(words[0]) + firstChar(words[1])).toUpperCase();
  return Array.from(words[0] ?? '')
    .slice(0, 2)
    .join('')
    .toUpperCase();
}

function firstChar(word: string | undefined): string {
  return Array.from(word ?? '')[0] ?? '';
}
