import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { adminGuard, billingGuard, guestGuard, manageGuard, reactivateGuard, subscriptionGuard } from './features/auth/guards';
import { RouteErrorBoundary } from './features/errors/route-error-boundary';
import { AppShell } from './features/layout/app-shell';
import { AuthLayout } from './features/layout/auth-layout';
import { MarketingLayout } from './features/layout/marketing-layout';
import { RootLayout } from './features/layout/root-layout';
import { lazyRoute } from './lib/lazy-route';

type RecordModule = { List: ComponentType; Detail?: ComponentType; Create?: ComponentType; Edit?: ComponentType };

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

const loadBrands = () => import('./routes/records/brands');
const loadLeases = () => import('./routes/leases');
const loadAgreements = () => import('./routes/agreements');

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        Component: MarketingLayout,
        children: [
          { index: true, lazy: lazyRoute(() => import('./routes/home')) },
          { path: 'privacy-policy', lazy: lazyRoute(() => import('./routes/privacy-policy')) },
          { path: 'terms-of-service', lazy: lazyRoute(() => import('./routes/terms-of-service')) },
          { path: 'security', lazy: lazyRoute(() => import('./routes/security')) },
        ],
      },
      {
        Component: AuthLayout,
        children: [
          {
            loader: guestGuard,
            children: [
              { path: 'login', lazy: lazyRoute(() => import('./routes/login')) },
              { path: 'register', lazy: lazyRoute(() => import('./routes/register')) },
              { path: 'password/reset', lazy: lazyRoute(() => import('./routes/forgot-password')) },
              { path: 'password/reset/:token', lazy: lazyRoute(() => import('./routes/reset-password')) },
            ],
          },
          { path: 'teams/join/:invitation?', lazy: lazyRoute(() => import('./routes/team-join')) },
          { path: 'teams/register/:invitation?', lazy: lazyRoute(() => import('./routes/team-register')) },
          { path: 'reactivate', loader: reactivateGuard, lazy: lazyRoute(() => import('./routes/reactivate')) },
        ],
      },
      {
        loader: subscriptionGuard,
        Component: AppShell,
        children: [
          { path: 'dashboard', lazy: lazyRoute(() => import('./routes/dashboard')) },
          { path: 'account/profile', lazy: lazyRoute(() => import('./routes/account-profile')) },
          { path: 'account/team', lazy: lazyRoute(() => import('./routes/account-team')) },
          { path: 'account/attributes', loader: adminGuard, lazy: lazyRoute(() => import('./routes/account-attributes')), handle: { section: 'Attributes' } },
          { path: 'account/billing', loader: billingGuard, lazy: lazyRoute(() => import('./routes/account-billing')), handle: { section: 'Billing' } },
          { path: 'activities', loader: adminGuard, lazy: lazyRoute(() => import('./routes/activities')), handle: { section: 'Audit logs' } },
          { path: 'brands', lazy: recordScreen(loadBrands, 'List'), handle: { section: 'Brands' } },
          { path: 'brands/:id', lazy: recordScreen(loadBrands, 'Detail'), handle: { section: 'Brands' } },
          { path: 'brands/:id/:tab', lazy: recordScreen(loadBrands, 'Detail'), handle: { section: 'Brands' } },
          ...resource('companies', 'Companies', () => import('./routes/records/companies')),
          ...resource('contacts', 'Contacts', () => import('./routes/records/contacts')),
          ...resource('stores', 'Stores', () => import('./routes/records/stores')),
          { path: 'documents', lazy: lazyRoute(() => import('./routes/documents')), handle: { section: 'Documents' } },
          { path: 'reminders', lazy: lazyRoute(() => import('./routes/reminders')), handle: { section: 'Notifications' } },
          { path: 'reminders/:id/comments', lazy: lazyRoute(() => import('./routes/reminder-comments')), handle: { section: 'Notifications' } },
          { path: 'sales', lazy: lazyRoute(() => import('./routes/sales')), handle: { section: 'Sales' } },
          { path: 'agreements', lazy: recordScreen(loadAgreements, 'List'), handle: { section: 'Franchise agreements' } },
          { path: 'agreements/create', lazy: recordScreen(loadAgreements, 'Create'), loader: manageGuard, handle: { section: 'Franchise agreements' } },
          { path: 'agreements/:id', lazy: recordScreen(loadAgreements, 'Detail'), handle: { section: 'Franchise agreements' } },
          { path: 'agreements/:id/edit', lazy: recordScreen(loadAgreements, 'Edit'), loader: manageGuard, handle: { section: 'Franchise agreements' } },
          { path: 'leases', lazy: recordScreen(loadLeases, 'List'), handle: { section: 'Leases' } },
          { path: 'leases/create', lazy: recordScreen(loadLeases, 'Create'), loader: manageGuard, handle: { section: 'Leases' } },
          { path: 'leases/:id', lazy: recordScreen(loadLeases, 'Detail'), handle: { section: 'Leases' } },
          { path: 'leases/:id/edit', lazy: recordScreen(loadLeases, 'Edit'), loader: manageGuard, handle: { section: 'Leases' } },
          { path: 'import/:type?', loader: manageGuard, lazy: lazyRoute(() => import('./routes/import')), handle: { section: 'Import' } },
        ],
      },
      { path: '*', lazy: lazyRoute(() => import('./routes/not-found')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
