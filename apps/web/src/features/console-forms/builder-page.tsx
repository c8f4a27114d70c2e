import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useParams } from 'wouter';
import type { TFormFamily, TFormSectionDefinition, TStaffForm, TStaffFormSettings } from '@portal/contract';
import { ApiError } from '../../lib/api';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Page, Card } from '../../ui/page';
import { ErrorState, Loading } from '../../ui/states';
import { toast, toastError } from '../../ui/toaster';
import { saveFile } from '../../lib/staff-api';
import { formApi, formKeys, formQueries } from './api';
import { DefinitionEditor } from './definition-editor';
import { FormStatusBadge } from './components/form-bits';
import { AttachmentsPanel, CopyDialog, MenusPanel, PublishDialog, VersionsPanel } from './components/panels';
import { SettingsPanel } from './components/settings-panel';
import { FormsCrumbs } from './forms-page';
import { formsTexts as texts } from './texts';

type Problem = { field: string; message: string };
type RenderPreview = (kind: TFormFamily, sections: TFormSectionDefinition[]) => ReactNode;

/**
 * /beheer/projecten/:projectId/formulieren/:formId: one form's builder. Settings of its kind, the element
 * editor (with the resident's renderer as preview, handed in by app/console), and around it publishing
 * (with the consent decision), versions, copy, JSON export, archive, attachments and menus. A save names
 * the revision it read; a 409 says someone else saved and offers the newest version.
 */
export function FormBuilderPage({ renderPreview }: { renderPreview?: RenderPreview }) {
  const params = useParams<{ projectId: string; formId: string }>();
  const projectId = Number(params.projectId);
  const formId = Number(params.formId);
  const form = useQuery(formQueries.form(formId));
  const project = useQuery(formQueries.project(projectId));
  if (form.isPending) return <Page title={texts.title}><Loading /></Page>;
  if (form.isError) return <Page title={texts.title}><ErrorState error={form.error} retry={() => void form.refetch()} /></Page>;
  return <Builder key={form.data.id} projectId={projectId} projectName={project.data?.name} initial={form.data} renderPreview={renderPreview} />;
}

