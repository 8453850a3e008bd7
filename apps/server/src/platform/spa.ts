import fs from 'node:fs';
import path from 'node:path';

/** dist/preloads.json, written by the web build (apps/web/vite.config.ts, ROUTE_PRELOADS). */
type Preloads = {
  data: string[];
  pages: Record<string, { scripts: string[]; styles: string[]; data: string[] }>;
};

/**
 * The built single-page app's HTML, per page: index.html with that page's preload links.
 * `pageData: false` leaves out the page's own API preloads, for a visitor the API would refuse them: a
 * guest (401, the page sends them to /login) or a member of a closed team or of none (403, the page shows
 * /reactivate or the 403 page). The browser logs a refused preload as an error on the console.
 */
export type Spa = { htmlFor(pathname: string, options?: { pageData?: boolean }): string };

/** A GET the not-found handler answers with the app's HTML: not the API, not a file. */
export const isSpaPage = (method: string, pathname: string) =>
  method === 'GET' && !pathname.startsWith('/app/') && !/\.\w+$/.test(pathname);

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Reads the web build once at start; null when the web app has not been built (API-only tests). Each page's
 * HTML names what it will need — its route chunks, the API answers it asks for first — so the browser fetches
 * them while it still parses the entry script, instead of one after another once the script has run (the
 * largest-contentful-paint target). A page without an entry gets only GET /users/auth, which every page asks.
 */
export function loadSpa(webDist: string): Spa | null {
  const indexFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  const html = fs.readFileSync(indexFile, 'utf8');
  const preloadsFile = path.join(webDist, 'preloads.json');
  const preloads: Preloads = fs.existsSync(preloadsFile)
    ? (JSON.parse(fs.readFileSync(preloadsFile, 'utf8')) as Preloads)
    : { data: [], pages: {} };

  const withLinks = (page: Preloads['pages'][string] | undefined) => {
    const data = [...preloads.data, ...(page?.data ?? [])];
    // crossorigin="anonymous": the SPA's fetch (mode cors, credentials same-origin) must match to reuse it.
    const links = [
      ...data.map(
        (href) => `<link rel="preload" href="${escapeAttribute(href)}" as="fetch" crossorigin="anonymous">`,
      ),
      ...(page?.scripts ?? []).map(
        (href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`,
      ),
      ...(page?.styles ?? []).map(
        (href) => `<link rel="preload" href="${escapeAttribute(href)}" as="style">`,
      ),
    ];
    return links.length ? html.replace('</head>', `    ${links.join('\n    ')}\n  </head>`) : html;
  };
  const byPage = new Map(Object.entries(preloads.pages).map(([page, entry]) => [page, withLinks(entry)]));
  const byPageWithoutData = new Map(
    Object.entries(preloads.pages).map(([page, entry]) => [page, withLinks({ ...entry, data: [] })]),
  );
  const otherPages = withLinks(undefined);
  return {
    htmlFor: (pathname, { pageData = true } = {}) =>
      (pageData ? byPage : byPageWithoutData).get(
        pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname,
      ) ?? otherPages,
  };
}
