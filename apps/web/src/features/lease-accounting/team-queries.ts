import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  LeaseAccountingClose,
  LeaseAccountingSettings,
  LeaseDisclosures,
  TeamAccountingReadingsInput,
  TeamSettings,
} from '@storekeep/contracts';
import { api } from '../../api/client';
import { invalidateAfterWrite, queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';

export function useLeaseAccountingSettings() {
  return useQuery({
    queryKey: queryKeys.leaseAccountingSettings,
    queryFn: ({ signal }) =>
      api
        .get<{ data: LeaseAccountingSettings }>('/lease-accounting/settings', { signal })
        .then((body) => body.data),
  });
}

export type SettingsInput = {
  borrowing_rates: { up_to_months: string; rate: string }[];
  gl_accounts: Record<string, string>;
};

export function useSaveLeaseAccountingSettings() {
  return useMutation({
    mutationFn: (input: SettingsInput) =>
      api
        .put<{ data: LeaseAccountingSettings }>('/lease-accounting/settings', input)
        .then((body) => body.data),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.leaseAccountingSettings, saved);
      // A lease without its own rate takes the team's table: every schedule may change.
      void invalidateAfterWrite(queryKeys.all('leases'));
      void invalidateAfterWrite(queryKeys.all('lease-accounting'));
    },
    meta: { form: true },
  });
}

/** The team's settings, of which this page shows the accounting readings a profile may leave to the team. */
export function useTeamSettings(teamId: number) {
  return useQuery({
    queryKey: queryKeys.teamSettings(teamId),
    queryFn: ({ signal }) =>
      api.get<{ data: TeamSettings }>(`/teams/${teamId}/settings`, { signal }).then((body) => body.data),
  });
}

/** Saves only the four accounting readings (the team page's form sends its own fields the same way). */
export function useSaveAccountingReadings(teamId: number) {
  return useMutation({
    mutationFn: (input: TeamAccountingReadingsInput) =>
      api.patch<{ data: TeamSettings }>(`/teams/${teamId}/settings`, input).then((body) => body.data),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.teamSettings(teamId), saved);
      // Every lease that leaves a reading to the team has another schedule now.
      void invalidateAfterWrite(queryKeys.all('leases'), queryKeys.all('lease-accounting'));
    },
    meta: { form: true },
  });
}

export function useLeaseAccountingCloses() {
  return useQuery({
    queryKey: queryKeys.leaseAccountingCloses,
    queryFn: ({ signal }) =>
      api
        .get<{ data: LeaseAccountingClose[] }>('/lease-accounting/closes', { signal })
        .then((body) => body.data),
  });
}

export function useCloseMonth() {
  return useMutation({
    mutationFn: (period: string) =>
      api
        .post<{ data: LeaseAccountingClose[] }>('/lease-accounting/closes', { period })
        .then((body) => body.data),
    onSuccess: (closes) => {
      queryClient.setQueryData(queryKeys.leaseAccountingCloses, closes);
      void invalidateAfterWrite(queryKeys.all('leases'));
    },
  });
}

export function useLeaseDisclosures(asOf: string) {
  return useQuery({
    queryKey: queryKeys.leaseAccountingDisclosures(asOf),
    queryFn: ({ signal }) =>
      api
        .get<{ data: LeaseDisclosures }>('/lease-accounting/disclosures', { signal, query: { as_of: asOf } })
        .then((body) => body.data),
  });
}
