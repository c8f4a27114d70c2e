import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link, useParams } from 'wouter';
import { EMAIL_MAX_LENGTH, ZStaffContactBody, type TStaffContact } from '@portal/contract';
import { nestedFormErrors } from '../../lib/form-errors';
import { ButtonLink } from '../../ui/button';
import { consoleContentPaths, ContentPageLayout } from '../../ui/console-content-layout';
import { ConsoleImageUpload, type ImageValue } from '../../ui/console-image-upload';
import { ConsoleList } from '../../ui/console-list';
import { PublicBadge } from '../../ui/console-status';
import { Checkbox, TextField } from '../../ui/field';
import { TextAreaField } from '../../ui/textarea-field';
import { contentBApi, contentBKeys } from './api';
import { EditForm, FieldRow, Thumbnail } from './form-parts';
import { texts } from './texts';
import { useEditPage } from './use-edit-page';

const t = texts.contacts;
const SLUG = 'contactpersonen';
const FIELDS = [
  'first_name', 'affix', 'last_name', 'function', 'organisation', 'email', 'mobile_number', 'phone_number', 'description', 'avatar_id', 'logo_id',
  'can_chat', 'position', 'is_public',
] as const;
type ContactForm = {
  first_name: string; affix: string; last_name: string; function: string; organisation: string; email: string; mobile_number: string; phone_number: string;
  description: string; avatar_id: number | null; logo_id: number | null; can_chat: boolean; is_public: boolean; position: string;
};
const fullName = (c: Pick<TStaffContact, 'first_name' | 'affix' | 'last_name'>) => [c.first_name, c.affix, c.last_name].filter(Boolean).join(' ');
const image = (id: number | null, url: string | null): ImageValue => (id !== null && url ? { id, url } : null);

/** /beheer/projecten/{projectId}/inhoud/contactpersonen */
export function ContactsListPage() {
  const projectId = Number(useParams<{ projectId: string }>().projectId);
  return (
    <ContentPageLayout projectId={projectId} title={t.title} actions={<ButtonLink to={consoleContentPaths.item(projectId, SLUG, 'nieuw')}>{t.new}</ButtonLink>}>
      <ConsoleList<TStaffContact> queryKey={contentBKeys.contacts(projectId)} searchLabel={t.search} emptyText={t.empty} load={(page) => contentBApi.contacts(projectId, page)}>
        {(contacts) => (
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
            {contacts.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3">
                <Thumbnail url={c.avatar_url} alt="" />
                <div className="flex min-w-0 flex-1 basis-52 flex-col">
                  <Link href={consoleContentPaths.item(projectId, SLUG, c.id)} className="font-semibold text-blue-800 underline-offset-2 hover:underline">{fullName(c)}</Link>
                  <span className="break-words text-sm text-slate-700">{[c.function, c.organisation, c.email].filter(Boolean).join(' · ')}</span>
                </div>
                <div className="flex flex-wrap gap-2">
                  {c.can_chat && <span className="inline-flex items-center rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-900 ring-1 ring-emerald-700">{t.chatBadge}</span>}
                  <PublicBadge isPublic={c.is_public} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </ConsoleList>
    </ContentPageLayout>
  );
}

/** /beheer/projecten/{projectId}/inhoud/contactpersonen/{id|nieuw} */
export function ContactEditPage() {
  const [avatar, setAvatar] = useState<ImageValue>(null);
  const [logo, setLogo] = useState<ImageValue>(null);
  const editor = useEditPage<ContactForm, TStaffContact>({
    slug: SLUG, itemKey: contentBKeys.contact, load: contentBApi.contact, save: contentBApi.saveContact, remove: contentBApi.removeContact,
    schema: ZStaffContactBody, fields: FIELDS,
    empty: () => ({
      first_name: '', affix: '', last_name: '', function: '', organisation: '', email: '', mobile_number: '', phone_number: '', description: '',
      avatar_id: null, logo_id: null, can_chat: false, is_public: true, position: '0',
    }),
    toForm: (c) => {
      setAvatar(image(c.avatar_id, c.avatar_url));
      setLogo(image(c.logo_id, c.logo_url));
      return {
        first_name: c.first_name, affix: c.affix ?? '', last_name: c.last_name, function: c.function ?? '', organisation: c.organisation ?? '',
        email: c.email ?? '', mobile_number: c.mobile_number ?? '', phone_number: c.phone_number ?? '', description: c.description ?? '',
        avatar_id: c.avatar_id, logo_id: c.logo_id, can_chat: c.can_chat, is_public: c.is_public, position: String(c.position),
      };
    },
  });
  const { form, projectId } = editor;
  const { errors } = form.formState;
  const saved = editor.item.data ? fullName(editor.item.data) : undefined;
  return (
    <EditForm editor={editor} listTitle={t.title} title={editor.isNew ? t.new : `${t.item}: ${saved ?? ''}`} what={saved ?? t.item}
      errors={nestedFormErrors(errors, FIELDS)}>
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr_2fr]">
        <TextField label={t.firstName} required maxLength={100} autoComplete="off" error={errors.first_name?.message} {...form.register('first_name')} />
        <TextField label={t.affix} maxLength={40} autoComplete="off" error={errors.affix?.message} {...form.register('affix')} />
        <TextField label={t.lastName} required maxLength={100} autoComplete="off" error={errors.last_name?.message} {...form.register('last_name')} />
      </div>
      <FieldRow>
        <TextField label={t.function} maxLength={200} error={errors.function?.message} {...form.register('function')} />
        <TextField label={t.organisation} hint={t.organisationHint} maxLength={200} error={errors.organisation?.message} {...form.register('organisation')} />
      </FieldRow>
      <TextField label={t.email} type="email" autoComplete="off" maxLength={EMAIL_MAX_LENGTH} error={errors.email?.message} {...form.register('email')} />
      <FieldRow>
        <TextField label={t.mobile} type="tel" autoComplete="off" maxLength={40} error={errors.mobile_number?.message} {...form.register('mobile_number')} />
        <TextField label={t.phone} type="tel" autoComplete="off" maxLength={40} error={errors.phone_number?.message} {...form.register('phone_number')} />
      </FieldRow>
      <TextAreaField label={t.description} maxLength={4000} error={errors.description?.message} {...form.register('description')} />
      <FieldRow>
        <Controller control={form.control} name="avatar_id" render={({ field }) => (
          <ConsoleImageUpload label={t.avatar} projectId={projectId} purpose="contacts" name="avatar_id" value={avatar} error={errors.avatar_id?.message}
            onChange={(value) => {
              setAvatar(value);
              field.onChange(value?.id ?? null);
            }} />
        )} />
        <Controller control={form.control} name="logo_id" render={({ field }) => (
          <ConsoleImageUpload label={t.logo} projectId={projectId} purpose="contacts" name="logo_id" value={logo} error={errors.logo_id?.message}
            onChange={(value) => {
              setLogo(value);
              field.onChange(value?.id ?? null);
            }} />
        )} />
      </FieldRow>
      <Checkbox label={t.canChat} {...form.register('can_chat')} />
      <TextField label={texts.position} hint={texts.positionHint} inputMode="numeric" className="max-w-40" error={errors.position?.message} {...form.register('position')} />
      <Checkbox label={texts.publicLabel} {...form.register('is_public')} />
    </EditForm>
  );
}
