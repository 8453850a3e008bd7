import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { linkFromMail } from './mail';
import { e2eDataDir } from './playwright.config';

export const PASSWORD = 'a long enough password';
export const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}@example.test`;

const screenshotDir = path.resolve(import.meta.dirname, 'artifacts/screenshots');

/**
 * Whether this run writes the screenshots people look at (`npm run screenshots`, or E2E_SCREENSHOTS=1). `npm test`
 * leaves them out: nobody opens a CI machine's PNGs, and encoding some 260 full pages cost a tenth of the suite.
 */
export const keepScreenshots = process.env.E2E_SCREENSHOTS === '1';

/** Screenshots kept as test artifacts, the full page unless told (and looked at: see the README's screenshot). */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  if (!keepScreenshots) return;
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage });
}

/**
 * Waits until nothing on the page is wider than `width` (a phone's 390 px): no sideways scrolling. Right after an
 * emulated resize from a desktop width, Chromium can lay out a few frames with the desktop sidebar's padding still
 * applied (495 px at 390, never seen by a person on a phone); a page that really overflows never settles.
 */
export async function expectFitsWidth(page: Page, width = 390) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: `the page fits ${width} px without scrolling sideways`,
    })
    .toBeLessThanOrEqual(width);
}

/**
 * A made-up address for one registering user. The suite registers over a hundred users within minutes, more
 * than the per-address sign-up limit lets one address do; real users register from their own addresses.
 */
const clientAddress = () => `10.${[...randomBytes(3)].join('.')}`;

/**
 * Registers through the API the way the SPA does (CSRF cookie first). Using `page.request` shares the
 * browser context's cookies, so the page is signed in afterwards.
 */
export async function registerViaApi(
  request: APIRequestContext,
  body: { name: string; email: string; invitation?: string },
) {
  const data: Record<string, string> = { ...body, password: PASSWORD, password_confirmation: PASSWORD };
  if (body.invitation) {
    // Registering through an invitation takes the signature of the e-mail's link, as the register page sends it:
    // `invitation` may be that link's last part (token?signature=…) or the bare token (read from the mail then).
    const [invitation, query = ''] = body.invitation.split('?');
    data.invitation = invitation!;
    data.invitation_signature =
      new URLSearchParams(query).get('signature') ??
      new URL(
        await linkFromMail(body.email, new RegExp(`/teams/register/${invitation}\\?`)),
      ).searchParams.get('signature')!;
  }
  await request.get('/app/sanctum/csrf-cookie');
  const state = await request.storageState();
  const token = state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await request.post('/app/register', {
    data,
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(token), 'X-Forwarded-For': clientAddress() },
  });
  expect(response.status(), await response.text()).toBe(201);
  const me = await request.get('/app/api/v1/users/auth');
  expect(me.status(), 'registration signed the new user in').toBe(200);
  return (await me.json()).data as { id: number; team_id: number };
}

/**
 * A franchisee company operating one store of a new brand under an open monthly agreement (effective 2025, 5 %
 * royalty, plus `terms`), with $20,000 of sales reported for March 2026: the month the invoice specs bill.
 * Returns the company, brand and store made.
 */
export async function franchiseeWithMarchSales(
  request: APIRequestContext,
  names: { company: string; email?: string; brand: string; store: string; agreement: string },
  terms: Record<string, unknown> = {},
) {
  const records = await franchiseeWithAgreement(request, names, terms);
  await apiCall(request, 'POST', '/sales', {
    store_id: records.store.id,
    period: 'month',
    period_start: '2026-03-01',
    gross: 20000,
  });
  return records;
}

/**
 * A franchisee company operating one store of a new brand under an open monthly agreement at 5% royalty
 * (from 2025), with no sales yet.
 */
export async function franchiseeWithAgreement(
  request: APIRequestContext,
  names: { company: string; email?: string; brand: string; store: string; agreement: string },
  terms: Record<string, unknown> = {},
) {
  const operator = await apiCall(request, 'POST', '/companies', {
    name: names.company,
    kind: 'franchisee',
    ...(names.email ? { email: names.email } : {}),
  });
  const brand = await apiCall(request, 'POST', '/brands', { name: names.brand });
  const store = await apiCall(request, 'POST', '/stores', {
    name: names.store,
    brand_id: brand.id,
    company_id: operator.id,
  });
  await apiCall(request, 'POST', '/agreements', {
    brand_id: brand.id,
    franchisee_id: operator.id,
    store_ids: [store.id],
    agreement_number: names.agreement,
    status: 'open',
    effective_date: '2025-01-01',
    royalty_percent: 5,
    reporting_frequency: 'monthly',
    ...terms,
  });
  return { operator, brand, store };
}

/**
 * A franchisor signed up in a browser context of their own (`office`, closed by the caller), with two
 * franchisee companies, North Bagels LLC and South Bagels LLC.
 */
export async function franchisorWithTwoFranchisees(browser: Browser, prefix: string) {
  const office = await browser.newContext();
  const franchisor = office.request;
  const { team_id: teamId } = await registerViaApi(franchisor, {
    name: 'Fran Chisor',
    email: uniqueEmail(prefix),
  });
  const north = await apiCall(franchisor, 'POST', '/companies', {
    name: 'North Bagels LLC',
    kind: 'franchisee',
  });
  const south = await apiCall(franchisor, 'POST', '/companies', {
    name: 'South Bagels LLC',
    kind: 'franchisee',
  });
  return { office, franchisor, teamId, north, south };
}

/**
 * A manager limited to `companyIds`, invited by the franchisor (a request context signed into the team) and
 * registered through the invitation in `page`'s browser, which is signed in afterwards. Returns the e-mail.
 */
export async function registerFranchisee(
  franchisor: APIRequestContext,
  page: Page,
  teamId: number,
  companyIds: number[],
  prefix: string,
) {
  const email = uniqueEmail(prefix);
  const invitation = await apiCall<{ id: string }>(franchisor, 'POST', `/teams/${teamId}/invitations`, {
    email,
    role: 'manager',
    company_ids: companyIds,
  });
  await registerViaApi(page.request, { name: 'Nora North', email, invitation: invitation.id });
  return email;
}

export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

/** The session's CSRF token, read from the cookie the way the SPA reads it. */
export async function csrfToken(request: APIRequestContext): Promise<string> {
  const state = await request.storageState();
  return decodeURIComponent(state.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '');
}

/** A JSON call under /app/api/v1 with the session's CSRF token, the way the SPA makes it. */
export async function apiCall<T = { id: number }>(
  request: APIRequestContext,
  method: string,
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(`/app/api/v1${path}`, {
    method,
    data,
    headers: { 'X-XSRF-TOKEN': await csrfToken(request) },
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBeTruthy();
  return response.status() === 204 ? (undefined as T) : ((await response.json()).data as T);
}

/** A multipart upload under /app/api/v1 (document fixtures without the drop zone). */
export async function uploadViaApi(
  request: APIRequestContext,
  path: string,
  name: string,
  buffer: Buffer,
  fields: Record<string, string> = {},
  mimeType = 'application/pdf',
) {
  const response = await request.post(`/app/api/v1${path}`, {
    multipart: { ...fields, file: { name, mimeType, buffer } },
    headers: { 'X-XSRF-TOKEN': await csrfToken(request) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data as { id: number; title: string };
}

/**
 * Writes to the e2e server's SQLite database directly, for states no API makes (a closed subscription, a
 * second team membership); the server's auth cache notices through its triggers.
 */
export function sql(statement: string, ...params: Array<string | number>) {
  const db = new DatabaseSync(path.join(e2eDataDir, 'storekeep.sqlite'));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    db.prepare(statement).run(...params);
  } finally {
    db.close();
  }
}

/** Adds an existing user to a team with a role and makes it their current team. */
export function joinTeam(userId: number, teamId: number, role: 'observer' | 'manager' | 'admin') {
  sql(
    'insert into team_user (team_id, user_id, role, created_at) values (?, ?, ?, ?)',
    teamId,
    userId,
    role,
    new Date().toISOString(),
  );
  sql('update users set current_team_id = ? where id = ?', teamId, userId);
}

/** WCAG 2.2 AA rules: the serious and critical violations on the page (a page passes with none). */
/**
 * Opens `url` and resolves once the page has settled: no request in flight (event streams aside) and nothing
 * marked `aria-busy`, still so 150 ms later (a lazy chunk or a follow-up query starts just after the one before
 * it ends). Playwright's `networkidle` waits 500 ms of silence on every page instead.
 */
export async function gotoSettled(page: Page, url: string) {
  const inFlight = new Set<unknown>();
  const track = (request: { resourceType(): string; headers(): Record<string, string> }) =>
    request.resourceType() !== 'eventsource' && request.headers().accept !== 'text/event-stream';
  const started = (request: Parameters<typeof track>[0]) => track(request) && inFlight.add(request);
  const ended = (request: unknown) => inFlight.delete(request);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await page.goto(url);
    let quietSince = 0;
    await expect
      .poll(
        async () => {
          const quiet = inFlight.size === 0 && (await page.locator('[aria-busy="true"]').count()) === 0;
          if (!quiet) quietSince = 0;
          else quietSince ||= Date.now();
          return quiet && Date.now() - quietSince >= 150;
        },
        { intervals: [50], timeout: 15_000, message: `${url} settles` },
      )
      .toBe(true);
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/**
 * Clicks an option of a record picker as a person does: no faster than the next frame. Headless UI selects on
 * mousedown and gives the focus back to the picker's input on the following animation frame; on a loaded machine
 * that frame came after the test had already moved to the next field, so the focus went back to the picker, whose
 * list reopened over the form (it is modal: the rest of the page went inert and its buttons out of reach).
 */
export async function chooseOption(page: Page, option: Locator) {
  await option.click();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
}

export async function seriousViolations(page: Page) {
  // A toast fading in or out is measured at part opacity, a contrast failure nobody reads: judge the page once
  // they are gone.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
