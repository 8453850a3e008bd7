import { useSyncExternalStore } from 'react';

/**
 * The app's translations: a dictionary per language, `{{name}}` interpolation, `_one`/`_other` plural
 * keys chosen by `count` (Intl.PluralRules), `defaultValue` for a missing key. It replaces i18next and
 * react-i18next (17 KB gzipped, more than the whole app shell) to keep the first load within its
 * 150 KB budget; vite.config.ts and tsconfig.json resolve `react-i18next` here, so screens keep
 * `useTranslation()` unchanged.
 */
export type Strings = { [key: string]: string | Strings };
export type TranslateOptions = { count?: number; defaultValue?: string } & Record<string, unknown>;
export type TFunction = (key: string, options?: TranslateOptions) => string;

const dictionaries = new Map<string, Strings>();
const listeners = new Set<() => void>();
let language = 'en';
let fallback = 'en';
let plurals = new Intl.PluralRules(language);
// Bumped on every change of language or strings: what useTranslation's subscribers compare. Each version
// has its own `t` so memoised values that depend on `t` are recomputed too.
let version = 0;
let versionedT: TFunction = (key, options) => t(key, options);

// What each key (with its plural form) resolved to since the strings last changed: a first render asks for
// the same few hundred keys over and over, and splitting and walking each path showed in its profile.
let resolved = new Map<string, string | undefined>();

function changed() {
  resolved = new Map();
  version += 1;
  versionedT = (key, options) => t(key, options);
  listeners.forEach((listener) => listener());
}

function lookup(strings: Strings | undefined, key: string): string | undefined {
  let node: string | Strings | undefined = strings;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function find(key: string, count: number | undefined): string | undefined {
  const plural = count === undefined ? undefined : plurals.select(count);
  const form = plural === undefined ? key : `${key}\u0000${plural}`;
  if (resolved.has(form)) return resolved.get(form);
  const found = search(key, plural);
  resolved.set(form, found);
  return found;
}

function search(key: string, plural: Intl.LDMLPluralRule | undefined): string | undefined {
  for (const strings of [dictionaries.get(language), dictionaries.get(fallback)]) {
    const found =
      (plural !== undefined
        ? (lookup(strings, `${key}_${plural}`) ?? lookup(strings, `${key}_other`))
        : undefined) ?? lookup(strings, key);
    if (found !== undefined) return found;
  }
  return undefined;
}

const t: TFunction = (key, options) => {
  const template = find(key, options?.count);
  if (template === undefined) return options?.defaultValue ?? key;
  if (!options) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in options ? String(options[name]) : whole,
  );
};

export const i18n = {
  t,
  get language() {
    return language;
  },
  init({
    resources,
    lng,
    fallbackLng,
  }: {
    resources: Record<string, Strings>;
    lng: string;
    fallbackLng: string;
  }) {
    for (const [code, strings] of Object.entries(resources)) dictionaries.set(code, strings);
    fallback = fallbackLng;
    i18n.changeLanguage(lng);
  },
  /** Strings that arrive later (a separate chunk): screens showing their keys re-render with the text. */
  addStrings(code: string, strings: Strings) {
    dictionaries.set(code, { ...dictionaries.get(code), ...strings });
    changed();
  },
  changeLanguage(code: string) {
    language = code;
    plurals = new Intl.PluralRules(code);
    changed();
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `const { t, i18n } = useTranslation()`; re-renders when the language or the strings change. */
export function useTranslation() {
  useSyncExternalStore(subscribe, () => version);
  return { t: versionedT, i18n };
}
