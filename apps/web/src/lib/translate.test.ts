import { describe, expect, it } from 'vitest';
import { i18n } from './translate';

describe('the translator', () => {
  it('picks plural forms by count and sees strings added after a key was first asked for', () => {
    i18n.init({
      resources: { en: { days: { in_one: 'in {{count}} day', in_other: 'in {{count}} days' } } },
      lng: 'en',
      fallbackLng: 'en',
    });
    expect(i18n.t('days.in', { count: 1 })).toBe('in 1 day');
    expect(i18n.t('days.in', { count: 3 })).toBe('in 3 days');
    expect(i18n.t('later.title')).toBe('later.title');
    expect(i18n.t('days.in_one')).toBe('in {{count}} day');
    i18n.addStrings('en', { later: { title: 'Later' }, days: { in_other: '{{count}} days away' } });
    expect(i18n.t('later.title')).toBe('Later');
    expect(i18n.t('days.in', { count: 3 })).toBe('3 days away');
  });
});
