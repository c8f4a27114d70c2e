import { useState } from 'react';
import {
  ZStaffFaqInput, ZStaffInformationInput, type TStaffFaq, type TStaffFaqInput, type TStaffInformation, type TStaffInformationInput,
} from '@portal/contract';
import { nestedFormErrors } from '../../lib/form-errors';
import { useContentOverview } from '../../ui/console-content-layout';
import { ContentPreview } from '../../ui/console-preview';
import { ItemEditLayout } from './edit-layout';
import {
  CheckboxInput, IconsInput, ImageInput, IndicatorsInput, MenuInput, PartnersInput, PositionInput, PublishInputs, RichTextInput, TitleInput,
} from './fields';
import { linkedPreview, withoutMeta } from './item-parts';
import { ContentListPage } from './list-page';
import { contentTexts } from './texts';
import { useItemEditor } from './use-item-editor';

const INFO_FIELDS = ['title', 'menuitem_id', 'image_id', 'content', 'icons', 'access_to_home_required', 'indicators', 'partner_ids', 'position', 'publish_at', 'is_public'] as const;
const ti = contentTexts.information;

export function InformationListPage() {
  return <ContentListPage module="information" title={ti.title} searchLabel={ti.search} emptyText={ti.empty} newLabel={ti.new} />;
}

export function InformationEditPage() {
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const editor = useItemEditor<TStaffInformationInput, TStaffInformation>({
    module: 'information', schema: ZStaffInformationInput, fields: INFO_FIELDS,
    empty: () => ({
      title: '', menuitem_id: 1, content: '', image_id: null, icons: [], access_to_home_required: false, indicators: [], partner_ids: [], position: 0,
      is_public: false, publish_at: null,
    }),
    toInput: withoutMeta(setImageUrl),
  });
  const { form, projectId } = editor;
  const partners = useContentOverview(projectId).data?.partners ?? [];
  const values = form.watch();
  return (
    <ItemEditLayout editor={editor} itemName={ti.item} newTitle={ti.new} listTitle={ti.title} savedTitle={editor.item.data?.title}
      errors={nestedFormErrors(form.formState.errors, INFO_FIELDS)}
      preview={<ContentPreview isPublic={values.is_public} publishAt={values.publish_at} article={{
        title: values.title || ti.item, imageUrl: values.image_id ? imageUrl : null, html: values.content, ...linkedPreview(values, partners),
      }} />}>
      <TitleInput form={form} />
      <MenuInput form={form} />
      <ImageInput form={form} projectId={projectId} purpose="information" imageUrl={imageUrl} onImageUrl={setImageUrl} />
      <RichTextInput form={form} projectId={projectId} />
      <IconsInput form={form} />
      <CheckboxInput form={form} name="access_to_home_required" label={contentTexts.fields.access} />
      <IndicatorsInput form={form} />
      <PartnersInput form={form} partners={partners} />
      <PositionInput form={form} />
      <PublishInputs form={form} />
    </ItemEditLayout>
  );
}

const FAQ_FIELDS = ['title', 'content', 'position', 'publish_at', 'is_public'] as const;
const tf = contentTexts.faq;

export function FaqListPage() {
  return <ContentListPage module="faq" title={tf.title} searchLabel={tf.search} emptyText={tf.empty} newLabel={tf.new} />;
}

export function FaqEditPage() {
  const editor = useItemEditor<TStaffFaqInput, TStaffFaq>({
    module: 'faq', schema: ZStaffFaqInput, fields: FAQ_FIELDS,
    empty: () => ({ title: '', content: '', position: 0, is_public: false, publish_at: null }),
    toInput: ({ id: _id, status: _status, ...input }) => input,
  });
  const { form, projectId } = editor;
  const values = form.watch();
  return (
    <ItemEditLayout editor={editor} itemName={tf.item} newTitle={tf.new} listTitle={tf.title} savedTitle={editor.item.data?.title}
      errors={nestedFormErrors(form.formState.errors, FAQ_FIELDS)}
      preview={<ContentPreview article={{ title: values.title || tf.item, html: values.content }} isPublic={values.is_public} publishAt={values.publish_at} />}>
      <TitleInput form={form} label={tf.titleLabel} />
      <RichTextInput form={form} projectId={projectId} label={tf.contentLabel} />
      <PositionInput form={form} />
      <PublishInputs form={form} />
    </ItemEditLayout>
  );
}
