import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link, useParams } from 'wouter';
import { ZStaffPartnerBody, type TStaffPartner } from '@portal/contract';
import { nestedFormErrors } from '../../lib/form-errors';
import { ButtonLink } from '../../ui/button';
import { consoleContentPaths, ContentPageLayout } from '../../ui/console-content-layout';
import { ConsoleImageUpload, type ImageValue } from '../../ui/console-image-upload';
import { ConsoleList } from '../../ui/console-list';
import { PublicBadge } from '../../ui/console-status';
import { Checkbox, TextField } from '../../ui/field';
import { Loading } from '../../ui/states';
import { contentBApi, contentBKeys } from './api';
import { EditForm, FieldRow, Thumbnail } from './form-parts';
import { texts } from './texts';
import { useEditPage } from './use-edit-page';

const t = texts.partners;
const SLUG = 'partners';
const FIELDS = ['name', 'logo_id', 'website', 'lat', 'lng', 'information_item_ids', 'position', 'is_public'] as const;
type PartnerForm = {
  name: string; logo_id: number | null; website: string | null; lat: string; lng: string; is_public: boolean; position: string; information_item_ids: string[];
};
/** Checkbox values are text: the ids go as text and the contract's schema makes numbers of them. */
const coordinate = (value: number | null) => (value === null ? '' : String(value).replace('.', ','));

/** /beheer/projecten/{projectId}/inhoud/partners */
export function PartnersListPage() {
  const projectId = Number(useParams<{ projectId: string }>().projectId);
  return (
    <ContentPageLayout projectId={projectId} title={t.title} actions={<ButtonLink to={consoleContentPaths.item(projectId, SLUG, 'nieuw')}>{t.new}</ButtonLink>}>
      <ConsoleList<TStaffPartner> queryKey={contentBKeys.partners(projectId)} searchLabel={t.search} emptyText={t.empty} load={(page) => contentBApi.partners(projectId, page)}>
        {(partners) => (
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
            {partners.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3">
                <Thumbnail url={p.logo_url} alt="" />
                <div className="flex min-w-0 flex-1 basis-52 flex-col">
                  <Link href={consoleContentPaths.item(projectId, SLUG, p.id)} className="font-semibold text-blue-800 underline-offset-2 hover:underline">{p.name}</Link>
                  <span className="break-words text-sm text-slate-700">{[p.website, t.itemCount(p.information_items.length)].filter(Boolean).join(' · ')}</span>
                </div>
                <PublicBadge isPublic={p.is_public} />
              </li>
            ))}
          </ul>
        )}
      </ConsoleList>
    </ContentPageLayout>
  );
}

/** /beheer/projecten/{projectId}/inhoud/partners/{id|nieuw} */
export function PartnerEditPage() {
  const [logo, setLogo] = useState<ImageValue>(null);
  const editor = useEditPage<PartnerForm, TStaffPartner>({
    slug: SLUG, itemKey: contentBKeys.partner, load: contentBApi.partner, save: contentBApi.savePartner, remove: contentBApi.removePartner,
    schema: ZStaffPartnerBody, fields: FIELDS,
    empty: () => ({ name: '', logo_id: null, website: '', lat: '', lng: '', is_public: true, position: '0', information_item_ids: [] }),
    toForm: (p) => {
      setLogo(p.logo_id !== null && p.logo_url ? { id: p.logo_id, url: p.logo_url } : null);
      return {
        name: p.name, logo_id: p.logo_id, website: p.website ?? '', lat: coordinate(p.lat), lng: coordinate(p.lng), is_public: p.is_public,
        position: String(p.position), information_item_ids: p.information_items.map((i) => String(i.id)),
      };
    },
  });
  const { form, projectId } = editor;
  const { errors } = form.formState;
  const options = useQuery({ queryKey: contentBKeys.informationOptions(projectId), queryFn: () => contentBApi.informationOptions(projectId) });
  const saved = editor.item.data?.name;
  return (
    <EditForm editor={editor} listTitle={t.title} title={editor.isNew ? t.new : `${t.item}: ${saved ?? ''}`} what={saved ?? t.item}
      errors={nestedFormErrors(errors, FIELDS)}>
      <TextField label={t.name} required maxLength={200} error={errors.name?.message} {...form.register('name')} />
      <Controller control={form.control} name="logo_id" render={({ field }) => (
        <ConsoleImageUpload label={t.logo} projectId={projectId} purpose="partners" name="logo_id" value={logo} error={errors.logo_id?.message}
          onChange={(value) => {
            setLogo(value);
            field.onChange(value?.id ?? null);
          }} />
      )} />
      <TextField label={t.website} hint={t.websiteHint} type="url" inputMode="url" maxLength={500} error={errors.website?.message} {...form.register('website')} />
      <FieldRow>
        <TextField label={t.lat} inputMode="decimal" hint={t.coordinatesHint} error={errors.lat?.message} {...form.register('lat')} />
        <TextField label={t.lng} inputMode="decimal" error={errors.lng?.message} {...form.register('lng')} />
      </FieldRow>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium text-slate-800">{t.items}</legend>
        <p className="text-xs text-slate-600">{t.itemsHint}</p>
        {options.isPending ? <Loading /> : options.data?.length ? (
          <div className="grid gap-x-4 sm:grid-cols-2">
            {options.data.map((item) => (
              <Checkbox key={item.id} label={item.title} value={String(item.id)} {...form.register('information_item_ids')} />
            ))}
          </div>
        ) : <p className="text-sm text-slate-700">{t.noItems}</p>}
        {errors.information_item_ids?.message && <p className="text-sm font-medium text-red-700">{errors.information_item_ids.message}</p>}
      </fieldset>
      <TextField label={texts.position} hint={texts.positionHint} inputMode="numeric" className="max-w-40" error={errors.position?.message} {...form.register('position')} />
      <Checkbox label={texts.publicLabel} {...form.register('is_public')} />
    </EditForm>
  );
}
