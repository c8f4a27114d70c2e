import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useParams } from 'wouter';
import { staffContentBMessages, ZStaffDossierBody, type TStaffAddressOption, type TStaffDossierItem } from '@portal/contract';
import { nestedFormErrors, serverFieldErrors, setServerErrors, type FormError } from '../../lib/form-errors';
import { Button } from '../../ui/button';
import { ContentPageLayout, DeleteButton } from '../../ui/console-content-layout';
import { ConsoleList } from '../../ui/console-list';
import { formatDutchDate } from '../../ui/date-field';
import { ErrorSummary, useErrorSummary } from '../../ui/error-summary';
import { TextField } from '../../ui/field';
import { toast, toastError } from '../../ui/toaster';
import { AddressPicker } from './address-picker';
import { contentBApi, contentBKeys } from './api';
import { documentFileProblem, FileField } from './file-field';
import { FieldRow, Section } from './form-parts';
import { formatFileSize, texts } from './texts';

const t = texts.dossier;
const FIELDS = ['address_id', 'file', 'type', 'sub_type', 'method_type', 'name', 'subject'] as const;
type DossierForm = { address_id: string; type: string; sub_type: string; method_type: string; name: string; subject: string };
const emptyForm = (addressId = ''): DossierForm => ({ address_id: addressId, type: '', sub_type: '', method_type: '', name: '', subject: '' });

/**
 * /beheer/projecten/{projectId}/inhoud/dossier: choose an address, see its dossier, upload into it (with the
 * upload's progress) and delete items. Without an address every dossier item of the project is listed.
 */
export default function DossierPage() {
  const projectId = Number(useParams<{ projectId: string }>().projectId);
  const [address, setAddress] = useState<TStaffAddressOption | null>(null);
  return (
    <ContentPageLayout projectId={projectId} title={t.title}>
      <div className="flex flex-col gap-6">
        <p className="text-sm text-slate-700">{t.intro}</p>
        <Section title={t.chooseAddress}>
          <AddressPicker projectId={projectId} value={address} onChange={setAddress} name="filter_address" />
        </Section>
        {address && <UploadForm key={address.id} projectId={projectId} address={address} />}
        <Section title={address ? `${t.title}: ${address.full_address}` : `${t.title}: ${t.allAddresses}`}>
          <ConsoleList<TStaffDossierItem> queryKey={[...contentBKeys.dossier(projectId), 'list', address?.id ?? 'all']} searchLabel={t.search} emptyText={t.empty}
            load={(page) => contentBApi.dossier(projectId, page, address?.id)}>
            {(items) => (
              <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg bg-white ring-1 ring-slate-200">
                {items.map((item) => <DossierRow key={item.id} projectId={projectId} item={item} showAddress={!address} />)}
              </ul>
            )}
          </ConsoleList>
        </Section>
      </div>
    </ContentPageLayout>
  );
}

