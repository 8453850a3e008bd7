import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS } from '@storekeep/contracts';
import { readCookie, writeCookie } from './lib/cookies';
import { i18n } from './lib/translate';
import { en } from './locales/en';

const supported = ['en'] as const;

function detectLocale(): string {
  const fromCookie = readCookie(LOCALE_COOKIE);
  return fromCookie && (supported as readonly string[]).includes(fromCookie) ? fromCookie : 'en';
}

export function setLocale(locale: string): void {
  writeCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_DAYS);
  i18n.changeLanguage(locale);
}

const locale = detectLocale();
// Keep the locale cookie fresh for LOCALE_COOKIE_DAYS (spec §9) so the server answers in the same language.
writeCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_DAYS);

i18n.init({ resources: { en }, lng: locale, fallbackLng: 'en' });

/**
 * The strings of the screens behind the dashboard, outside the first load (its budget). lib/lazy-route.ts
 * makes those screens wait for them; the root layout fetches them after the first paint (features/layout/
 * root-layout.tsx). Not at start: arriving during the dashboard's first render, they changed the strings'
 * version under it, and React started that render over. A failed fetch is retried by the next wait.
 */
let laterStrings: Promise<void> | undefined;
export function loadLaterStrings(): Promise<void> {
  laterStrings ??= import('./locales/en-later').then(
    ({ enLater }) => i18n.addStrings('en', enLater),
    (error: unknown) => {
      laterStrings = undefined;
      throw error;
    },
  );
  return laterStrings;
}

export { i18n };
