import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useParams } from 'wouter';
import {
  WORK_ORDER_STATUS_TEXT, WORK_ORDER_STATUSES, ZStaffWorkOrderSettingsBody, type TStaffWorkOrderEntry, type TStaffWorkOrderEntryBody,
  type TStaffWorkOrderSettings,
} from '@portal/contract';
import { nestedFormErrors, setServerErrors } from '../../lib/form-errors';
import { Button } from '../../ui/button';
import { ContentPageLayout } from '../../ui/console-content-layout';
import { ConsoleImageUpload, type ImageValue } from '../../ui/console-image-upload';
import { ConsoleList } from '../../ui/console-list';
import { ErrorSummary, useErrorSummary } from '../../ui/error-summary';
import { Checkbox } from '../../ui/field';
import { Select } from '../../ui/select';
import { ErrorState, Loading } from '../../ui/states';
import { TextAreaField } from '../../ui/textarea-field';
import { toast, toastError } from '../../ui/toaster';
import { contentBApi, contentBKeys } from './api';
import { Section } from './form-parts';
import { texts } from './texts';

const t = texts.workOrder;
type SettingsForm = { show_image: boolean; message: string | null; image_id: number | null; public_addresses: boolean };
const FIELDS = ['image_id', 'show_image', 'message', 'public_addresses'] as const;

/** /beheer/projecten/{projectId}/inhoud/werkvolgorde: the image and message, and every address with its status and place. */
export default function WorkOrderPage() {
  const projectId = Number(useParams<{ projectId: string }>().projectId);
  const settings = useQuery({ queryKey: [...contentBKeys.workOrder(projectId), 'settings'], queryFn: () => contentBApi.workOrder(projectId) });
  return (
    <ContentPageLayout projectId={projectId} title={t.title}>
      <div className="flex flex-col gap-6">
        {settings.isPending ? <Loading /> : settings.isError ? <ErrorState error={settings.error} retry={() => void settings.refetch()} /> : (
          <>
            <SettingsForm projectId={projectId} settings={settings.data} />
            <Section title={t.addresses}>
              <p className="text-sm text-slate-700">{t.counts(settings.data.in_order, settings.data.addresses)}</p>
              <ConsoleList<TStaffWorkOrderEntry> queryKey={[...contentBKeys.workOrder(projectId), 'entries']} searchLabel={t.search} emptyText={t.empty}
                load={(page) => contentBApi.workOrderEntries(projectId, page)}>
                {(entries) => (
                  <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg bg-white ring-1 ring-slate-200">
                    {entries.map((entry) => <EntryRow key={entry.id} projectId={projectId} entry={entry} last={settings.data.in_order} />)}
                  </ul>
                )}
              </ConsoleList>
            </Section>
          </>
        )}
      </div>
    </ContentPageLayout>
  );
}

function SettingsForm({ projectId, settings }: { projectId: number; settings: TStaffWorkOrderSettings }) {
  const queryClient = useQueryClient();
  const summary = useErrorSummary();
  const toForm = (s: TStaffWorkOrderSettings): SettingsForm => ({ show_image: s.show_image, message: s.message, image_id: s.image_id, public_addresses: s.public_addresses });
  const form = useForm<SettingsForm>({
    resolver: zodResolver(ZStaffWorkOrderSettingsBody as never) as unknown as Resolver<SettingsForm>, defaultValues: toForm(settings), shouldFocusError: false,
  });
  const [image, setImage] = useState<ImageValue>(settings.image_id !== null && settings.image_url ? { id: settings.image_id, url: settings.image_url } : null);
  const { reset } = form;
  useEffect(() => reset(toForm(settings)), [settings, reset]);
  const save = useMutation({
    mutationFn: (values: SettingsForm) => contentBApi.saveWorkOrder(projectId, values),
    onSuccess: (saved) => {
      queryClient.setQueryData([...contentBKeys.workOrder(projectId), 'settings'], saved);
      toast(texts.saved, 'success');
    },
    onError: (error) => {
      if (setServerErrors(error, FIELDS, form.setError)) summary.focusSummary();
      else toastError(error, texts.saveFailed);
    },
  });
  const { errors } = form.formState;
  const builtIn = settings.image_id === null && settings.image_url;
  return (
    <Section title={t.settings}>
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values), summary.focusSummary)} className="flex flex-col gap-4">
        <ErrorSummary errors={nestedFormErrors(errors, FIELDS)} focusKey={summary.focusKey} />
        <p className="text-sm text-slate-700">{t.settingsIntro}</p>
        {builtIn && !image && <img src={settings.image_url!} alt={t.image} className="max-h-48 w-auto max-w-full self-start rounded-md border border-slate-300" />}
        <Controller control={form.control} name="image_id" render={({ field }) => (
          <ConsoleImageUpload label={t.image} projectId={projectId} purpose="work-order" name="image_id" value={image} error={errors.image_id?.message}
            onChange={(value) => {
              setImage(value);
              field.onChange(value?.id ?? null);
            }} />
        )} />
        <Checkbox label={t.showImage} error={errors.show_image?.message} {...form.register('show_image')} />
        <TextAreaField label={t.message} hint={t.messageHint} maxLength={4000} error={errors.message?.message} {...form.register('message')} />
        <Checkbox label={t.publicAddresses} {...form.register('public_addresses')} />
        <div><Button type="submit" busy={save.isPending}>{texts.save}</Button></div>
      </form>
    </Section>
  );
}