function Builder({ projectId, projectName, initial, renderPreview }: { projectId: number; projectName?: string; initial: TStaffForm; renderPreview?: RenderPreview }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const me = useQuery(formQueries.me());
  const menus = useQuery({ ...formQueries.menus(projectId), enabled: initial.kind === 'generic' });
  const canManage = me.data?.permissions.includes('forms.manage') ?? false;
  const [form, setForm] = useState(initial);
  const [settings, setSettings] = useState<TStaffFormSettings>(initial.settings);
  const [definition, setDefinition] = useState<TFormSectionDefinition[]>(initial.definition);
  const [dirty, setDirty] = useState(false);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [stale, setStale] = useState(false);
  const [dialog, setDialog] = useState<'publish' | 'copy' | 'archive' | null>(null);
  const revision = useRef(initial.revision);
  const archived = form.status === 'archived';
  const readOnly = !canManage || archived;

  const accept = (next: TStaffForm) => {
    setForm(next);
    revision.current = next.revision;
    queryClient.setQueryData(formKeys.form(next.id), next);
    void queryClient.invalidateQueries({ queryKey: formKeys.project(projectId) });
    void queryClient.invalidateQueries({ queryKey: formKeys.versions(next.id) });
  };

  const save = useMutation({
    mutationFn: () => formApi.update(form.id, { revision: revision.current, settings, definition }),
    onSuccess: (next) => {
      accept(next);
      setDirty(false);
      setProblems([]);
      toast(texts.builder.saved, 'success', 2500);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) return setStale(true);
      if (error instanceof ApiError && error.status === 422) return setProblems(error.body.errors ?? []);
      toastError(error, texts.failed);
    },
  });

  /** Saves what is typed (if anything) and answers the revision to publish, or null when the save failed. */
  const flush = async (): Promise<number | null> => {
    if (!dirty) return revision.current;
    try {
      await save.mutateAsync();
      return revision.current;
    } catch {
      return null;
    }
  };

  // Leaving with unsaved changes asks first (the browser's own question).
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const archive = useMutation({
    mutationFn: (toArchive: boolean) => formApi.archive(form.id, toArchive),
    onSuccess: (next) => {
      accept(next);
      setDialog(null);
    },
    onError: (error) => toastError(error, texts.failed),
  });

  const exportFile = async () => {
    try {
      saveFile(await formApi.exportFile(form.id));
    } catch (error) {
      toastError(error, texts.failed);
    }
  };

  const reload = async () => {
    const fresh = await queryClient.fetchQuery({ ...formQueries.form(form.id), staleTime: 0 });
    accept(fresh);
    setSettings(fresh.settings);
    setDefinition(fresh.definition);
    setDirty(false);
    setStale(false);
    setProblems([]);
  };

  const settingErrors = Object.fromEntries(problems.filter((p) => p.field.startsWith('settings.')).map((p) => [p.field.slice('settings.'.length), p.message]));
  const otherProblems = problems.filter((p) => !p.field.startsWith('settings.') && !p.field.startsWith('sections'));

  return (
    <Page
      title={settings.name || texts.title}
      actions={(
        <div className="flex flex-wrap gap-2">
          {canManage && !archived && <Button busy={save.isPending} disabled={!dirty} onClick={() => save.mutate()}>{texts.builder.save}</Button>}
          {canManage && !archived && <Button variant="secondary" onClick={() => setDialog('publish')}>{texts.builder.publish}</Button>}
          <Button variant="secondary" onClick={() => void exportFile()}>{texts.builder.export}</Button>
          {canManage && <Button variant="secondary" onClick={() => setDialog('copy')}>{texts.builder.copy}</Button>}
          {canManage && (archived
            ? <Button variant="secondary" busy={archive.isPending} onClick={() => archive.mutate(false)}>{texts.builder.restore}</Button>
            : <Button variant="danger" onClick={() => setDialog('archive')}>{texts.builder.archive}</Button>)}
        </div>
      )}
    >
      <FormsCrumbs projectId={projectId} projectName={projectName} current={settings.name || texts.title} />
      <div className="mb-4 flex flex-wrap items-center gap-2 text-sm text-slate-800">
        <span>{texts.kinds[form.kind]}</span>
        <FormStatusBadge status={form.status} />
        <span>{texts.version(form.published_version)}</span>
        <span>{texts.entries(form.entry_count)}</span>
        <span aria-live="polite" className="font-medium">{save.isPending ? texts.builder.saving : dirty ? texts.builder.unsaved : ''}</span>
      </div>
      <div className="mb-4 flex flex-col gap-2">
        {archived && <Banner tone="warning">{texts.builder.archived}</Banner>}
        {!archived && <p className="text-sm text-slate-700">{form.published_version === null ? texts.builder.draftNote : texts.builder.publishedNote(form.published_version)}</p>}
        {stale && (
          <Banner tone="error" title={texts.builder.stale}>
            <Button variant="secondary" onClick={() => void reload()}>{texts.builder.reload}</Button>
          </Banner>
        )}
        {problems.length > 0 && <Banner tone="error">{texts.builder.invalid}{otherProblems.map((p) => <span key={p.field} className="block">{p.message}</span>)}</Banner>}
      </div>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[22rem_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <Section title={texts.builder.tabs.settings}>
            <SettingsPanel kind={form.kind} value={settings} errors={settingErrors} menus={menus.data ?? []} disabled={readOnly}
              onChange={(next) => { setSettings(next); setDirty(true); }} />
          </Section>
          {form.kind === 'support-base' && <Section title={texts.builder.tabs.attachments}><AttachmentsPanel formId={form.id} disabled={readOnly} /></Section>}
          {form.kind === 'generic' && <Section title={texts.builder.tabs.menus}><MenusPanel projectId={projectId} disabled={readOnly} /></Section>}
          <Section title={texts.builder.tabs.versions}><VersionsPanel formId={form.id} /></Section>
        </div>
        <Section title={texts.builder.tabs.definition}>
          <DefinitionEditor
            kind={form.kind}
            value={definition}
            onChange={(next) => { setDefinition(next); setDirty(true); }}
            problems={problems.filter((p) => p.field.startsWith('sections'))}
            uploadImage={(file) => formApi.uploadImage(form.id, file)}
            renderPreview={renderPreview}
            disabled={readOnly}
          />
        </Section>
      </div>

      {dialog === 'publish' && (
        <PublishDialog form={form} beforePublish={flush} onClose={() => setDialog(null)} onPublished={(next) => {
          accept(next);
          setDefinition(next.definition);
          setDialog(null);
        }} />
      )}
      {dialog === 'copy' && (
        <CopyDialog form={form} onClose={() => setDialog(null)} onCopied={(copy) => {
          toast(texts.copyDialog.done, 'success');
          setDialog(null);
          void queryClient.invalidateQueries({ queryKey: formKeys.all });
          navigate(`/projecten/${copy.project_id}/formulieren/${copy.id}`);
        }} />
      )}
      {dialog === 'archive' && (
        <ConfirmDialog title={texts.archiveDialog.title} confirm={texts.archiveDialog.confirm} busy={archive.isPending} onConfirm={() => archive.mutate(true)} onClose={() => setDialog(null)}>
          {texts.archiveDialog.body}
        </ConfirmDialog>
      )}
    </Page>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="min-w-0">
      <section aria-label={title} className="flex min-w-0 flex-col gap-3">
        <h2 className="text-lg font-semibold">{title}</h2>
        {children}
      </section>
    </Card>
  );
}
