import { useMutation, useQuery } from '@tanstack/react-query';
import type { Billing, BillingRedirect } from '@storekeep/contracts';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export function useBilling(teamId: number) {
  return useQuery({
    queryKey: queryKeys.billing(teamId),
    queryFn: ({ signal }) =>
      api.get<{ data: Billing }>(`/teams/${teamId}/billing`, { signal }).then((body) => body.data),
    // Status changes arrive by webhook while the owner is away at Stripe: always ask again.
    staleTime: 0,
  });
}

/**
 * "Subscribe" (Stripe Checkout) and "Manage billing" (Stripe Customer Portal): the API creates the
 * session and returns its URL; the browser leaves for Stripe and comes back to /account/billing.
 */
export function useBillingRedirect(teamId: number, target: 'checkout' | 'portal') {
  return useMutation({
    mutationFn: () => api.post<{ data: BillingRedirect }>(`/teams/${teamId}/billing/${target}`),
    onSuccess: (body) => window.location.assign(body.data.url),
  });
}
