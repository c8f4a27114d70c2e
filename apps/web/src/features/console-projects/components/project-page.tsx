import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useParams } from 'wouter';
import { MODULE_NAMES, STAFF_PROJECT_LIMITS, type TPermission, type TStaffProject } from '@portal/contract';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { LazyRichTextEditor } from '../../../ui/console-content-layout';
import { Crumbs } from '../../../ui/crumbs';
import { Dialog } from '../../../ui/dialog';
import { formatDutchDate } from '../../../ui/date-field';
import { ErrorSummary, useErrorSummary } from '../../../ui/error-summary';
import { Checkbox, TextField } from '../../../ui/field';
import { Card, Page } from '../../../ui/page';
import { ErrorState, Loading } from '../../../ui/states';
import { TextAreaField } from '../../../ui/textarea-field';
import { toast } from '../../../ui/toaster';
import { consoleProjectKeys, consoleProjectsApi } from '../api';
import { nestedFormErrors, placeServerErrors } from '../form-errors';
import { formFieldOf, toBody, toForm, ZProjectForm, type ProjectForm } from '../project-form';
import { colorTexts, projectTexts as texts } from '../texts';
import { ColorField } from './color-field';
import { LogoField } from './logo-field';
import { ModulesEditor } from './modules-editor';
import { useStaffMe } from './projects-page';

const SECTIONS = [
  { id: 'algemeen', label: texts.general },
  { id: 'huisstijl', label: texts.branding },
  { id: 'modules-sectie', label: texts.modules },
  { id: 'welkomsttekst', label: texts.welcome },
  { id: 'draagvlak', label: texts.supportBase },
  { id: 'werkvolgorde', label: texts.workOrder },
] as const;

/**
 * /beheer/projecten/{id}/instellingen: a project's settings and its archive state. The way to its other pages is the
 * project navigation above every project page (app/console/project-nav.tsx); its landing page is the overview.
 */
export default function ProjectPage() {
  const id = Number(useParams<{ projectId: string }>().projectId);
  const valid = Number.isInteger(id) && id > 0;
  const project = useQuery({ queryKey: consoleProjectKeys.detail(id), queryFn: () => consoleProjectsApi.get(id), enabled: valid });
  if (!valid) return <Page title={texts.settings}><p role="alert">{texts.notFound}</p></Page>;
  if (project.isPending) return <Page title={texts.settings}><Loading /></Page>;
  if (project.isError) return <Page title={texts.settings}><ErrorState error={project.error} retry={() => void project.refetch()} /></Page>;
  return <ProjectSettings key={project.data.id} project={project.data} />;
}

function ProjectSettings({ project }: { project: TStaffProject }) {
  const me = useStaffMe();
  const can = (permission: TPermission) => me.data?.permissions.includes(permission) ?? false;
  return (
    <Page title={project.name} actions={can('project.manage') && <ArchiveButton project={project} />}>
      <Crumbs crumbs={[{ href: '/projecten', label: texts.back }, { href: `/projecten/${project.id}`, label: project.name }]} current={texts.settings} />
      {project.archived_at && <div className="mb-4"><Banner tone="warning">{texts.archived(formatDutchDate(new Date(project.archived_at)))}</Banner></div>}
      <div className="grid gap-6 lg:grid-cols-[14rem_1fr]">
        <aside className="flex flex-col gap-4 lg:sticky lg:top-4 lg:self-start">
          {project.is_public && !project.archived_at && (
            <section aria-labelledby="public-view">
              <h2 id="public-view" className="mb-1 text-sm font-semibold text-slate-800">{texts.publicView}</h2>
              <a href={`/public/dashboard/${project.id}`} target="_blank" rel="noopener noreferrer" className="text-blue-800 underline underline-offset-2">
                {texts.viewPublic} <span className="sr-only">{texts.viewPublicHint}</span><span aria-hidden="true">↗</span>
              </a>
            </section>
          )}
          <nav aria-labelledby="sections-nav" className="hidden lg:block">
            <h2 id="sections-nav" className="mb-1 text-sm font-semibold text-slate-800">{texts.sections}</h2>
            <ul className="flex flex-col gap-1">
              {SECTIONS.map((s) => <li key={s.id}><a href={`#${s.id}`} className="text-blue-800 underline underline-offset-2">{s.label}</a></li>)}
            </ul>
          </nav>
        </aside>
        <ProjectForm project={project} />
      </div>
    </Page>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card className="flex scroll-mt-4 flex-col gap-4">
      <section id={id} aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
        <h2 id={`${id}-title`} className="text-lg font-semibold">{title}</h2>
        {children}
      </section>
    </Card>
  );
}

