import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import {
  adminGuard,
  billingGuard,
  browseGuard,
  guestGuard,
  manageGuard,
  reactivateGuard,
  subscriptionGuard,
} from './features/auth/guards';
import { RouteErrorBoundary } from './features/errors/route-error-boundary';
import { AuthLayout } from './features/layout/auth-layout';
import { RootLayout } from './features/layout/root-layout';
import { lazyRoute } from './lib/lazy-route';

type RecordModule = {
  List: ComponentType;
  Detail?: ComponentType;
  Create?: ComponentType;
  Edit?: ComponentType;
};

/** One chunk per record type; each route picks its screen from it. */
function recordScreen(load: () => Promise<RecordModule>, screen: keyof RecordModule) {
  return lazyRoute(() => load().then((module) => ({ Component: module[screen]! })));
}

/** companies, contacts, stores: list, create, show, edit and a tab of the show page (spec §2). */
function resource(name: string, section: string, load: () => Promise<RecordModule>): RouteObject[] {
  return [
    { path: name, lazy: recordScreen(load, 'List'), handle: { section } },
    { path: `${name}/create`, lazy: recordScreen(load, 'Create'), loader: manageGuard, handle: { section } },
    { path: `${name}/:id`, lazy: recordScreen(load, 'Detail'), handle: { section } },
    { path: `${name}/:id/edit`, lazy: recordScreen(load, 'Edit'), loader: manageGuard, handle: { section } },
    { path: `${name}/:id/:tab`, lazy: recordScreen(load, 'Detail'), handle: { section } },
  ];
}

/** How long opening the dashboard waits for its figures before showing skeletons (which stay blank for 200 ms anyway). */
const DASHBOARD_WAIT_MS = 250;

/** First-load screens that show only locales/en.ts strings: they do not wait for en-later.ts. */
const core = { laterStrings: false };

const loadBrands = () => import('./routes/records/brands');
const loadLeases = () => import('./routes/leases');
const loadAgreements = () => import('./routes/agreements');

/**
 * What the first load shows while the guards and the first screen's chunk load: a blank page, as the server's
 * HTML is blank too, for the fraction of a second it lasts (a spinner would only flash). Declared so that
 * React Router knows the blank is intended and does not warn on the console.
 */
