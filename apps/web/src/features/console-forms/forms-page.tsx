import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { FORM_FAMILIES, STAFF_FORM_STATUSES, type TFormFamily, type TStaffFormListItem, type TStaffFormStatus } from '@portal/contract';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { ConsoleList } from '../../ui/console-list';
import { Crumbs } from '../../ui/crumbs';
import { Dialog } from '../../ui/dialog';
import { TextField } from '../../ui/field';
import { FilePicker } from '../../ui/file-picker';
import { Page } from '../../ui/page';
import { FilterSelect } from '../../ui/select';
import { toast } from '../../ui/toaster';
import { ExportButtons } from '../../ui/export-buttons';
import { formApi, formKeys, formQueries } from './api';
import { FormStatusBadge, problemText } from './components/form-bits';
import { formatConsoleDateTime as formatMoment } from '../../lib/console-format';
import { formsTexts as texts } from './texts';

export function FormsCrumbs({ projectId, projectName, current }: { projectId: number; projectName?: string; current?: string }) {
  const crumbs = [
    { href: '/projecten', label: texts.crumbs.projects },
    { href: `/projecten/${projectId}`, label: projectName ?? `Project ${projectId}` },
    ...(current ? [{ href: `/projecten/${projectId}/formulieren`, label: texts.title }] : []),
  ];
  return <Crumbs crumbs={crumbs} current={current ?? texts.title} />;
}

/**
 * /beheer/projecten/:projectId/formulieren: the project's forms of every kind, filtered by kind and status
 * and searchable by name; editors make a new form of a kind or import a form file.
 */
export default function FormsPage() {
  const projectId = Number(useParams<{ projectId: string }>().projectId);
  const me = useQuery(formQueries.me());
  const project = useQuery(formQueries.project(projectId));
  const canManage = me.data?.permissions.includes('forms.manage') ?? false;
  const [kind, setKind] = useState<TFormFamily | ''>('');
  const [status, setStatus] = useState<TStaffFormStatus | ''>('');
  const [dialog, setDialog] = useState<'create' | 'import' | null>(null);
  const filter = { kind: kind || undefined, status: status || undefined };
  return (
    <Page
      title={texts.title}
      actions={canManage && (
        <div className="flex flex-wrap gap-2">
          <ExportButtons download={(format) => formApi.exportList(projectId, filter, format)} />
          <Button variant="secondary" onClick={() => setDialog('import')}>{texts.importForm}</Button>
          <Button onClick={() => setDialog('create')}>{texts.newForm}</Button>
        </div>
      )}
    >
      <FormsCrumbs projectId={projectId} projectName={project.data?.name} />
      <div className="mb-2 flex flex-wrap gap-4">
        <FilterSelect id="form-kind" label={texts.kindFilter} value={kind} onChange={setKind} allLabel={texts.allKinds}
          options={FORM_FAMILIES.map((k) => [k, texts.kinds[k]] as const)} />
        <FilterSelect id="form-status" label={texts.statusFilter} value={status} onChange={setStatus} allLabel={texts.allStatuses}
          options={STAFF_FORM_STATUSES.map((s) => [s, texts.statuses[s]] as const)} />
      </div>
      <ConsoleList<TStaffFormListItem>
        queryKey={[...formKeys.list(projectId, filter)]}
        load={(page) => formApi.page(projectId, filter, page)}
        searchLabel={texts.search}
        emptyText={texts.none}
      >
        {(items) => (
          <ul className="flex flex-col gap-2" aria-label={texts.title}>
            {items.map((form) => <FormRow key={form.id} projectId={projectId} form={form} />)}
          </ul>
        )}
      </ConsoleList>
      {dialog === 'create' && <CreateDialog projectId={projectId} onClose={() => setDialog(null)} />}
      {dialog === 'import' && <ImportDialog projectId={projectId} onClose={() => setDialog(null)} />}
    </Page>
  );
}

function FormRow({ projectId, form }: { projectId: number; form: TStaffFormListItem }) {
  return (
    <li className="flex flex-col gap-1 rounded-lg border border-slate-300 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <Link href={`/projecten/${projectId}/formulieren/${form.id}`} className="font-semibold text-blue-800 underline underline-offset-2">{form.name}</Link>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <span>{texts.kinds[form.kind]}</span>
          <FormStatusBadge status={form.status} />
          <span>{texts.version(form.published_version)}</span>
          {form.has_draft && form.published_version !== null && <span className="font-medium text-amber-900">{texts.unpublishedChanges}</span>}
          <span>{texts.entries(form.entry_count)}</span>
          {form.opens_at && <span>{texts.opens(formatMoment(form.opens_at))}</span>}
          {form.closes_at && <span>{texts.closes(formatMoment(form.closes_at))}</span>}
        </p>
      </div>
    </li>
  );
}

function CreateDialog({ projectId, onClose }: { projectId: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [kind, setKind] = useState<TFormFamily>('support-base');
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: () => formApi.create(projectId, { kind, name }),
    onSuccess: async (form) => {
      await queryClient.invalidateQueries({ queryKey: formKeys.project(projectId) });
      navigate(`/projecten/${projectId}/formulieren/${form.id}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <Dialog open title={texts.create.title} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">{texts.create.kind}</legend>
          {FORM_FAMILIES.map((k) => (
            <div key={k} className="flex items-start gap-2">
              <input id={`form-kind-${k}`} type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} className="mt-1 size-5"
                aria-describedby={`form-kind-${k}-hint`} />
              <div>
                <label htmlFor={`form-kind-${k}`} className="font-medium">{texts.kinds[k]}</label>
                <p id={`form-kind-${k}-hint`} className="text-sm text-slate-700">{texts.kindHint[k]}</p>
              </div>
            </div>
          ))}
        </fieldset>
        <TextField label={texts.create.name} required value={name} maxLength={200} onChange={(e) => setName(e.target.value)}
          error={problemText(create.error, 'name')} />
        {create.isError && !problemText(create.error, 'name') && <Banner tone="error">{problemText(create.error) ?? texts.failed}</Banner>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>{texts.create.cancel}</Button>
          <Button type="submit" busy={create.isPending}>{texts.create.submit}</Button>
        </div>
      </form>
    </Dialog>
  );
}

function ImportDialog({ projectId, onClose }: { projectId: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [file, setFile] = useState<File | null>(null);
  const upload = useMutation({
    mutationFn: (chosen: File) => formApi.importFile(projectId, chosen),
    onSuccess: async (form) => {
      toast(texts.importDialog.done, 'success');
      await queryClient.invalidateQueries({ queryKey: formKeys.project(projectId) });
      navigate(`/projecten/${projectId}/formulieren/${form.id}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) upload.mutate(file);
  };
  return (
    <Dialog open title={texts.importDialog.title} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">{texts.importDialog.hint}</p>
        <FilePicker id="form-import-file" label={texts.importDialog.file} accept="application/json,.json" onFile={setFile} chosen={file?.name} />
        {upload.isError && <ProblemList error={upload.error} />}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>{texts.create.cancel}</Button>
          <Button type="submit" busy={upload.isPending} disabled={!file}>{texts.importDialog.submit}</Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The server's message and its per-field messages (an import's problems). */
export function ProblemList({ error }: { error: unknown }) {
  const body = (error as { body?: { message?: string; errors?: Array<{ field: string; message: string }> } }).body;
  return (
    <Banner tone="error" title={body?.message ?? texts.failed}>
      {body?.errors?.length ? <ul className="list-disc pl-5">{body.errors.slice(0, 20).map((e, i) => <li key={i}>{e.message}</li>)}</ul> : null}
    </Banner>
  );
}
