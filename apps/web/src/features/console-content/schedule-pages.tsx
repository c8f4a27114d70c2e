import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { Link, useParams } from 'wouter';
import {
  ZStaffScheduleItemInput, ZStaffScheduleSettingsInput, type TStaffListItem, type TStaffScheduleItem, type TStaffScheduleItemInput, type TStaffScheduleSettingsInput,
} from '@portal/contract';
import { nestedFormErrors, setServerErrors } from '../../lib/form-errors';
import { Button } from '../../ui/button';
import { consoleContentPaths, ContentPageLayout, LazyRichTextEditor, useContentOverview } from '../../ui/console-content-layout';
import { ConsoleImageUpload } from '../../ui/console-image-upload';
import { uploadStaffImage } from '../../ui/console-image-upload';
import { ContentListRow } from '../../ui/console-list';
import { ContentPreview } from '../../ui/console-preview';
import { formatDutchDate } from '../../ui/date-field';
import { ErrorSummary, useErrorSummary } from '../../ui/error-summary';
import { Checkbox, TextField } from '../../ui/field';
import { ErrorState, Loading } from '../../ui/states';
import { toast, toastError } from '../../ui/toaster';
import { contentApi, contentKeys } from './api';
import { ItemEditLayout } from './edit-layout';
import {
  CheckboxInput, DateInput, IconsInput, ImageInput, IndicatorsInput, PartnersInput, PositionInput, PublishInputs, RichTextInput, TitleInput,
} from './fields';
import { linkedPreview, withoutMeta } from './item-parts';
import { ContentListPage } from './list-page';
import { contentTexts } from './texts';
import { useItemEditor } from './use-item-editor';

const t = contentTexts.schedule;