function InitialLoad() {
  return null;
}

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: InitialLoad,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        // Layouts other than the sign-in one are lazy too: /login's first load carries neither the app
        // shell nor the marketing pages' chrome (first-load budget: scripts/check-bundle.mjs).
        lazy: lazyRoute(
          () =>
            import('./features/layout/marketing-layout').then((module) => ({
              Component: module.MarketingLayout,
            })),
          core,
        ),
        children: [
          { index: true, lazy: lazyRoute(() => import('./routes/home'), core) },
          { path: 'privacy-policy', lazy: lazyRoute(() => import('./routes/privacy-policy'), core) },
          { path: 'terms-of-service', lazy: lazyRoute(() => import('./routes/terms-of-service'), core) },
          { path: 'security', lazy: lazyRoute(() => import('./routes/security'), core) },
        ],
      },
      {
        Component: AuthLayout,
        children: [
          {
            loader: guestGuard,
            children: [
              { path: 'login', lazy: lazyRoute(() => import('./routes/login'), core) },
              { path: 'register', lazy: lazyRoute(() => import('./routes/register'), core) },
              { path: 'password/reset', lazy: lazyRoute(() => import('./routes/forgot-password'), core) },
              {
                path: 'password/reset/:token',
                lazy: lazyRoute(() => import('./routes/reset-password'), core),
              },
            ],
          },
          { path: 'teams/join/:invitation?', lazy: lazyRoute(() => import('./routes/team-join')) },
          { path: 'teams/register/:invitation?', lazy: lazyRoute(() => import('./routes/team-register')) },
          {
            path: 'reactivate',
            loader: reactivateGuard,
            lazy: lazyRoute(() => import('./routes/reactivate')),
          },
        ],
      },
      {
        loader: subscriptionGuard,
        lazy: lazyRoute(
          () => import('./features/layout/app-shell').then((module) => ({ Component: module.AppShell })),
          core,
        ),
        children: [
          {
            path: 'dashboard',
            // Asks for the dashboard's figures while the page's chunks load (use-dashboard.ts; a dynamic import
            // keeps the query code out of the entry chunk) and waits for them a short while: answered in time
            // (usually: the server's page names GET /dashboard as a preload), the page's first paint already
            // shows them, which is its largest paint; slower, the page shows its skeletons and fills
            // in. A failure is left to the page, which asks again itself.
            loader: async () => {
              const figures = import('./features/dashboard/use-dashboard').then((module) =>
                module.prefetchDashboard(),
              );
              await Promise.race([
                figures.catch(() => undefined),
                new Promise((resolve) => setTimeout(resolve, DASHBOARD_WAIT_MS)),
              ]);
              return null;
            },
            lazy: lazyRoute(() => import('./routes/dashboard'), core),
          },
          { path: 'account/profile', lazy: lazyRoute(() => import('./routes/account-profile')) },
          { path: 'account/team', lazy: lazyRoute(() => import('./routes/account-team')) },
          {
            path: 'account/attributes',
            loader: adminGuard,
            lazy: lazyRoute(() => import('./routes/account-attributes')),
            handle: { section: 'Attributes' },
          },
          {
            path: 'account/billing',
            loader: billingGuard,
            lazy: lazyRoute(() => import('./routes/account-billing')),
            handle: { section: 'Billing' },
          },
          {
            path: 'activities',
            loader: adminGuard,
            lazy: lazyRoute(() => import('./routes/activities')),
            handle: { section: 'Audit logs' },
          },
          { path: 'brands', lazy: recordScreen(loadBrands, 'List'), handle: { section: 'Brands' } },
          { path: 'brands/:id', lazy: recordScreen(loadBrands, 'Detail'), handle: { section: 'Brands' } },
          {
            path: 'brands/:id/:tab',
            lazy: recordScreen(loadBrands, 'Detail'),
            handle: { section: 'Brands' },
          },
          ...resource('companies', 'Companies', () => import('./routes/records/companies')),
          ...resource('contacts', 'Contacts', () => import('./routes/records/contacts')),
          ...resource('stores', 'Stores', () => import('./routes/records/stores')),
          {
            path: 'documents',
            lazy: lazyRoute(() => import('./routes/documents')),
            handle: { section: 'Documents' },
          },
          {
            path: 'reminders',
            lazy: lazyRoute(() => import('./routes/reminders')),
            handle: { section: 'Notifications' },
          },
          {
            path: 'reminders/:id/comments',
            lazy: lazyRoute(() => import('./routes/reminder-comments')),
            handle: { section: 'Notifications' },
          },
          { path: 'sales', lazy: lazyRoute(() => import('./routes/sales')), handle: { section: 'Sales' } },
          {
            path: 'payables',
            lazy: lazyRoute(() => import('./routes/payables')),
            loader: browseGuard,
            handle: { section: 'Payables' },
          },
          {
            path: 'lease-accounting',
            lazy: lazyRoute(() => import('./routes/lease-accounting')),
            loader: manageGuard,
            handle: { section: 'Lease accounting' },
          },
          {
            path: 'franchise-calendar',
            lazy: lazyRoute(() => import('./routes/franchise-calendar')),
            loader: manageGuard,
            handle: { section: 'Franchise calendar' },
          },
          {
            // The franchisor's invoicing and collections; a franchisee's member gets their own invoices, read only.
            path: 'invoices',
            lazy: lazyRoute(() => import('./routes/invoices')),
            handle: { section: 'Invoices' },
          },
          {
            path: 'reporting',
            lazy: lazyRoute(() => import('./routes/reporting')),
            loader: browseGuard,
            handle: { section: 'Sales reporting' },
          },
          {
            path: 'agreements',
            lazy: recordScreen(loadAgreements, 'List'),
            handle: { section: 'Franchise agreements' },
          },
          {
            path: 'agreements/create',
            lazy: recordScreen(loadAgreements, 'Create'),
            loader: manageGuard,
            handle: { section: 'Franchise agreements' },
          },
          {
            path: 'agreements/:id',
            lazy: recordScreen(loadAgreements, 'Detail'),
            handle: { section: 'Franchise agreements' },
          },
          {
            path: 'agreements/:id/edit',
            lazy: recordScreen(loadAgreements, 'Edit'),
            loader: manageGuard,
            handle: { section: 'Franchise agreements' },
          },
          { path: 'leases', lazy: recordScreen(loadLeases, 'List'), handle: { section: 'Leases' } },
          {
            path: 'leases/create',
            lazy: recordScreen(loadLeases, 'Create'),
            loader: manageGuard,
            handle: { section: 'Leases' },
          },
          { path: 'leases/:id', lazy: recordScreen(loadLeases, 'Detail'), handle: { section: 'Leases' } },
          {
            path: 'leases/:id/edit',
            lazy: recordScreen(loadLeases, 'Edit'),
            loader: manageGuard,
            handle: { section: 'Leases' },
          },
          {
            path: 'import/:type?',
            loader: manageGuard,
            lazy: lazyRoute(() => import('./routes/import')),
            handle: { section: 'Import' },
          },
        ],
      },
      { path: '*', lazy: lazyRoute(() => import('./routes/not-found'), core) },
    ],
  },
];

export const router = createBrowserRouter(routes);
