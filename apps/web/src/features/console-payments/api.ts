import { queryOptions } from '@tanstack/react-query';
import {
  fillPath, staffPaymentPaths, staffProjectPaths,
  type TConsolePayment, type TConsolePaymentDetail, type TRefundBody, type TRefundResult, type TStaffMe, type TStaffPaymentFilter, type TStaffPaymentTotals,
  type TStaffProject,
} from '@portal/contract';
import { staffApi, staffApiPage, staffGetFile } from '../../lib/staff-api';

/** The list's filters as the page holds them (the address search is the list's own). */
export type PaymentFilter = Omit<TStaffPaymentFilter, 'language' | 'q'>;

export const paymentKeys = {
  all: ['staff', 'payments'] as const,
  project: (projectId: number) => [...paymentKeys.all, projectId] as const,
  list: (projectId: number, filter: PaymentFilter) => [...paymentKeys.project(projectId), 'list', filter] as const,
  totals: (projectId: number, filter: PaymentFilter) => [...paymentKeys.project(projectId), 'totals', filter] as const,
  one: (projectId: number, paymentId: number) => [...paymentKeys.project(projectId), 'one', paymentId] as const,
};

const listPath = (projectId: number) => fillPath(staffPaymentPaths.list, { projectId });
const onePath = (template: string, projectId: number, paymentId: number) => fillPath(template, { projectId, paymentId });

export const paymentQueries = {
  totals: (projectId: number, filter: PaymentFilter) => queryOptions({
    queryKey: paymentKeys.totals(projectId, filter),
    queryFn: () => staffApi<TStaffPaymentTotals>(fillPath(staffPaymentPaths.totals, { projectId }), { query: filter }),
  }),
  one: (projectId: number, paymentId: number) => queryOptions({
    queryKey: paymentKeys.one(projectId, paymentId),
    queryFn: () => staffApi<TConsolePaymentDetail>(onePath(staffPaymentPaths.one, projectId, paymentId)),
  }),
  /** The project's name for the title (the console-projects feature keeps the project itself). */
  project: (projectId: number) => queryOptions({
    queryKey: [...paymentKeys.project(projectId), 'project'] as const,
    queryFn: () => staffApi<TStaffProject>(staffProjectPaths.project(projectId)),
    staleTime: 60_000,
  }),
  /** The console's account (shared with the console's layout, which loaded it already). */
  me: () => queryOptions({ queryKey: ['staff', 'me'], queryFn: () => staffApi<TStaffMe>('/staff/me'), staleTime: 60_000 }),
};

export const paymentApi = {
  page: (projectId: number, filter: PaymentFilter & { q?: string }, before?: number) =>
    staffApiPage<TConsolePayment[]>(listPath(projectId), { before }, { query: filter }),
  refund: (projectId: number, paymentId: number, body: Omit<TRefundBody, 'language'>) =>
    staffApi<TRefundResult>(onePath(staffPaymentPaths.refunds, projectId, paymentId), { method: 'POST', body }),
  export: (projectId: number, filter: PaymentFilter & { q?: string }, format: 'csv' | 'xlsx') =>
    staffGetFile(fillPath(staffPaymentPaths.export, { projectId }), { ...filter, format }),
};