/** The planning's items grouped by day (newest day first), each day a heading with its items. */
function ByDay({ items, hrefOf }: { items: TStaffListItem[]; hrefOf: (item: TStaffListItem) => string }) {
  const days: Array<{ date: string; items: TStaffListItem[] }> = [];
  for (const item of items) {
    const last = days.at(-1);
    if (last && last.date === item.date) last.items.push(item);
    else days.push({ date: item.date ?? '', items: [item] });
  }
  return (
    <div className="flex flex-col gap-4">
      {days.map((day) => (
        <section key={day.date} aria-labelledby={`dag-${day.date}`}>
          <h2 id={`dag-${day.date}`} className="mb-2 text-base font-semibold text-slate-900">{day.date}</h2>
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
            {day.items.map((item) => <ContentListRow key={item.id} item={{ ...item, date: null }} href={hrefOf(item)} />)}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function ScheduleListPage() {
  const projectId = Number(useParams<{ projectId: string }>().projectId);
  return (
    <ContentListPage module="schedule" title={t.title} searchLabel={t.search} emptyText={t.empty} newLabel={t.new}
      intro={<p><Link href={`${consoleContentPaths.module(projectId, 'planning')}/instellingen`} className="text-blue-800 underline underline-offset-2">{t.settings}</Link></p>}
      render={(items, hrefOf) => <ByDay items={items} hrefOf={hrefOf} />} />
  );
}

const FIELDS = ['date', 'title', 'description', 'image_id', 'content', 'highlight', 'access_to_home_required', 'icons', 'indicators', 'partner_ids', 'position', 'publish_at', 'is_public'] as const;

export function ScheduleEditPage() {
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const editor = useItemEditor<TStaffScheduleItemInput, TStaffScheduleItem>({
    module: 'schedule', schema: ZStaffScheduleItemInput, fields: FIELDS,
    empty: () => ({
      date: formatDutchDate(new Date()), title: '', description: null, content: '', highlight: false, image_id: null, icons: [], access_to_home_required: false,
      indicators: [], partner_ids: [], position: 0, is_public: false, publish_at: null,
    }),
    toInput: withoutMeta(setImageUrl),
  });
  const { form, projectId } = editor;
  const partners = useContentOverview(projectId).data?.partners ?? [];
  const values = form.watch();
  return (
    <ItemEditLayout editor={editor} itemName={t.item} newTitle={t.new} listTitle={t.title} savedTitle={editor.item.data?.title}
      errors={nestedFormErrors(form.formState.errors, FIELDS)}
      preview={<ContentPreview isPublic={values.is_public} publishAt={values.publish_at} article={{
        title: values.highlight ? `Belangrijk: ${values.title}` : values.title || t.item, date: values.date, imageUrl: values.image_id ? imageUrl : null,
        html: values.content, intro: values.description ? <p className="text-slate-800">{values.description}</p> : undefined, ...linkedPreview(values, partners),
      }} />}>
      <DateInput form={form} name="date" label={contentTexts.fields.date} />
      <TitleInput form={form} />
      <TextField label={contentTexts.fields.description} hint={contentTexts.fields.descriptionHint} id="description" maxLength={500}
        error={form.formState.errors.description?.message} {...form.register('description', { setValueAs: (v: string | null) => (v ? v : null) })} />
      <CheckboxInput form={form} name="highlight" label={contentTexts.fields.highlight} />
      <ImageInput form={form} projectId={projectId} purpose="schedule" imageUrl={imageUrl} onImageUrl={setImageUrl} />
      <RichTextInput form={form} projectId={projectId} />
      <CheckboxInput form={form} name="access_to_home_required" label={contentTexts.fields.access} />
      <IconsInput form={form} />
      <IndicatorsInput form={form} />
      <PartnersInput form={form} partners={partners} />
      <PositionInput form={form} />
      <PublishInputs form={form} />
    </ItemEditLayout>
  );
}

const SETTINGS_FIELDS = ['comment', 'image_id', 'show_date'] as const;

/** The planning page's comment, image and whether dates show (/beheer/projecten/{id}/inhoud/planning/instellingen). */
export function ScheduleSettingsPage() {
  const projectId = Number(useParams<{ projectId: string }>().projectId);
  const queryClient = useQueryClient();
  const summary = useErrorSummary();
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const settings = useQuery({ queryKey: contentKeys.scheduleSettings(projectId), queryFn: () => contentApi.scheduleSettings(projectId) });
  const form = useForm<TStaffScheduleSettingsInput>({
    resolver: zodResolver(ZStaffScheduleSettingsInput as never) as unknown as Resolver<TStaffScheduleSettingsInput>, defaultValues: { comment: '', image_id: null, show_date: true }, shouldFocusError: false,
  });
  const { reset } = form;
  useEffect(() => {
    if (!settings.data) return;
    setImageUrl(settings.data.image_url);
    reset({ comment: settings.data.comment ?? '', image_id: settings.data.image_id, show_date: settings.data.show_date });
  }, [settings.data, reset]);
  const save = useMutation({
    mutationFn: (values: TStaffScheduleSettingsInput) => contentApi.saveScheduleSettings(projectId, { ...values, comment: values.comment || null }),
    onSuccess: (saved) => {
      queryClient.setQueryData(contentKeys.scheduleSettings(projectId), saved);
      toast(t.settingsSaved, 'success');
    },
    onError: (error) => {
      if (setServerErrors(error, SETTINGS_FIELDS, form.setError)) summary.focusSummary();
      else toastError(error, contentTexts.saveFailed);
    },
  });
  const parent = { href: consoleContentPaths.module(projectId, 'planning'), label: t.title };
  return (
    <ContentPageLayout projectId={projectId} title={t.settings} parent={parent}>
      {settings.isPending ? <Loading /> : settings.isError ? <ErrorState error={settings.error} retry={() => void settings.refetch()} /> : (
        <form noValidate onSubmit={form.handleSubmit((v) => save.mutate(v), summary.focusSummary)}
          className="flex max-w-3xl flex-col gap-5 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <ErrorSummary errors={nestedFormErrors(form.formState.errors, SETTINGS_FIELDS)} focusKey={summary.focusKey} />
          <p className="text-sm text-slate-700">{t.settingsHint}</p>
          <Controller control={form.control} name="comment" render={({ field }) => (
            <LazyRichTextEditor id="comment" label={t.comment} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur}
              error={form.formState.errors.comment?.message} onUploadImage={async (file) => (await uploadStaffImage(projectId, 'content', file)).url} />
          )} />
          <Controller control={form.control} name="image_id" render={({ field }) => (
            <ConsoleImageUpload label={t.image} projectId={projectId} purpose="schedule" error={form.formState.errors.image_id?.message}
              value={field.value && imageUrl ? { id: field.value, url: imageUrl } : null}
              onChange={(image) => {
                setImageUrl(image?.url ?? null);
                field.onChange(image?.id ?? null);
              }} />
          )} />
          <Checkbox label={t.showDate} id="show_date" {...form.register('show_date')} />
          <Button type="submit" className="self-start" busy={save.isPending}>{contentTexts.save}</Button>
        </form>
      )}
    </ContentPageLayout>
  );
}
