/** Business constants of PRODUCT-SPEC §9, shared by server and web so both sides agree. */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
export const LIST_CACHE_MS = 120_000;
export const SEARCH_DEBOUNCE_MS = 400;
export const TOAST_TIMEOUT_MS = 3000;
export const LOCALE_COOKIE_DAYS = 365;
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const PROGRESS_BAR_MS = 5000;
export const PAGE_FETCH_DELAY_MS = 200;

/** Auth limits: reset tokens live an hour; five bad logins a minute per e-mail and IP. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
export const LOGIN_MAX_ATTEMPTS = 5;
export const LOGIN_WINDOW_SECONDS = 60;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const API_BASE = '/app/api/v1';
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
export const SESSION_COOKIE = 'storekeep_session';
export const LOCALE_COOKIE = 'locale';
/**
 * Over HTTPS the session and CSRF cookies carry the `__Host-` prefix (Secure, Path=/, no Domain: a
 * sibling subdomain cannot set or shadow them). Clients read the prefixed name first.
 */
export const HOST_COOKIE_PREFIX = '__Host-';
export const cookieName = (name: string, secure: boolean) => (secure ? `${HOST_COOKIE_PREFIX}${name}` : name);

export const DEMO_EMAIL = 'demo@storekeep.test';
export const DEMO_PASSWORD = 'storekeep-demo';

/** Month names as en-US spells them, January first: the one list the server's wording and the web's dates share. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
