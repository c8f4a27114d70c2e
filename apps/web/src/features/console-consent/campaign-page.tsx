import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useParams, useSearchParams } from 'wouter';
import { ZCampaignFilter, ZCampaignOverviewQuery, type TCampaignOverview, type TCampaignUnit, type TConsentHouseholdRule } from '@portal/contract';
import { filtersFromSearch } from '../../lib/search-filters';
import { ApiError } from '../../lib/api';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { Crumbs } from '../../ui/crumbs';
import { Dialog } from '../../ui/dialog';
import { formatDutchDate } from '../../ui/date-field';
import { Checkbox, TextField } from '../../ui/field';
import { MakePdfDialog } from '../../ui/make-pdf-dialog';
import { Card, Page } from '../../ui/page';
import { Select } from '../../ui/select';
import { ErrorState, Loading } from '../../ui/states';
import { toast, toastError } from '../../ui/toaster';
import { consentLetterQueries } from './api';
import { campaignApi, campaignKeys, campaignQueries } from './campaign-api';
import { CampaignAddresses } from './components/campaign-addresses';
import { ConsentTabs } from './components/consent-tabs';
import { RemindersCard } from './components/reminders-card';
import { UnitCard } from './components/unit-card';
import { campaignTexts as texts, consentLetterTexts } from './texts';

type Dialogs = { kind: 'notices' | 'sent'; unit: TCampaignUnit } | null;

/**
 * /beheer/projecten/:projectId/draagvlak/campagne: the consent campaign of the project's support-base forms
 * (art. 7:220 lid 3 BW). The tally per building unit under the project's rule, the 70% milestones, the written
 * notices with their sent dates and court periods, reminders, the visit list, exports and evidence packs.
 */
export default function ConsentCampaignPage() {
  const projectId = Number(useParams<{ projectId: string }>().projectId);
  const project = useQuery(consentLetterQueries.project(projectId));
  // Opened from a link (the project's overview: ?form_id=3&building_unit=Blok%202): that form, its addresses filtered.
  const [search] = useSearchParams();
  const [formId, setFormId] = useState<number | null>(() => filtersFromSearch(ZCampaignOverviewQuery, search, ['form_id']).form_id ?? null);
  const overview = useQuery(campaignQueries.overview(projectId, formId));
  const me = useQuery(campaignQueries.me());
  const canManage = me.data?.permissions.includes('consent.campaign.manage') ?? false;
  const selectId = useId();

  const crumbs = (
    <Crumbs
      crumbs={[{ href: '/projecten', label: consentLetterTexts.crumbs.projects }, { href: `/projecten/${projectId}`, label: project.data?.name ?? `Project ${projectId}` }]}
      current={texts.title}
    />
  );
  const head = <>{crumbs}<ConsentTabs projectId={projectId} current="campaign" /></>;
  if (overview.isPending) return <Page title={texts.title}>{head}<Loading /></Page>;
  if (overview.isError) return <Page title={texts.title}>{head}<ErrorState error={overview.error} retry={() => void overview.refetch()} /></Page>;
  const data = overview.data;
  if (data.form_id === null) return <Page title={texts.title}>{head}<Banner tone="info">{consentLetterTexts.noForms}</Banner></Page>;
  return (
    <Page title={texts.title}>
      {head}
      <p className="mb-4 max-w-3xl text-slate-800">{texts.intro}</p>
      {data.forms.length > 1 && (
        <div className="mb-4 flex max-w-md flex-col gap-1">
          <label htmlFor={selectId} className="text-sm font-medium text-slate-800">{texts.form}</label>
          <Select id={selectId} value={String(data.form_id)} onChange={(e) => setFormId(Number(e.target.value))}>
            {data.forms.map((f) => <option key={f.id} value={f.id}>{f.name}</option>)}
          </Select>
        </div>
      )}
      <Campaign key={data.form_id} projectId={projectId} formId={data.form_id} data={data} canManage={canManage} />
    </Page>
  );
}

