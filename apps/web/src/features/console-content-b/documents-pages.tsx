import { useId, useState } from 'react';
import { Controller, useFieldArray } from 'react-hook-form';
import { Link, useParams } from 'wouter';
import { staffContentBMessages, ZStaffDocumentBody, type TStaffAddressOption, type TStaffDocument } from '@portal/contract';
import { nestedFormErrors, serverFieldErrors, type FormError } from '../../lib/form-errors';
import { Button, ButtonLink } from '../../ui/button';
import { consoleContentPaths, ContentPageLayout } from '../../ui/console-content-layout';
import { ConsoleList } from '../../ui/console-list';
import { PublishField, PublicToggle } from '../../ui/console-publish';
import { PublicBadge, StatusBadge } from '../../ui/console-status';
import { formatDutchDate } from '../../ui/date-field';
import { TextField } from '../../ui/field';
import { RadioGroup, RadioOption } from '../../ui/radio-group';
import { Select } from '../../ui/select';
import { AddressPicker } from './address-picker';
import { contentBApi, contentBKeys } from './api';
import { documentFileProblem, FileField } from './file-field';
import { EditForm } from './form-parts';
import { formatFileSize, texts } from './texts';
import { useEditPage } from './use-edit-page';

const t = texts.documents;
const SLUG = 'documenten';
const FIELDS = ['address_id', 'file', 'type', 'subject', 'name', 'methods', 'publish_at', 'is_public'] as const;
const TYPE_SUGGESTIONS = ['Brief', 'Planning', 'Presentatie', 'Tekening', 'Informatie', 'Bevestiging', 'Handleiding'];
type Scope = 'all' | 'project' | 'address';
type DocumentForm = {
  address_id: number | null; type: string; subject: string; name: string; methods: Array<{ type: string; message: string }>; is_public: boolean; publish_at: string | null;
};

/** /beheer/projecten/{projectId}/inhoud/documenten: project and per-address documents, drafts included. */
export function DocumentsListPage() {
  const projectId = Number(useParams<{ projectId: string }>().projectId);
  const scopeId = useId();
  const [scope, setScope] = useState<Scope>('all');
  return (
    <ContentPageLayout projectId={projectId} title={t.title} actions={<ButtonLink to={consoleContentPaths.item(projectId, SLUG, 'nieuw')}>{t.new}</ButtonLink>}>
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-1 sm:max-w-xs">
          <label htmlFor={scopeId} className="text-sm font-medium text-slate-800">{t.scope}</label>
          <Select id={scopeId} value={scope} onChange={(e) => setScope(e.target.value as Scope)}>
            {(Object.keys(t.scopes) as Scope[]).map((s) => <option key={s} value={s}>{t.scopes[s]}</option>)}
          </Select>
        </div>
        <ConsoleList<TStaffDocument> queryKey={[...contentBKeys.documents(projectId), 'list', scope]} searchLabel={t.search} emptyText={t.empty}
          load={(page) => contentBApi.documents(projectId, page, { scope: scope === 'all' ? undefined : scope })}>
          {(documents) => (
            <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
              {documents.map((d) => <DocumentRow key={d.id} projectId={projectId} document={d} />)}
            </ul>
          )}
        </ConsoleList>
      </div>
    </ContentPageLayout>
  );
}

function DocumentRow({ projectId, document: d }: { projectId: number; document: TStaffDocument }) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
      <div className="flex min-w-0 flex-1 basis-64 flex-col">
        <Link href={consoleContentPaths.item(projectId, SLUG, d.id)} className="font-semibold text-blue-800 underline-offset-2 hover:underline">{d.name}</Link>
        <span className="break-words text-sm text-slate-700">{[d.type, d.subject].join(' · ')}</span>
        <span className="break-words text-sm text-slate-700">
          {d.full_address ?? t.projectWide} · {formatDutchDate(new Date(d.created_at))} · {t.fileOf(d.file.filename, formatFileSize(d.file.size))}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {d.file.url && <a href={d.file.url} className="text-sm font-semibold text-blue-800 underline" download>{t.download}<span className="sr-only">: {d.name}</span></a>}
        <PublicBadge isPublic={d.is_public && d.address_id === null} />
        <StatusBadge status={d.status} />
      </div>
    </li>
  );
}

const emptyForm = (): DocumentForm => ({ address_id: null, type: '', subject: '', name: '', methods: [], is_public: false, publish_at: null });

