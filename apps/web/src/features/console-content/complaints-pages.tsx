import { useState } from 'react';
import { ZStaffComplaintInput, type TStaffComplaint, type TStaffComplaintInput } from '@portal/contract';
import { useParams } from 'wouter';
import { useContentOverview } from '../../ui/console-content-layout';
import { ContentPreview } from '../../ui/console-preview';
import { ItemEditLayout } from './edit-layout';
import { ImageInput, PositionInput, PublishInputs, RichTextInput, TitleInput } from './fields';
import { nestedFormErrors } from '../../lib/form-errors';
import { ContentListPage } from './list-page';
import { contentTexts } from './texts';
import { useItemEditor } from './use-item-editor';

const FIELDS = ['title', 'image_id', 'content', 'position', 'publish_at', 'is_public'] as const;
const t = contentTexts.complaints;

/** The module's name in this project (module_18_name: 'Klachten', 'Meldingen'). */
function useModuleName() {
  const projectId = Number(useParams<{ projectId: string }>().projectId);
  return useContentOverview(projectId).data?.project.module_18_name ?? 'Klachten';
}

export function ComplaintsListPage() {
  const name = useModuleName();
  return <ContentListPage module="complaints" title={name} searchLabel={t.search(name)} emptyText={t.empty} newLabel={t.new} />;
}

export function ComplaintsEditPage() {
  const name = useModuleName();
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const editor = useItemEditor<TStaffComplaintInput, TStaffComplaint>({
    module: 'complaints', schema: ZStaffComplaintInput, fields: FIELDS,
    empty: () => ({ title: '', image_id: null, content: '', position: 0, is_public: false, publish_at: null }),
    toInput: (item) => {
      setImageUrl(item.image_url);
      return { title: item.title, image_id: item.image_id, content: item.content, position: item.position, is_public: item.is_public, publish_at: item.publish_at };
    },
  });
  const { form, projectId } = editor;
  const values = form.watch();
  return (
    <ItemEditLayout editor={editor} itemName={`${name}: item`} newTitle={t.new} listTitle={name} savedTitle={editor.item.data?.title}
      errors={nestedFormErrors(form.formState.errors, FIELDS)}
      preview={<ContentPreview article={{ title: values.title || t.new, imageUrl: values.image_id ? imageUrl : null, html: values.content }} isPublic={values.is_public} publishAt={values.publish_at} />}>
      <TitleInput form={form} />
      <ImageInput form={form} projectId={projectId} purpose="complaints" imageUrl={imageUrl} onImageUrl={setImageUrl} />
      <RichTextInput form={form} projectId={projectId} />
      <PositionInput form={form} />
      <PublishInputs form={form} />
    </ItemEditLayout>
  );
}