/**
 * One address: its number (or not in the order), status, place (up, down or a position) and public flag.
 * Every change is saved at once and announced.
 */
function EntryRow({ projectId, entry, last }: { projectId: number; entry: TStaffWorkOrderEntry; last: number }) {
  const queryClient = useQueryClient();
  const positionId = useId();
  const [position, setPosition] = useState('');
  const change = useMutation({
    mutationFn: (body: TStaffWorkOrderEntryBody | 'remove') =>
      (body === 'remove' ? contentBApi.removeEntry(projectId, entry.id) : contentBApi.updateEntry(projectId, entry.id, body)),
    onSuccess: () => {
      setPosition('');
      void queryClient.invalidateQueries({ queryKey: contentBKeys.workOrder(projectId) });
      toast(t.changed(entry.full_address), 'success');
    },
    onError: (error) => toastError(error, texts.saveFailed),
  });
  const move = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(position);
    if (Number.isInteger(n) && n >= 1) change.mutate({ position: n });
  };
  const inOrder = entry.number !== null;
  return (
    <li className="flex flex-col gap-2 px-4 py-3 lg:flex-row lg:items-center lg:gap-4" data-address-id={entry.id}>
      <div className="flex min-w-0 flex-1 items-center gap-3 lg:min-w-64">
        <span className={`inline-flex min-w-14 shrink-0 justify-center rounded-full px-2 py-1 text-xs font-semibold ${inOrder ? 'bg-slate-800 text-white' : 'bg-slate-100 text-slate-700 ring-1 ring-slate-300'}`}>
          {inOrder ? t.number(entry.number!) : t.notInOrder}
        </span>
        <span className="min-w-0 break-words font-medium text-slate-900">{entry.full_address}</span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Select aria-label={t.statusOf(entry.full_address)} value={entry.status ?? ''} disabled={change.isPending} className="w-full sm:w-52"
          onChange={(e) => change.mutate({ status: e.target.value as TStaffWorkOrderEntryBody['status'] })}>
          {!inOrder && <option value="">{t.status}…</option>}
          {WORK_ORDER_STATUSES.map((status) => <option key={status} value={status}>{WORK_ORDER_STATUS_TEXT[status]}</option>)}
        </Select>
        {inOrder ? (
          <>
            <div className="flex items-center gap-2">
              <Button variant="secondary" disabled={entry.number === 1 || change.isPending} onClick={() => change.mutate({ position: entry.number! - 1 })}>
                <span aria-hidden="true">↑</span><span className="sr-only sm:not-sr-only">{t.moveUp}</span><span className="sr-only"> {entry.full_address}</span>
              </Button>
              <Button variant="secondary" disabled={entry.number === last || change.isPending} onClick={() => change.mutate({ position: entry.number! + 1 })}>
                <span aria-hidden="true">↓</span><span className="sr-only sm:not-sr-only">{t.moveDown}</span><span className="sr-only"> {entry.full_address}</span>
              </Button>
              <form onSubmit={move} className="flex items-center gap-1">
                <label htmlFor={positionId} className="sr-only">{t.positionOf(entry.full_address)}</label>
                <input id={positionId} type="number" min={1} max={last} inputMode="numeric" value={position} placeholder="Nr."
                  onChange={(e) => setPosition(e.target.value)} className="min-h-11 w-16 rounded-md border border-slate-400 bg-white px-2 py-2 text-base shadow-sm" />
                <Button type="submit" variant="secondary" disabled={!position || change.isPending}>{t.move}<span className="sr-only"> {entry.full_address}</span></Button>
              </form>
            </div>
            <div className="flex items-center gap-2">
              <Checkbox label={<>{texts.publicBadge}<span className="sr-only"> {entry.full_address}</span></>} checked={entry.is_public} disabled={change.isPending}
                onChange={(e) => change.mutate({ is_public: e.target.checked })} />
              <Button variant="ghost" disabled={change.isPending} onClick={() => change.mutate('remove')}>{t.remove}<span className="sr-only"> {entry.full_address}</span></Button>
            </div>
          </>
        ) : (
          <Button variant="secondary" disabled={change.isPending} onClick={() => change.mutate({})}>{t.add}<span className="sr-only"> {entry.full_address}</span></Button>
        )}
      </div>
    </li>
  );
}