/** /beheer/projecten/{projectId}/inhoud/documenten/{id|nieuw}: upload a document with its fields, or change them. */
export function DocumentEditPage() {
  const [forWhom, setForWhom] = useState<'project' | 'address'>('project');
  const [address, setAddress] = useState<TStaffAddressOption | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [extraErrors, setExtraErrors] = useState<{ file?: string; address_id?: string }>({});
  const editor = useEditPage<DocumentForm, TStaffDocument>({
    slug: SLUG, itemKey: contentBKeys.document, load: contentBApi.document, remove: contentBApi.removeDocument,
    schema: ZStaffDocumentBody, fields: FIELDS.filter((f) => f !== 'file'), empty: emptyForm, createdText: t.uploaded,
    toForm: (d) => {
      setForWhom(d.address_id === null ? 'project' : 'address');
      setAddress(d.address_id === null ? null : { id: d.address_id, full_address: d.full_address ?? '' });
      return { address_id: d.address_id, type: d.type, subject: d.subject, name: d.name, methods: d.methods, is_public: d.is_public, publish_at: d.publish_at };
    },
    save: async (projectId, id, values) => {
      const body = { ...values, address_id: forWhom === 'address' ? address!.id : null };
      if (id !== null) return contentBApi.saveDocument(projectId, id, body);
      setProgress(0);
      try {
        return await contentBApi.uploadDocument(projectId, file!, {
          address_id: body.address_id === null ? '' : String(body.address_id), type: body.type, subject: body.subject, name: body.name,
          methods: JSON.stringify(body.methods), is_public: String(body.is_public), publish_at: body.publish_at ?? '',
        }, setProgress);
      } finally {
        setProgress(null);
      }
    },
    otherServerErrors: (error) => {
      const fileError = serverFieldErrors(error).find((e) => e.field === 'file')?.message;
      if (fileError) setExtraErrors((current) => ({ ...current, file: fileError }));
      return Boolean(fileError);
    },
  });
  const { form, projectId, id, summary, save, item } = editor;
  const methods = useFieldArray({ control: form.control, name: 'methods' });

  /** What the browser checks beside the schema: a file on upload, an address when the document is for one. */
  const ownProblems = () => ({
    file: id === null ? documentFileProblem(file) : undefined,
    address_id: forWhom === 'address' && !address ? staffContentBMessages.addressRequired : undefined,
  });
  const submit = form.handleSubmit((values) => {
    const problems = ownProblems();
    setExtraErrors(problems);
    if (problems.file || problems.address_id) summary.focusSummary();
    else save.mutate(values);
  }, () => {
    setExtraErrors(ownProblems());
    summary.focusSummary();
  });

  const { errors } = form.formState;
  const allErrors: FormError[] = [
    ...(extraErrors.address_id ? [{ field: 'address_id', message: extraErrors.address_id }] : []),
    ...(extraErrors.file ? [{ field: 'file', message: extraErrors.file }] : []),
    ...nestedFormErrors(errors, FIELDS.filter((f) => f !== 'address_id' && f !== 'file')),
  ];
  const saved = item.data;
  const typesId = useId();
  return (
    <EditForm editor={{ ...editor, submit }} listTitle={t.title} title={id === null ? t.new : `${t.item}: ${saved?.name ?? ''}`} what={saved?.name ?? t.item} errors={allErrors}>
      <RadioGroup legend={t.forWhom}>
        {() => (
          <>
            <RadioOption name="for_whom" value="project" label={t.forProject} checked={forWhom === 'project'} onChange={() => setForWhom('project')} />
            <RadioOption name="for_whom" value="address" label={t.forAddress} checked={forWhom === 'address'} onChange={() => setForWhom('address')} />
          </>
        )}
      </RadioGroup>
      {forWhom === 'address' && (
        <AddressPicker projectId={projectId} value={address} required error={extraErrors.address_id ?? errors.address_id?.message}
          onChange={(value) => {
            setAddress(value);
            setExtraErrors((current) => ({ ...current, address_id: undefined }));
          }} />
      )}
      {id === null ? (
        <FileField label={t.file} file={file} progress={progress} error={extraErrors.file}
          onFile={(chosen) => {
            const problem = chosen ? documentFileProblem(chosen) : undefined;
            setFile(chosen);
            setExtraErrors((current) => ({ ...current, file: problem }));
            // a good file's name (without its extension) is the document's name, unless one was typed
            if (chosen && !problem && !form.getValues('name')) form.setValue('name', chosen.name.replace(/\.[a-z0-9]{1,5}$/i, ''));
          }} />
      ) : saved && (
        <p className="text-sm text-slate-800">
          {t.file}: {t.fileOf(saved.file.filename, formatFileSize(saved.file.size))}{' '}
          {saved.file.url ? <a href={saved.file.url} download className="font-semibold text-blue-800 underline">{t.download}</a> : <span className="text-slate-700">({t.noDownload})</span>}
        </p>
      )}
      <TextField label={t.type} hint={t.typeHint} required maxLength={100} list={typesId} error={errors.type?.message} {...form.register('type')} />
      <datalist id={typesId}>{TYPE_SUGGESTIONS.map((type) => <option key={type} value={type} />)}</datalist>
      <TextField label={t.subject} required maxLength={200} error={errors.subject?.message} {...form.register('subject')} />
      <TextField label={t.name} required maxLength={200} error={errors.name?.message} {...form.register('name')} />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium text-slate-800">{t.methods}</legend>
        <p className="text-xs text-slate-600">{t.methodsHint}</p>
        {methods.fields.map((method, index) => (
          <fieldset key={method.id} className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
            <legend className="sr-only">{t.methodLegend(index + 1)}</legend>
            <TextField label={t.methodType} maxLength={100} error={errors.methods?.[index]?.type?.message} {...form.register(`methods.${index}.type`)} />
            <TextField label={t.methodMessage} maxLength={500} error={errors.methods?.[index]?.message?.message} {...form.register(`methods.${index}.message`)} />
            <Button variant="ghost" onClick={() => methods.remove(index)}>{texts.documents.removeMethod(index + 1)}</Button>
          </fieldset>
        ))}
        {methods.fields.length < 10 && <div><Button variant="secondary" onClick={() => methods.append({ type: '', message: '' })}>{t.addMethod}</Button></div>}
      </fieldset>
      <Controller control={form.control} name="publish_at" render={({ field }) => (
        <PublishField value={field.value} onChange={field.onChange} error={errors.publish_at?.message} />
      )} />
      {forWhom === 'project' && (
        <Controller control={form.control} name="is_public" render={({ field }) => <PublicToggle checked={field.value} onChange={field.onChange} />} />
      )}
    </EditForm>
  );
}
