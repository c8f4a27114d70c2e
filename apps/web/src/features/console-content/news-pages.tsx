import { useState } from 'react';
import { ZStaffNewsInput, type TStaffNews, type TStaffNewsInput } from '@portal/contract';
import { formatDutchDate } from '../../ui/date-field';
import { ContentPreview } from '../../ui/console-preview';
import { ItemEditLayout } from './edit-layout';
import { DateInput, ImageInput, PublishInputs, RichTextInput, TitleInput } from './fields';
import { nestedFormErrors } from '../../lib/form-errors';
import { ContentListPage } from './list-page';
import { contentTexts } from './texts';
import { useItemEditor } from './use-item-editor';

const FIELDS = ['title', 'date', 'image_id', 'content', 'publish_at', 'is_public'] as const;
const t = contentTexts.news;

export function NewsListPage() {
  return <ContentListPage module="news" title={t.title} searchLabel={t.search} emptyText={t.empty} newLabel={t.new} />;
}

export function NewsEditPage() {
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const editor = useItemEditor<TStaffNewsInput, TStaffNews>({
    module: 'news', schema: ZStaffNewsInput, fields: FIELDS,
    empty: () => ({ title: '', date: formatDutchDate(new Date()), image_id: null, content: '', is_public: false, publish_at: null }),
    toInput: (item) => {
      setImageUrl(item.image_url);
      return { title: item.title, date: item.date, image_id: item.image_id, content: item.content, is_public: item.is_public, publish_at: item.publish_at };
    },
  });
  const { form, projectId } = editor;
  const values = form.watch();
  return (
    <ItemEditLayout editor={editor} itemName={t.item} newTitle={t.new} listTitle={t.title} savedTitle={editor.item.data?.title}
      errors={nestedFormErrors(form.formState.errors, FIELDS)}
      preview={<ContentPreview article={{ title: values.title || t.item, date: values.date, imageUrl: values.image_id ? imageUrl : null, html: values.content }} isPublic={values.is_public} publishAt={values.publish_at} />}>
      <TitleInput form={form} />
      <DateInput form={form} name="date" label={contentTexts.fields.date} />
      <ImageInput form={form} projectId={projectId} purpose="news" imageUrl={imageUrl} onImageUrl={setImageUrl} />
      <RichTextInput form={form} projectId={projectId} />
      <PublishInputs form={form} />
    </ItemEditLayout>
  );
}
