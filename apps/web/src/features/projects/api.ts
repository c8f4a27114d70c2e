import { queryOptions } from '@tanstack/react-query';
import type { TCustomer, TPartnerCustomer, TProject, TProjectSummary } from '@portal/contract';
import { api, earlyData, setApiBase } from '../../lib/api';

export const projectKeys = {
  all: ['projects'] as const,
  customer: (host: string) => ['customer', host] as const,
  occupantList: () => [...projectKeys.all, 'occupant', 'list'] as const,
  occupant: (projectId: number | null) => [...projectKeys.all, 'occupant', projectId] as const,
  publicList: (customerId: number) => [...projectKeys.all, 'public', 'list', customerId] as const,
  public: (projectId: number) => [...projectKeys.all, 'public', projectId] as const,
  partnerCustomers: () => [...projectKeys.all, 'partner', 'customers'] as const,
  partnerList: (customerId: number) => [...projectKeys.all, 'partner', 'list', customerId] as const,
  partner: (projectId: number) => [...projectKeys.all, 'partner', projectId] as const,
};

export const projectQueries = {
  customer: () =>
    queryOptions({
      queryKey: projectKeys.customer(window.location.host),
      queryFn: async () => {
        const customer = await api<TCustomer>('/public/customer/', { query: { domain: window.location.hostname }, token: false });
        setApiBase(customer.api_url);
        return customer;
      },
      staleTime: 5 * 60_000,
    }),
  occupantList: () => queryOptions({ queryKey: projectKeys.occupantList(), queryFn: () => api<TProjectSummary[]>('/occupant/projects') }),
  occupant: (projectId: number | null) =>
    queryOptions({
      queryKey: projectKeys.occupant(projectId),
      queryFn: () => api<TProject>('/occupant/project', { query: { project_id: projectId } }),
      // the dashboard's first render shows the project that index.html asked for while the app loaded
      initialData: () => earlyData<TProject>('/occupant/project', { query: { project_id: projectId } }),
    }),
  publicList: (customerId: number) =>
    queryOptions({ queryKey: projectKeys.publicList(customerId), queryFn: () => api<TProjectSummary[]>(`/public/projects/${customerId}`, { token: false }) }),
  public: (projectId: number) =>
    queryOptions({
      queryKey: projectKeys.public(projectId),
      queryFn: () => api<TProject>(`/public/project/${projectId}`, { token: false }),
      initialData: () => earlyData<TProject>(`/public/project/${projectId}`, { token: false }),
    }),
  partnerCustomers: () => queryOptions({ queryKey: projectKeys.partnerCustomers(), queryFn: () => api<TPartnerCustomer[]>('/partner/customers/') }),
  partnerList: (customerId: number) =>
    queryOptions({ queryKey: projectKeys.partnerList(customerId), queryFn: () => api<TProjectSummary[]>(`/partner/customer/${customerId}/projects`) }),
  partner: (projectId: number) => queryOptions({ queryKey: projectKeys.partner(projectId), queryFn: () => api<TProject>(`/partner/project/${projectId}`) }),
};
