/** PRODUCT-SPEC §3 display rules, shared so the server's search subtitles and the web agree. */

/** First and last name joined; if empty, the company; if empty, the e-mail. */
export function displayName(person: {
  first_name?: string | null;
  last_name?: string | null;
  company?: string | { name: string } | null;
  email?: string | null;
}): string {
  const name = [person.first_name, person.last_name]
    .filter((part) => part && part.trim())
    .join(' ')
    .trim();
  if (name) return name;
  const company = typeof person.company === 'string' ? person.company : person.company?.name;
  if (company && company.trim()) return company.trim();
  return person.email?.trim() ?? '';
}

/** First letters of the first two name words, otherwise the first two letters of the name, uppercased. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (words[0]!.charAt(0) + words[1]!.charAt(0)).toUpperCase();
  return (words[0] ?? '').slice(0, 2).toUpperCase();
}
