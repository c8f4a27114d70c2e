import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { CAMPAIGN_STATUS_FILTERS, campaignStatusFilterLabels, supportBaseStatusLabels, type TCampaignStatusFilter } from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { saveFile } from '../../../lib/staff-api';
import { Button } from '../../../ui/button';
import { ExportButtons } from '../../../ui/export-buttons';
import { TextField } from '../../../ui/field';
import { Card } from '../../../ui/page';
import { Select } from '../../../ui/select';
import { ErrorState, Loading } from '../../../ui/states';
import { toast, toastError } from '../../../ui/toaster';
import { campaignApi, campaignKeys, campaignQueries, type CampaignFilter } from '../campaign-api';
import { campaignTexts as texts } from '../texts';

const statusLabel = (s: TCampaignStatusFilter) => (s === 'no_answer' || s === 'vacant' ? campaignStatusFilterLabels[s] : supportBaseStatusLabels[s]);

/** The form's addresses per status with filters, exports, the visit list and each address's evidence pack. */
type Props = {
  projectId: number; formId: number; units: string[];
  /** Households can be set (the household rule is in force and the caller runs the campaign). */ editHouseholds: boolean;
  /** The filter it opens with (from the page's URL). */ initial?: CampaignFilter;
};

export function CampaignAddresses({ projectId, formId, units, editHouseholds, initial = {} }: Props) {
  const [filter, setFilter] = useState<CampaignFilter>(initial);
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const unitId = useId();
  const statusId = useId();
  const list = useQuery(campaignQueries.addresses(projectId, formId, filter, page));
  const change = (next: CampaignFilter) => {
    setFilter(next);
    setPage(1);
  };
  const download = async (key: string, load: () => Promise<{ blob: Blob; filename: string }>) => {
    setBusy(key);
    try {
      saveFile(await load());
    } catch (error) {
      toastError(error, texts.downloadFailed);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold text-slate-900">{texts.addresses.title}</h2>
      <form className="grid gap-3 sm:grid-cols-3" role="search" onSubmit={(e) => { e.preventDefault(); change({ ...filter, q: q.trim() || undefined }); }}>
        <div className="flex flex-col gap-1">
          <label htmlFor={unitId} className="text-sm font-medium text-slate-800">{texts.addresses.unit}</label>
          <Select id={unitId} value={filter.building_unit ?? ''} onChange={(e) => change({ ...filter, building_unit: e.target.value || undefined })}>
            <option value="">{texts.addresses.allUnits}</option>
            {units.map((u) => <option key={u} value={u}>{u}</option>)}
          </Select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={statusId} className="text-sm font-medium text-slate-800">{texts.addresses.status}</label>
          <Select id={statusId} value={filter.status ?? ''} onChange={(e) => change({ ...filter, status: (e.target.value || undefined) as TCampaignStatusFilter | undefined })}>
            <option value="">{texts.addresses.allStatuses}</option>
            {CAMPAIGN_STATUS_FILTERS.map((s) => <option key={s} value={s}>{statusLabel(s)}</option>)}
          </Select>
        </div>
        <TextField label={texts.addresses.search} type="search" value={q} onChange={(e) => setQ(e.target.value)}
          onBlur={() => change({ ...filter, q: q.trim() || undefined })} />
      </form>
      <div className="flex flex-wrap gap-2">
        <ExportButtons download={(format) => campaignApi.export(projectId, formId, filter, format)} />
        <Button variant="secondary" busy={busy === 'visit'} onClick={() => void download('visit', () => campaignApi.visitList(projectId, formId, filter.building_unit))}>{texts.addresses.visitList}</Button>
      </div>
      {list.isPending && <Loading />}
      {list.isError && <ErrorState error={list.error} retry={() => void list.refetch()} />}
      {list.data && (
        <>
          <p className="text-sm text-slate-700" aria-live="polite">{texts.addresses.count(list.data.total)}</p>
          {!list.data.items.length && <p className="text-slate-700">{texts.addresses.none}</p>}
          <ul className="flex flex-col gap-2" aria-label={texts.addresses.title}>
            {list.data.items.map((a) => (
              <li key={a.address_id} className="flex flex-col gap-2 rounded-md p-3 ring-1 ring-slate-200 md:flex-row md:items-center md:justify-between">
                <div className="flex flex-col gap-0.5">
                  <span className="font-medium text-slate-900">{a.full_address}</span>
                  <span className="text-sm text-slate-700">
                    {a.building_unit} · {a.vacant ? texts.addresses.vacant : supportBaseStatusLabels[a.status]}
                    {a.agreement_at ? ` (${texts.addresses.agreementAt(a.agreement_at)})` : ''}
                    {a.households > 1 ? ` · ${texts.addresses.households(a.households)}` : ''}
                  </span>
                  <span className="text-sm text-slate-700">{texts.addresses.reminders(a.reminders, a.last_reminder_at)}</span>
                  {a.notice && (
                    <span className="text-sm font-medium text-slate-900">
                      {a.notice.sent_on && a.notice.court_deadline ? texts.addresses.noticeSent(a.notice.sent_on, a.notice.court_deadline) : texts.addresses.noticeDrafted(a.notice.drafted_at)}
                    </span>
                  )}
                </div>
                <div className="flex flex-wrap items-end gap-2 self-start md:self-center">
                {editHouseholds && !a.vacant && <HouseholdsField projectId={projectId} addressId={a.address_id} address={a.full_address} households={a.households} />}
                <Button variant="secondary" busy={busy === `e${a.address_id}`}
                  onClick={() => void download(`e${a.address_id}`, () => campaignApi.evidence(projectId, formId, a.address_id))}>
                  {texts.addresses.evidence}<span className="sr-only"> {a.full_address}</span>
                </Button>
                </div>
              </li>
            ))}
          </ul>
          {list.data.pages > 1 && (
            <nav className="flex items-center gap-3" aria-label={texts.addresses.page(list.data.page, list.data.pages)}>
              <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>{texts.addresses.previous}</Button>
              <span className="text-sm text-slate-700">{texts.addresses.page(list.data.page, list.data.pages)}</span>
              <Button variant="secondary" disabled={page >= list.data.pages} onClick={() => setPage(page + 1)}>{texts.addresses.next}</Button>
            </nav>
          )}
        </>
      )}
    </Card>
  );
}

/** The number of households of one home (counts under the household rule). */
function HouseholdsField({ projectId, addressId, address, households }: { projectId: number; addressId: number; address: string; households: number }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(String(households));
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: () => campaignApi.setHouseholds(projectId, addressId, Number(value)),
    onSuccess: async () => {
      setError(undefined);
      toast(texts.addresses.householdsSaved(address), 'success');
      await queryClient.invalidateQueries({ queryKey: campaignKeys.project(projectId) });
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 422) setError(e.body.errors?.[0]?.message ?? e.message);
      else toastError(e, texts.failed);
    },
  });
  return (
    <form className="flex items-end gap-2" onSubmit={(e) => { e.preventDefault(); save.mutate(); }}>
      <TextField label={texts.addresses.householdsLabel} aria-label={`${texts.addresses.householdsLabel} ${address}`} className="w-28" inputMode="numeric"
        value={value} error={error} onChange={(e) => setValue(e.target.value.replace(/\D/g, ''))} />
      <Button type="submit" variant="secondary" busy={save.isPending} disabled={value === String(households)}>
        {texts.addresses.householdsSave}<span className="sr-only"> {address}</span>
      </Button>
    </form>
  );
}
