import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import type { AuthUser } from '@storekeep/contracts';
import { queryClient } from '../../api/query-client';
import { authUserQuery } from './auth-user-query';
import { can, isInactive, type Action } from './permissions';

/**
 * Route guards as loaders (PRODUCT-SPEC §6): they run before a screen renders, redirect guests to
 * /login, and throw 403 for the root error boundary, which shows the bare error page.
 */
export function loadAuthUser(): Promise<AuthUser | null> {
  return queryClient.ensureQueryData(authUserQuery);
}

const forbidden = () => data(null, { status: 403, statusText: 'Forbidden' });

async function requireUser(request: Request): Promise<AuthUser> {
  const user = await loadAuthUser();
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}

/** Login, register, password reset: a logged-in visitor goes to the dashboard. */
export async function guestGuard(): Promise<null> {
  if (await loadAuthUser()) throw redirect('/dashboard');
  return null;
}

export async function authGuard({ request }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  return null;
}

/** Spec §4: an inactive subscription sends the owner to /reactivate; anyone else gets 403. */
export async function subscriptionGuard({ request }: LoaderFunctionArgs): Promise<null> {
  const user = await requireUser(request);
  if (isInactive(user)) {
    if (can(user, 'subscription.reactivate')) throw redirect('/reactivate');
    throw forbidden();
  }
  return null;
}

function roleGuard(action: Action) {
  return async ({ request }: LoaderFunctionArgs): Promise<null> => {
    const user = await requireUser(request);
    if (!can(user, action)) throw forbidden();
    return null;
  };
}

/** /reactivate is the closed team's owner's page; anyone else goes on to the dashboard (where the 403 shows). */
export async function reactivateGuard({ request }: LoaderFunctionArgs): Promise<null> {
  const user = await requireUser(request);
  if (!can(user, 'subscription.reactivate')) throw redirect('/dashboard');
  return null;
}

export const adminGuard = roleGuard('team.admin');
export const billingGuard = roleGuard('billing.manage');
export const manageGuard = roleGuard('records.write');
/** Whole-team screens (payables, invoices, sales reporting): a franchisee's member gets the 403 page. */
export const browseGuard = roleGuard('team.browse');