function ProjectForm({ project }: { project: TStaffProject }) {
  const queryClient = useQueryClient();
  const summary = useErrorSummary();
  const [failure, setFailure] = useState<string>();
  const { register, control, handleSubmit, reset, setError, getValues, formState: { errors, isSubmitting } } = useForm<ProjectForm>({
    resolver: zodResolver(ZProjectForm),
    defaultValues: toForm(project),
    shouldFocusError: false,
  });
  const stored = (next: TStaffProject) => {
    queryClient.setQueryData(consoleProjectKeys.detail(next.id), next);
    void queryClient.invalidateQueries({ queryKey: consoleProjectKeys.lists() });
  };
  const logoUpload = useMutation({ mutationFn: (file: File) => consoleProjectsApi.uploadLogo(project.id, file), onSuccess: stored });
  const logoRemoval = useMutation({ mutationFn: () => consoleProjectsApi.removeLogo(project.id), onSuccess: stored });

  const fields = [
    'name', 'description', 'website', 'color_primary', 'color_secondary',
    ...MODULE_NAMES.map((_, i) => `modules.${i}.display_name`),
    'welcome_message', 'support_base_progress', 'work_order_message',
  ];
  const submit = handleSubmit(async (form) => {
    setFailure(undefined);
    try {
      const saved = await consoleProjectsApi.update(project.id, toBody(form));
      stored(saved);
      reset(toForm(saved));
      toast(texts.saved, 'success');
    } catch (error) {
      if (placeServerErrors(error, setError, (field) => formFieldOf(field, getValues('modules')))) summary.focusSummary();
      else setFailure(texts.saveFailed);
    }
  }, summary.focusSummary);

  const { inherited } = project;
  return (
    <form noValidate onSubmit={submit} className="flex min-w-0 flex-col gap-6">
      <ErrorSummary errors={nestedFormErrors(errors, fields)} focusKey={summary.focusKey} />
      {failure && <Banner tone="error">{failure}</Banner>}

      <Section id="algemeen" title={texts.general}>
        <TextField label={texts.name} required maxLength={STAFF_PROJECT_LIMITS.name} error={errors.name?.message} {...register('name')} />
        <TextAreaField label={texts.description} rows={2} maxLength={STAFF_PROJECT_LIMITS.description} error={errors.description?.message} {...register('description')} />
        <TextField label={texts.website} type="url" inputMode="url" hint={texts.websiteHint(inherited.website)} maxLength={STAFF_PROJECT_LIMITS.website}
          error={errors.website?.message} {...register('website')} />
        <Checkbox label={texts.isPublic} {...register('is_public')} />
      </Section>

      <Section id="huisstijl" title={texts.branding}>
        <LogoField label={texts.logo} logo={project.logo_url} fallback={{ logo: inherited.logo, note: texts.logoInherited }}
          upload={(file) => logoUpload.mutateAsync(file)} remove={() => logoRemoval.mutateAsync()} />
        <Controller control={control} name="color_primary" render={({ field, fieldState }) => (
          <ColorField label={texts.colorPrimary} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message}
            hint={`${texts.colorInherited(inherited.color_primary)} ${colorTexts.hint}`} inherited={{ color: inherited.color_primary, clearLabel: texts.useCustomerColor }} />
        )} />
        <Controller control={control} name="color_secondary" render={({ field, fieldState }) => (
          <ColorField label={texts.colorSecondary} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message}
            hint={`${texts.colorInherited(inherited.color_secondary)} ${colorTexts.hint}`} inherited={{ color: inherited.color_secondary, clearLabel: texts.useCustomerColor }} />
        )} />
      </Section>

      <Section id="modules-sectie" title={texts.modules}>
        <ModulesEditor control={control} register={register} errors={errors} />
      </Section>

      <Section id="welkomsttekst" title={texts.welcome}>
        <Controller control={control} name="welcome_message" render={({ field, fieldState }) => (
          <LazyRichTextEditor id="welcome_message" label={texts.welcomeMessage} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />
        )} />
      </Section>

      <Section id="draagvlak" title={texts.supportBase}>
        <TextAreaField label={texts.supportBaseProgress} hint={texts.supportBaseHint} maxLength={STAFF_PROJECT_LIMITS.supportBaseProgress}
          error={errors.support_base_progress?.message} {...register('support_base_progress')} />
      </Section>

      <Section id="werkvolgorde" title={texts.workOrder}>
        <Checkbox label={texts.workOrderShowImage} {...register('work_order_show_image')} />
        <TextAreaField label={texts.workOrderMessage} maxLength={STAFF_PROJECT_LIMITS.workOrderMessage} error={errors.work_order_message?.message} {...register('work_order_message')} />
      </Section>

      <div className="sticky bottom-0 -mx-4 flex justify-end border-t border-slate-200 bg-slate-100/95 px-4 py-3 sm:mx-0 sm:rounded-lg">
        <Button type="submit" busy={isSubmitting}>{texts.save}</Button>
      </div>
    </form>
  );
}

/** Archive (or restore) after a confirmation; customer administrators only. */
function ArchiveButton({ project }: { project: TStaffProject }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const archived = project.archived_at !== null;
  const change = useMutation({
    mutationFn: () => (archived ? consoleProjectsApi.restore(project.id) : consoleProjectsApi.archive(project.id)),
    onSuccess: (next) => {
      queryClient.setQueryData(consoleProjectKeys.detail(next.id), next);
      void queryClient.invalidateQueries({ queryKey: consoleProjectKeys.lists() });
      toast(archived ? texts.restoreDone : texts.archiveDone, 'success');
      setOpen(false);
    },
  });
  return (
    <>
      <Button variant={archived ? 'secondary' : 'danger'} onClick={() => setOpen(true)}>{archived ? texts.restore : texts.archive}</Button>
      <Dialog open={open} title={archived ? texts.restoreTitle : texts.archiveTitle} onClose={() => setOpen(false)}>
        <p>{archived ? texts.restoreBody(project.name) : texts.archiveBody(project.name)}</p>
        {change.isError && <Banner tone="error">{change.error instanceof Error ? change.error.message : texts.saveFailed}</Banner>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>{texts.cancel}</Button>
          <Button variant={archived ? 'primary' : 'danger'} busy={change.isPending} onClick={() => change.mutate()}>
            {archived ? texts.restoreConfirm : texts.archiveConfirm}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
