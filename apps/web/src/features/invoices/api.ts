import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  Aging,
  BankImportResult,
  ExpectedReport,
  Invoice,
  InvoicingSettings,
  PaginationMeta,
  Payment,
  PaymentInput,
  Statement,
} from '@storekeep/contracts';
import { api } from '../../api/client';
import { invalidateAfterWrite } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';

/** One month's invoices (`YYYY-MM`), every franchisee, numbered order. */
export function useInvoices(period: string) {
  return useQuery({
    queryKey: queryKeys.list('invoices', { period }),
    queryFn: ({ signal }) =>
      api.get<{ data: Invoice[]; meta: PaginationMeta }>('/invoices', {
        signal,
        query: { 'filters[period]': period, per_page: 100, sort: 'number', direction: 'asc' },
      }),
  });
}

/**
 * Every invoice the caller may read, newest number first, a page at a time: a franchisee's member's own
 * companies' invoices of every month (the API narrows the list to them).
 */
export function useAllInvoices(page: number) {
  return useQuery({
    queryKey: queryKeys.list('invoices', { page }),
    queryFn: ({ signal }) =>
      api.get<{ data: Invoice[]; meta: PaginationMeta }>('/invoices', {
        signal,
        query: { page, per_page: 25, sort: 'number', direction: 'desc' },
      }),
    placeholderData: (previous) => previous,
  });
}

/** One invoice with its lines. */
export function useInvoice(id: number | null) {
  return useQuery({
    queryKey: queryKeys.detail('invoices', id ?? 0),
    queryFn: ({ signal }) => api.get<{ data: Invoice }>(`/invoices/${id}`, { signal }),
    enabled: id !== null,
  });
}

// Payments change invoices' paid amounts and statuses: both are refreshed after any of these writes.
const refresh = () => invalidateAfterWrite(queryKeys.all('invoices'), queryKeys.all('payments'));

export function useCreateInvoices() {
  return useMutation({
    mutationFn: async (period: string) =>
      (await api.post<{ data: { created: Invoice[]; skipped: number } }>('/invoices', { period })).data,
    onSettled: refresh,
  });
}

export function useInvoiceAction() {
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: 'send' | 'void' }) =>
      (await api.post<{ data: Invoice }>(`/invoices/${id}/${action}`)).data,
    onSettled: refresh,
  });
}

export function useRecordPayment() {
  return useMutation({
    mutationFn: async (body: PaymentInput) => (await api.post<{ data: Payment }>('/payments', body)).data,
    onSettled: refresh,
  });
}

/** The sales reports expected for periods ending in [from, to], with their status. */
export function useExpectedReports(from: string, to: string, status: string) {
  return useQuery({
    queryKey: queryKeys.list('reporting', { from, to, status }),
    queryFn: ({ signal }) =>
      api.get<{ data: ExpectedReport[] }>('/reporting/expected', {
        signal,
        query: { from, to, ...(status ? { status } : {}) },
      }),
  });
}

export function useLockPeriod() {
  return useMutation({
    mutationFn: async (body: { franchisee_id: number; from: string; to: string }) =>
      (await api.post<{ data: { locked: number } }>('/reporting/lock', body)).data,
    onSettled: () => invalidateAfterWrite(queryKeys.all('reporting'), queryKeys.all('sales')),
  });
}

/** What each franchisee owes by age on `asOf` (current, 1–30, 31–60, 61–90, over 90 days past due). */
export function useAging(asOf: string) {
  return useQuery({
    queryKey: queryKeys.list('invoices', { aging: asOf }),
    queryFn: ({ signal }) => api.get<{ data: Aging }>('/invoices/aging', { signal, query: { as_of: asOf } }),
  });
}

/** One franchisee's invoices and payments over [from, to] with running balances. */
export function useStatement(franchiseeId: number | null, from: string, to: string) {
  return useQuery({
    queryKey: queryKeys.list('payments', { statement: franchiseeId, from, to }),
    queryFn: ({ signal }) =>
      api.get<{ data: Statement }>(`/franchisees/${franchiseeId}/statement`, { signal, query: { from, to } }),
    enabled: franchiseeId !== null,
  });
}

/** A bank statement CSV: a preview of the lines it pays, or (confirm) the payments written. */
export function useBankImport() {
  return useMutation({
    mutationFn: async ({ file, confirm }: { file: File; confirm: boolean }) => {
      const form = new FormData();
      if (confirm) form.append('confirm', 'true');
      form.append('file', file);
      return (await api.upload<{ data: BankImportResult }>('/payments/import', form)).data;
    },
    onSettled: (_data, _error, { confirm }) => (confirm ? refresh() : undefined),
  });
}

/** The team's franchisees by name (the statement's choice), the first hundred. */
export function useFranchisees() {
  return useQuery({
    queryKey: queryKeys.list('companies', { kind: 'franchisee', per_page: 100 }),
    queryFn: ({ signal }) =>
      api.get<{ data: Array<{ id: number; name: string }> }>('/companies', {
        signal,
        query: { 'filters[kind]': 'franchisee', per_page: 100, sort: 'name', direction: 'asc' },
      }),
  });
}

/** The invoicing rules: the team's default row first, then each brand's own. */
export function useInvoicingSettings() {
  return useQuery({
    queryKey: queryKeys.list('invoices', { settings: true }),
    queryFn: ({ signal }) => api.get<{ data: InvoicingSettings[] }>('/invoicing/settings', { signal }),
  });
}
