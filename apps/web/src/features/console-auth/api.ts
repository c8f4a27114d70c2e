import {
  staffAuthPaths as paths, type TAuditEntry, type TAuditQuery, type TExportFormat, type TRecoveryCodes, type TStaffAccount, type TStaffAccountCreate,
  type TStaffAccountUpdate, type TStaffLoginAnswer, type TStaffLoginBody, type TStaffMe, type TStaffPasswordLinkCheck, type TStaffProjectChoice,
  type TStaffSecurity, type TStaffSignedIn, type TSuccess, type TTotpConfirm, type TTotpStart,
} from '@portal/contract';
import { api } from '../../lib/api';
import { staffApi, staffApiPage, staffGetFile } from '../../lib/staff-api';

const withId = (path: string, id: number) => path.replace(':id', String(id));

/**
 * The console's own login calls go without a token (`token: false`) and leave 401/403 to the form:
 * a failed login is an answer to show, not a session that ended.
 */
const open = <T>(path: string, body: unknown) => api<T>(path, { method: 'POST', body, token: false, handleAuthErrors: true });

export const consoleAuthApi = {
  login: (body: TStaffLoginBody) => open<TStaffLoginAnswer>(paths.login, body),
  loginWithCode: (ticket: string, code: string) => open<TStaffSignedIn>(paths.loginTotp, { ticket, code }),
  /** With a login ticket (enrolment during the login), else in the console session. */
  startTotp: (ticket?: string) => (ticket ? open<TTotpStart>(paths.totpStart, { ticket }) : staffApi<TTotpStart>(paths.totpStart, { method: 'POST', body: {} })),
  confirmTotp: (code: string, ticket?: string) =>
    (ticket ? open<TTotpConfirm>(paths.totpConfirm, { code, ticket }) : staffApi<TTotpConfirm>(paths.totpConfirm, { method: 'POST', body: { code } })),
  newRecoveryCodes: (code: string) => staffApi<TRecoveryCodes>(paths.recoveryCodes, { method: 'POST', body: { code } }),
  disableTotp: (code: string) => staffApi<TSuccess>(paths.totp, { method: 'DELETE', body: { code } }),
  me: () => staffApi<TStaffMe>(paths.me),
  changePassword: (body: { current_password: string; password: string }) => staffApi<TSuccess>(paths.password, { method: 'PUT', body }),
  checkPasswordLink: (token: string) => open<TStaffPasswordLinkCheck>(`${paths.passwordLink}/check`, { token }),
  setPasswordWithLink: (token: string, password: string) => open<TSuccess>(paths.passwordLink, { token, password }),
  forgotPassword: (email: string) => open<TSuccess>(paths.forgotPassword, { email }),
};

export type AccountsPageParams = { q?: string; before?: number };

export const consoleAccountsApi = {
  list: (q: string, before?: number) => staffApiPage<TStaffAccount[]>(paths.accounts, { before, limit: 25 }, { query: { q: q || undefined } }),
  create: (body: TStaffAccountCreate) => staffApi<TStaffAccount>(paths.accounts, { method: 'POST', body }),
  update: (id: number, body: TStaffAccountUpdate) => staffApi<TStaffAccount>(withId(paths.account, id), { method: 'PUT', body }),
  resetTotp: (id: number) => staffApi<TStaffAccount>(withId(paths.accountResetTotp, id), { method: 'POST', body: {} }),
  invite: (id: number) => staffApi<TSuccess>(withId(paths.accountInvite, id), { method: 'POST', body: {} }),
  /** The first 100 accounts by name, for a filter's choices. */
  choices: () => staffApiPage<TStaffAccount[]>(paths.accounts, { limit: 100 }).then((page) => page.data),
  projects: () => staffApi<TStaffProjectChoice[]>(paths.accountProjects),
  security: () => staffApi<TStaffSecurity>(paths.security),
  setSecurity: (body: TStaffSecurity) => staffApi<TStaffSecurity>(paths.security, { method: 'PUT', body }),
};

export type AuditFilters = Omit<TAuditQuery, 'before' | 'limit' | 'language'>;

export const consoleAuditApi = {
  list: (filters: AuditFilters, before?: number) =>
    staffApiPage<TAuditEntry[]>(paths.audit, { before, limit: 50 }, { query: filters as Record<string, string | number | undefined> }),
  /** The log with the same filters as CSV or XLSX. */
  exportFile: (filters: AuditFilters, format: TExportFormat) =>
    staffGetFile(paths.auditExport, { ...(filters as Record<string, string | number | undefined>), format }),
};

/** Query keys of the console's auth domain: a mutation invalidates its own part. */
export const consoleAuthKeys = {
  me: ['staff', 'me'] as const,
  accounts: ['staff', 'accounts'] as const,
  accountList: (q: string) => ['staff', 'accounts', 'list', q] as const,
  accountChoices: ['staff', 'accounts', 'choices'] as const,
  projects: ['staff', 'accounts', 'projects'] as const,
  security: ['staff', 'security'] as const,
  audit: ['staff', 'audit'] as const,
  auditList: (filters: AuditFilters) => ['staff', 'audit', filters] as const,
};
