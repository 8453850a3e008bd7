import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS } from '@storekeep/contracts';
import { readCookie, writeCookie } from './lib/cookies';
import { en } from './locales/en';

const supported = ['en'] as const;

function detectLocale(): string {
  const fromCookie = readCookie(LOCALE_COOKIE);
  return fromCookie && (supported as readonly string[]).includes(fromCookie) ? fromCookie : 'en';
}

export function setLocale(locale: string): void {
  writeCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_DAYS);
  void i18n.changeLanguage(locale);
}

const locale = detectLocale();
// Keep the locale cookie fresh for LOCALE_COOKIE_DAYS (spec §9) so the server answers in the same language.
writeCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_DAYS);

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: locale,
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { i18n };
