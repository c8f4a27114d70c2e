import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { STAFF_PROJECT_LIMITS, STAFF_PROJECT_STATUSES, ZStaffProjectCreateBody, type TStaffMe, type TStaffProjectCreateBody, type TStaffProjectListItem, type TStaffProjectStatus } from '@portal/contract';
import { formErrors, setServerErrors } from '../../../lib/form-errors';
import { staffApi } from '../../../lib/staff-api';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { ConsoleList } from '../../../ui/console-list';
import { Dialog } from '../../../ui/dialog';
import { ErrorSummary, useErrorSummary } from '../../../ui/error-summary';
import { TextField } from '../../../ui/field';
import { Page } from '../../../ui/page';
import { Select } from '../../../ui/select';
import { TextAreaField } from '../../../ui/textarea-field';
import { toast } from '../../../ui/toaster';
import { consoleProjectKeys, consoleProjectsApi } from '../api';
import { projectsTexts as texts } from '../texts';

/** The console's account (the layout loaded it already); customer administrators create projects. */
export function useStaffMe() {
  return useQuery({ queryKey: ['staff', 'me'], queryFn: () => staffApi<TStaffMe>('/staff/me'), staleTime: 60_000 });
}

/** /beheer/projecten: the projects this account reaches, searchable, paged, live or archived. */
export default function ProjectsPage() {
  const me = useStaffMe();
  const statusId = useId();
  const [status, setStatus] = useState<TStaffProjectStatus>('active');
  const [creating, setCreating] = useState(false);
  const canManage = me.data?.permissions.includes('project.manage') ?? false;
  return (
    <Page title={texts.title} actions={canManage && <Button onClick={() => setCreating(true)}>{texts.create}</Button>}>
      <div className="mb-4 flex flex-col gap-1 sm:max-w-xs">
        <label htmlFor={statusId} className="text-sm font-medium text-slate-800">{texts.status}</label>
        <Select id={statusId} value={status} onChange={(e) => setStatus(e.target.value as TStaffProjectStatus)}>
          {STAFF_PROJECT_STATUSES.map((s) => <option key={s} value={s}>{texts.statuses[s]}</option>)}
        </Select>
      </div>
      <ConsoleList<TStaffProjectListItem>
        queryKey={consoleProjectKeys.list(status)}
        load={(page) => consoleProjectsApi.list(page, status)}
        searchLabel={texts.search}
        emptyText={status === 'archived' ? texts.noneArchived : texts.none}
      >
        {(items) => (
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
            {items.map((project) => <ProjectRow key={project.id} project={project} />)}
          </ul>
        )}
      </ConsoleList>
      {canManage && <CreateProjectDialog open={creating} onClose={() => setCreating(false)} />}
    </Page>
  );
}

function ProjectRow({ project }: { project: TStaffProjectListItem }) {
  return (
    <li className="flex items-center gap-4 px-4 py-3">
      <span className="h-10 w-1.5 shrink-0 rounded" style={{ backgroundColor: project.color_primary }} aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col">
        <Link href={`/projecten/${project.id}`} className="font-semibold text-blue-800 underline-offset-2 hover:underline">{project.name}</Link>
        {project.description && <span className="truncate text-sm text-slate-700">{project.description}</span>}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {project.archived_at ? (
          <Badge className="bg-slate-200 text-slate-900 ring-slate-500">{texts.archived}</Badge>
        ) : (
          <Badge className={project.is_public ? 'bg-blue-50 text-blue-900 ring-blue-700' : 'bg-white text-slate-800 ring-slate-400'}>
            {project.is_public ? texts.isPublic : texts.notPublic}
          </Badge>
        )}
      </div>
    </li>
  );
}

function Badge({ className, children }: { className: string; children: string }) {
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${className}`}>{children}</span>;
}

const CREATE_FIELDS = ['name', 'description'] as const;

/** 'Nieuw project': a name (and description); the project opens once it is made. */
function CreateProjectDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const summary = useErrorSummary();
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, reset, setError, formState: { errors, isSubmitting } } = useForm<TStaffProjectCreateBody>({
    resolver: zodResolver(ZStaffProjectCreateBody),
    defaultValues: { name: '', description: '' },
    shouldFocusError: false,
  });
  const close = () => {
    reset();
    setFailure(undefined);
    onClose();
  };
  const submit = handleSubmit(async (body) => {
    try {
      const created = await consoleProjectsApi.create(body);
      queryClient.setQueryData(consoleProjectKeys.detail(created.id), created);
      await queryClient.invalidateQueries({ queryKey: consoleProjectKeys.lists() });
      toast(texts.created(created.name), 'success');
      close();
      navigate(`/projecten/${created.id}/instellingen`);
    } catch (error) {
      if (setServerErrors(error, CREATE_FIELDS, setError)) summary.focusSummary();
      else setFailure(error instanceof Error ? error.message : String(error));
    }
  }, summary.focusSummary);
  return (
    <Dialog open={open} title={texts.createTitle} onClose={close}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <ErrorSummary errors={formErrors(errors, CREATE_FIELDS)} focusKey={summary.focusKey} headingLevel={3} />
        {failure && <Banner tone="error">{failure}</Banner>}
        <p className="text-sm text-slate-700">{texts.createIntro}</p>
        <TextField label={texts.name} required maxLength={STAFF_PROJECT_LIMITS.name} error={errors.name?.message} {...register('name')} />
        <TextAreaField label={texts.description} rows={3} hint={texts.descriptionHint} maxLength={STAFF_PROJECT_LIMITS.description} error={errors.description?.message} {...register('description')} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close}>{texts.cancel}</Button>
          <Button type="submit" busy={isSubmitting}>{texts.createSubmit}</Button>
        </div>
      </form>
    </Dialog>
  );
}
