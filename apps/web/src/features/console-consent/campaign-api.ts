import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  consentCampaignPaths, fillPath, LETTER_COUNT_HEADER,
  type TCampaignAddressPage, type TCampaignOverview, type TCampaignRule, type TCampaignStatusFilter, type TReminderSent, type TReminderSettings,
  type TReminderSettingsBody, type TConsentHouseholdRule, type TStaffMe,
} from '@portal/contract';
import { staffApi, staffApiPage, staffDownload, staffGetFile } from '../../lib/staff-api';
import type { MadePdf } from '../../ui/make-pdf-dialog';

export type CampaignFilter = { building_unit?: string; status?: TCampaignStatusFilter; q?: string };

export const campaignKeys = {
  all: ['staff', 'consent-campaign'] as const,
  project: (projectId: number) => [...campaignKeys.all, projectId] as const,
  overview: (projectId: number, formId: number | null) => [...campaignKeys.project(projectId), 'overview', formId] as const,
  addresses: (projectId: number, formId: number, filter: CampaignFilter, page: number) => [...campaignKeys.project(projectId), 'addresses', formId, filter, page] as const,
  reminders: (projectId: number, formId: number) => [...campaignKeys.project(projectId), 'reminders', formId] as const,
};

const formPath = (template: string, projectId: number, formId: number) => fillPath(template, { projectId, formId });

export const campaignQueries = {
  me: () => queryOptions({ queryKey: ['staff', 'me'], queryFn: () => staffApi<TStaffMe>('/staff/me'), staleTime: 60_000 }),
  overview: (projectId: number, formId: number | null) => queryOptions({
    queryKey: campaignKeys.overview(projectId, formId),
    queryFn: () => staffApi<TCampaignOverview>(fillPath(consentCampaignPaths.overview, { projectId }), { query: formId ? { form_id: formId } : {} }),
  }),
  addresses: (projectId: number, formId: number, filter: CampaignFilter, page: number) => queryOptions({
    queryKey: campaignKeys.addresses(projectId, formId, filter, page),
    queryFn: () => staffApi<TCampaignAddressPage>(formPath(consentCampaignPaths.addresses, projectId, formId), { query: { ...filter, page } }),
    placeholderData: keepPreviousData,
  }),
  reminders: (projectId: number, formId: number) => queryOptions({
    queryKey: campaignKeys.reminders(projectId, formId),
    queryFn: () => staffApiPage<TReminderSent[]>(formPath(consentCampaignPaths.reminders, projectId, formId), { limit: 50 }),
  }),
};

export const campaignApi = {
  setRule: (projectId: number, body: { counts_vacant: boolean; household_rule: TConsentHouseholdRule }) =>
    staffApi<TCampaignRule>(fillPath(consentCampaignPaths.rule, { projectId }), { method: 'PUT', body }),
  setHouseholds: (projectId: number, addressId: number, households: number) =>
    staffApi<{ address_id: number; households: number }>(fillPath(consentCampaignPaths.households, { projectId, addressId }), { method: 'PUT', body: { households } }),
  saveReminders: (projectId: number, formId: number, body: Omit<TReminderSettingsBody, 'language'>) =>
    staffApi<TReminderSettings>(formPath(consentCampaignPaths.reminderSettings, projectId, formId), { method: 'PUT', body }),
  runReminders: (projectId: number, formId: number) =>
    staffApi<{ sent: number }>(formPath(consentCampaignPaths.remindersRun, projectId, formId), { method: 'POST' }),
  async noticeLetters(projectId: number, formId: number, unit: string): Promise<MadePdf> {
    const { blob, headers } = await staffDownload(formPath(consentCampaignPaths.noticeLetters, projectId, formId), { building_unit: unit });
    const filename = /filename="([^"]+)"/.exec(headers.get('content-disposition') ?? '')?.[1] ?? 'kennisgevingen.pdf';
    return { blob, filename, count: Number(headers.get(LETTER_COUNT_HEADER)) || 0 };
  },
  markSent: (projectId: number, formId: number, unit: string, sentOn: string) =>
    staffApi<{ marked: number; sent_on: string; court_deadline: string }>(formPath(consentCampaignPaths.noticesSent, projectId, formId), {
      method: 'POST', body: { building_unit: unit, sent_on: sentOn },
    }),
  export: (projectId: number, formId: number, filter: CampaignFilter, format: 'csv' | 'xlsx') =>
    staffGetFile(formPath(consentCampaignPaths.export, projectId, formId), { ...filter, format }),
  visitList: (projectId: number, formId: number, unit?: string) =>
    staffGetFile(formPath(consentCampaignPaths.visitList, projectId, formId), { building_unit: unit }),
  evidence: (projectId: number, formId: number, addressId: number) =>
    staffGetFile(fillPath(consentCampaignPaths.evidence, { projectId, formId, addressId })),
};