function DossierRow({ projectId, item, showAddress }: { projectId: number; item: TStaffDossierItem; showAddress: boolean }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => contentBApi.removeDossierItem(projectId, item.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: contentBKeys.dossier(projectId) });
      toast(texts.deleted, 'success');
    },
    onError: (error) => toastError(error, texts.deleteFailed),
  });
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
      <div className="flex min-w-0 flex-1 basis-64 flex-col">
        <span className="font-semibold text-slate-900">{item.name}</span>
        <span className="break-words text-sm text-slate-700">{[item.type, item.sub_type, item.method_type].filter(Boolean).join(' · ')} — {item.subject}</span>
        <span className="break-words text-sm text-slate-700">
          {[showAddress ? item.full_address : null, formatDutchDate(new Date(item.created_at)), texts.documents.fileOf(item.file.filename, formatFileSize(item.file.size))].filter(Boolean).join(' · ')}
        </span>
      </div>
      <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${item.fetched ? 'bg-green-100 text-green-950 ring-green-700' : 'bg-slate-100 text-slate-800 ring-slate-400'}`}>
        {item.fetched ? t.fetched : t.notFetched}
      </span>
      <DeleteButton what={item.name} busy={remove.isPending} onDelete={() => remove.mutate()} />
    </li>
  );
}

/** Uploads one item into the chosen address's dossier (one form per address: its key): its fields, then the file with its progress. */
function UploadForm({ projectId, address }: { projectId: number; address: TStaffAddressOption }) {
  const queryClient = useQueryClient();
  const summary = useErrorSummary();
  const form = useForm<DossierForm>({ resolver: zodResolver(ZStaffDossierBody as never) as unknown as Resolver<DossierForm>, defaultValues: emptyForm(String(address.id)), shouldFocusError: false });
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [fileError, setFileError] = useState<string>();
  const [progress, setProgress] = useState<number | null>(null);
  form.register('address_id');

  const upload = useMutation({
    mutationFn: async (values: DossierForm) => {
      setProgress(0);
      try {
        return await contentBApi.uploadDossierItem(projectId, file!, { ...values, address_id: String(address.id) }, setProgress);
      } finally {
        setProgress(null);
      }
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: contentBKeys.dossier(projectId) });
      toast(texts.documents.uploaded, 'success');
      form.reset(emptyForm(String(address.id)));
      setFile(null);
      setFileKey((k) => k + 1);
    },
    onError: (error) => {
      const serverFile = serverFieldErrors(error).find((e) => e.field === 'file')?.message;
      if (serverFile) setFileError(serverFile);
      if (setServerErrors(error, FIELDS.filter((f) => f !== 'file'), form.setError) || serverFile) summary.focusSummary();
      else toastError(error, texts.saveFailed);
    },
  });
  const submit = form.handleSubmit((values) => {
    const problem = documentFileProblem(file);
    setFileError(problem);
    if (problem) summary.focusSummary();
    else upload.mutate(values);
  }, () => {
    setFileError(documentFileProblem(file));
    summary.focusSummary();
  });
  const { errors } = form.formState;
  const allErrors: FormError[] = [
    ...(fileError ? [{ field: 'file', message: fileError }] : []),
    ...nestedFormErrors(errors, FIELDS.filter((f) => f !== 'file')),
  ];
  return (
    <Section title={`${t.upload}: ${address.full_address}`}>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex max-w-3xl flex-col gap-4">
        <ErrorSummary errors={allErrors} focusKey={summary.focusKey} />
        <FileField key={fileKey} label={texts.documents.file} file={file} progress={progress} error={fileError}
          onFile={(chosen) => {
            const problem = chosen ? documentFileProblem(chosen) : undefined;
            setFile(chosen);
            setFileError(problem);
            // a good file's name (without its extension) is the document's name, unless one was typed
            if (chosen && !problem && !form.getValues('name')) form.setValue('name', chosen.name.replace(/\.[a-z0-9]{1,5}$/i, ''));
          }} />
        {errors.address_id && <p className="text-sm font-medium text-red-700">{errors.address_id.message ?? staffContentBMessages.addressRequired}</p>}
        <FieldRow>
          <TextField label={t.type} hint={t.typeHint} required maxLength={100} error={errors.type?.message} {...form.register('type')} />
          <TextField label={t.subType} maxLength={100} error={errors.sub_type?.message} {...form.register('sub_type')} />
        </FieldRow>
        <TextField label={t.methodType} hint={t.methodTypeHint} maxLength={100} error={errors.method_type?.message} {...form.register('method_type')} />
        <TextField label={t.name} required maxLength={200} error={errors.name?.message} {...form.register('name')} />
        <TextField label={t.subject} required maxLength={200} error={errors.subject?.message} {...form.register('subject')} />
        <div><Button type="submit" busy={upload.isPending}>{t.upload}</Button></div>
      </form>
    </Section>
  );
}
