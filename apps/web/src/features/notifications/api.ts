import { queryOptions } from '@tanstack/react-query';
import {
  notificationPaths,
  type TNotificationSettings, type TNotificationSettingsUpdate, type TPushSubscriptionBody, type TUnsubscribeInfo,
} from '@portal/contract';
import { api } from '../../lib/api';

export const notificationKeys = {
  all: ['notifications'] as const,
  settings: () => [...notificationKeys.all, 'settings'] as const,
  unsubscribe: (token: string) => [...notificationKeys.all, 'unsubscribe', token] as const,
};

export const notificationQueries = {
  settings: () => queryOptions({
    queryKey: notificationKeys.settings(),
    queryFn: ({ signal }) => api<TNotificationSettings>(notificationPaths.settings, { signal }),
  }),
  /** What a one-click unsubscribe link is for (no login; a GET changes nothing). */
  unsubscribe: (token: string) => queryOptions({
    queryKey: notificationKeys.unsubscribe(token),
    queryFn: ({ signal }) => api<TUnsubscribeInfo>(notificationPaths.unsubscribe, { query: { token }, token: false, handleAuthErrors: true, signal }),
    retry: false,
  }),
};

export const notificationApi = {
  save: (body: TNotificationSettingsUpdate) => api<TNotificationSettings>(notificationPaths.settings, { method: 'PUT', body }),
  publicKey: () => api<{ public_key: string }>(notificationPaths.pushKey),
  subscribe: (body: TPushSubscriptionBody) => api<unknown>(notificationPaths.pushSubscriptions, { method: 'POST', body }),
  unsubscribeDevice: (endpoint: string) => api<unknown>(notificationPaths.pushSubscriptions, { method: 'DELETE', body: { endpoint } }),
  /** The one-click unsubscribe (the token in the query, as the e-mail's List-Unsubscribe address has it). */
  unsubscribe: (token: string) => api<unknown>(notificationPaths.unsubscribe, { method: 'POST', query: { token }, body: {}, token: false, handleAuthErrors: true }),
};
