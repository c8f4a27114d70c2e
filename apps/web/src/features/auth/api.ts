import { normalizeAlnum, type TActivateBody, type TActivateResponse, type TLoginResponse, type TResetLinkCheck, type TSetPasswordBody, type TSuccess, type TTokenResponse } from '@portal/contract';
import { api } from '../../lib/api';

export const authApi = {
  loginOccupant: (body: { zipcode: string; house_number: string; password: string }) =>
    api<TLoginResponse>('/public/login', { body: { ...body, web: true }, handleAuthErrors: true }),
  loginPartner: (body: { username: string; password: string }) =>
    api<TLoginResponse>('/public/login', { body: { ...body, web: true }, handleAuthErrors: true }),
  loginTotp: (body: { ticket: string; code: string }) =>
    api<TLoginResponse>('/public/login/totp', { body, token: false, handleAuthErrors: true }),
  activate: (body: Omit<TActivateBody, 'language'>) =>
    api<TActivateResponse>('/public/activate', { body, token: false, handleAuthErrors: true }),
  autoLogin: (addressId: number, ticket: string) =>
    api<TTokenResponse>(`/occupant/auth/${addressId}`, { query: { web: true }, token: ticket, handleAuthErrors: true }),
  forgotPassword: (username: string) => api<TSuccess>('/public/forgot-password', { body: { username }, token: false, handleAuthErrors: true }),
  /** The spec's five fields: a resident's username (postcode + house number) is also sent split. */
  setPassword: ({ password, username, code }: { password: string; username: string; code: string }) => {
    const resident = /^(\d{4}[A-Z]{2})([0-9].*)$/.exec(normalizeAlnum(username));
    const body: TSetPasswordBody = { password, username, zipcode: resident?.[1] ?? '', house_number: resident?.[2] ?? '', code };
    return api<TSuccess>('/public/set-password', { body, token: false, handleAuthErrors: true });
  },
  checkResetLink: (username: string, code: string) =>
    api<TResetLinkCheck>('/public/reset-link', { body: { username, code }, token: false, handleAuthErrors: true }),
  wocoLogin: (token: string) => api<TLoginResponse>('/public/woco/login', { body: { token }, token: false, handleAuthErrors: true }),
  logout: () => api<TSuccess>('/auth/logout', { body: {}, handleAuthErrors: true }),
};