function Campaign({ projectId, formId, data, canManage }: { projectId: number; formId: number; data: TCampaignOverview; canManage: boolean }) {
  const [search] = useSearchParams();
  const [initialFilter] = useState(() => filtersFromSearch(ZCampaignFilter, search, ['building_unit', 'status']));
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const close = () => setDialog(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: campaignKeys.project(projectId) });
  const today = formatDutchDate(new Date());

  return (
    <div className="flex flex-col gap-6">
      <RuleCard projectId={projectId} data={data} canManage={canManage} onSaved={refresh} />

      <section aria-labelledby="units-title" className="flex flex-col gap-3">
        <h2 id="units-title" className="text-lg font-semibold text-slate-900">{texts.units.title}</h2>
        {!data.units.length && <p className="text-slate-700">{texts.units.none}</p>}
        <ul className="grid gap-4 lg:grid-cols-2">
          {data.units.map((unit) => (
            <UnitCard key={unit.building_unit} unit={unit} canManage={canManage}
              onNotices={() => setDialog({ kind: 'notices', unit })} onSent={() => setDialog({ kind: 'sent', unit })} />
          ))}
        </ul>
      </section>

      <RemindersCard projectId={projectId} formId={formId} canManage={canManage} today={today}
        settings={data.reminders ?? { enabled: false, starts_on: today, first_after_days: 5, interval_days: 2, max_count: 4, by_email: true, by_sms: true }} />

      <CampaignAddresses projectId={projectId} formId={formId} units={data.units.map((u) => u.building_unit)} initial={initialFilter}
        editHouseholds={canManage && data.rule.household_rule === 'household'} />

      {dialog?.kind === 'notices' && (
        <MakePdfDialog
          title={texts.notice.title(dialog.unit.building_unit)}
          texts={{ ...texts.notice, cancel: texts.cancel, close: texts.close, fallback: texts.failed }}
          make={() => campaignApi.noticeLetters(projectId, formId, dialog.unit.building_unit)}
          onMade={refresh}
          onClose={close}
        >
          <p className="text-slate-800">{texts.notice.intro(dialog.unit.not_agreeing, dialog.unit.building_unit)}</p>
        </MakePdfDialog>
      )}
      {dialog?.kind === 'sent' && <SentDialog projectId={projectId} formId={formId} unit={dialog.unit} today={today} onClose={close} onSaved={refresh} />}
    </div>
  );
}

function RuleCard({ projectId, data, canManage, onSaved }: { projectId: number; data: TCampaignOverview; canManage: boolean; onSaved: () => Promise<void> }) {
  const [countsVacant, setCountsVacant] = useState(data.rule.counts_vacant);
  const [householdRule, setHouseholdRule] = useState<TConsentHouseholdRule>(data.rule.household_rule);
  const ruleId = useId();
  const save = useMutation({
    mutationFn: () => campaignApi.setRule(projectId, { counts_vacant: countsVacant, household_rule: householdRule }),
    onSuccess: async () => {
      toast(texts.rule.saved, 'success');
      await onSaved();
    },
    onError: (error) => toastError(error, texts.failed),
  });
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold text-slate-900">{texts.rule.title}</h2>
      <p className="max-w-3xl text-slate-800">{data.rule.rule_text}</p>
      {canManage && (
        <form className="flex flex-col gap-2" onSubmit={(e) => { e.preventDefault(); save.mutate(); }}>
          <Checkbox label={texts.rule.countsVacant} checked={countsVacant} onChange={(e) => setCountsVacant(e.target.checked)} />
          <div className="flex max-w-md flex-col gap-1">
            <label htmlFor={ruleId} className="text-sm font-medium text-slate-800">{texts.rule.household}</label>
            <Select id={ruleId} value={householdRule} onChange={(e) => setHouseholdRule(e.target.value as TConsentHouseholdRule)}>
              <option value="home">{texts.rule.home}</option>
              <option value="household">{texts.rule.perHousehold}</option>
            </Select>
          </div>
          <Button type="submit" className="self-start" busy={save.isPending}
            disabled={countsVacant === data.rule.counts_vacant && householdRule === data.rule.household_rule}>{texts.rule.save}</Button>
        </form>
      )}
    </Card>
  );
}

function SentDialog({ projectId, formId, unit, today, onClose, onSaved }: {
  projectId: number; formId: number; unit: TCampaignUnit; today: string; onClose: () => void; onSaved: () => Promise<void>;
}) {
  const [sentOn, setSentOn] = useState(today);
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: () => campaignApi.markSent(projectId, formId, unit.building_unit, sentOn),
    onSuccess: async (answer) => {
      toast(texts.notice.sentDone(answer.marked, answer.court_deadline), 'success');
      onClose();
      await onSaved();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 422) setError(e.body.errors?.[0]?.message ?? e.message);
      else toastError(e, texts.failed);
    },
  });
  return (
    <Dialog open title={texts.notice.sentTitle(unit.building_unit)} onClose={onClose}>
      <form className="flex flex-col gap-4" onSubmit={(e) => { e.preventDefault(); save.mutate(); }}>
        <TextField label={texts.notice.sentOn} hint={texts.notice.sentHint} value={sentOn} error={error} required onChange={(e) => setSentOn(e.target.value)} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>{texts.cancel}</Button>
          <Button type="submit" busy={save.isPending}>{texts.notice.save}</Button>
        </div>
      </form>
    </Dialog>
  );
}
