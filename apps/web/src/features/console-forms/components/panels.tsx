import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CONSENT_DECISION_LABELS, CONSENT_DECISIONS, type TConsentDecision, type TStaffForm, type TStaffFormAttachment, type TStaffFormMenu } from '@portal/contract';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { FilePicker } from '../../../ui/file-picker';
import { TextField } from '../../../ui/field';
import { Select } from '../../../ui/select';
import { Loading } from '../../../ui/states';
import { TextAreaField } from '../../../ui/textarea-field';
import { toast, toastError } from '../../../ui/toaster';
import { formApi, formKeys, formQueries } from '../api';
import { formsTexts as texts } from '../texts';
import { problemText } from './form-bits';
import { formatConsoleDateTime as formatMoment } from '../../../lib/console-format';

/** Publishing: with the consent decision when signing started on a consent form. */
export function PublishDialog({ form, beforePublish, onClose, onPublished }: {
  form: TStaffForm; beforePublish: () => Promise<number | null>; onClose: () => void; onPublished: (form: TStaffForm) => void;
}) {
  const asks = form.kind === 'support-base' && form.signing_started && form.published_version !== null;
  const [decision, setDecision] = useState<TConsentDecision | ''>('');
  const [reason, setReason] = useState('');
  const publish = useMutation({
    mutationFn: async () => {
      const revision = await beforePublish(); // the draft is saved first: nothing typed is lost
      if (revision === null) throw new Error('not saved');
      return formApi.publish(form.id, { revision, ...(asks ? { consent_decision: decision || undefined, consent_decision_reason: reason.trim() || undefined } : {}) });
    },
    onSuccess: (published) => {
      toast(texts.publish.done(published.published_version), 'success');
      onPublished(published);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    publish.mutate();
  };
  return (
    <Dialog open title={texts.publish.title} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <p>{texts.publish.body}</p>
        {asks && (
          <>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 font-medium">{texts.publish.decision}</legend>
              {CONSENT_DECISIONS.map((d) => (
                <label key={d} className="flex items-start gap-2">
                  <input type="radio" name="consent-decision" value={d} checked={decision === d} onChange={() => setDecision(d)} className="mt-1 size-5" />
                  <span>{CONSENT_DECISION_LABELS[d]}</span>
                </label>
              ))}
              {problemText(publish.error, 'consent_decision') && <p className="text-sm text-red-800">{problemText(publish.error, 'consent_decision')}</p>}
            </fieldset>
            <TextAreaField label={texts.publish.reason} hint={texts.publish.reasonHint} rows={3} value={reason} onChange={(e) => setReason(e.target.value)}
              error={problemText(publish.error, 'consent_decision_reason')} />
          </>
        )}
        {publish.isError && !problemText(publish.error, 'consent_decision') && !problemText(publish.error, 'consent_decision_reason') && (
          <Banner tone="error">{problemText(publish.error) ?? texts.builder.invalid}</Banner>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>{texts.create.cancel}</Button>
          <Button type="submit" busy={publish.isPending}>{texts.publish.submit}</Button>
        </div>
      </form>
    </Dialog>
  );
}

/** A copy to this or another project the account reaches. */
export function CopyDialog({ form, onClose, onCopied }: { form: TStaffForm; onClose: () => void; onCopied: (copy: TStaffForm) => void }) {
  const projects = useQuery(formQueries.projects());
  const [target, setTarget] = useState(String(form.project_id));
  const copy = useMutation({ mutationFn: () => formApi.copy(form.id, { project_id: Number(target) }), onSuccess: onCopied });
  return (
    <Dialog open title={texts.copyDialog.title} onClose={onClose}>
      <p>{texts.copyDialog.body}</p>
      {projects.isPending ? <Loading /> : (
        <div className="flex flex-col gap-1">
          <label htmlFor="copy-target" className="text-sm font-medium text-slate-800">{texts.copyDialog.project}</label>
          <Select id="copy-target" value={target} onChange={(e) => setTarget(e.target.value)}>
            {(projects.data ?? []).map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
          </Select>
        </div>
      )}
      {copy.isError && <Banner tone="error">{problemText(copy.error) ?? texts.failed}</Banner>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>{texts.create.cancel}</Button>
        <Button busy={copy.isPending} onClick={() => copy.mutate()}>{texts.copyDialog.submit}</Button>
      </div>
    </Dialog>
  );
}

/** The published versions, newest first, with the consent decision where one was made. */
export function VersionsPanel({ formId }: { formId: number }) {
  const versions = useQuery(formQueries.versions(formId));
  if (versions.isPending) return <Loading />;
  if (!versions.data?.length) return <p className="text-slate-700">{texts.versions.none}</p>;
  return (
    <ol className="flex flex-col gap-2">
      {versions.data.map((v) => (
        <li key={v.version} className="rounded-md border border-slate-300 p-3">
          <p className="font-medium">{texts.versions.heading(v.version)}: {v.name}</p>
          <p className="text-sm text-slate-700">{texts.versions.by(v.published_by, formatMoment(v.published_at))} · {texts.entries(v.entry_count)}</p>
          {v.consent_decision && (
            <p className="text-sm text-slate-800">{texts.versions.decision}: {CONSENT_DECISION_LABELS[v.consent_decision]}{v.consent_decision_reason ? ` (${v.consent_decision_reason})` : ''}</p>
          )}
        </li>
      ))}
    </ol>
  );
}

/** A consent form's PDF attachments: add, rename, order, remove. */
export function AttachmentsPanel({ formId, disabled }: { formId: number; disabled?: boolean }) {
  const queryClient = useQueryClient();
  const list = useQuery(formQueries.attachments(formId));
  const settle = (next: TStaffFormAttachment[]) => queryClient.setQueryData(formKeys.attachments(formId), next);
  const change = useMutation({
    mutationFn: (run: () => Promise<TStaffFormAttachment[]>) => run(),
    onSuccess: settle,
    onError: (error) => toastError(error, texts.failed),
  });
  const items = list.data ?? [];
  const move = (index: number, by: number) => {
    const ids = items.map((a) => a.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    change.mutate(() => formApi.orderAttachments(formId, ids));
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">{texts.attachments.hint}</p>
      {list.isPending ? <Loading /> : items.length === 0 ? <p>{texts.attachments.none}</p> : (
        <ol className="flex flex-col gap-2" aria-label={texts.attachments.heading}>
          {items.map((a, i) => (
            <AttachmentRow key={a.id} attachment={a} disabled={disabled || change.isPending} first={i === 0} last={i === items.length - 1}
              onMove={(by) => move(i, by)} onRename={(name) => change.mutate(() => formApi.renameAttachment(formId, a.id, name))}
              onRemove={() => change.mutate(() => formApi.removeAttachment(formId, a.id))} />
          ))}
        </ol>
      )}
      {!disabled && (
        <FilePicker id={`attachment-${formId}`} label={texts.attachments.add} accept="application/pdf,.pdf" resetAfterChoice disabled={change.isPending}
          onFile={(file) => {
            if (file) change.mutate(() => formApi.addAttachment(formId, file).then((next) => { toast(texts.attachments.added, 'success'); return next; }));
          }} />
      )}
    </div>
  );
}

function AttachmentRow({ attachment, disabled, first, last, onMove, onRename, onRemove }: {
  attachment: TStaffFormAttachment; disabled?: boolean; first: boolean; last: boolean; onMove: (by: number) => void; onRename: (name: string) => void; onRemove: () => void;
}) {
  const [name, setName] = useState(attachment.name);
  return (
    <li className="flex flex-col gap-2 rounded-md border border-slate-300 p-3">
      <TextField label={texts.attachments.rename} value={name} maxLength={200} disabled={disabled} onChange={(e) => setName(e.target.value)} />
      <div className="flex flex-wrap gap-2">
        <a href={attachment.url} target="_blank" rel="noreferrer" className="self-center text-blue-800 underline">{texts.attachments.open}<span className="sr-only"> {attachment.name}</span></a>
        <Button variant="secondary" disabled={disabled || name.trim() === attachment.name || !name.trim()} onClick={() => onRename(name.trim())}>
          {texts.attachments.save}<span className="sr-only"> {attachment.name}</span>
        </Button>
        <Button variant="secondary" disabled={disabled || first} onClick={() => onMove(-1)}>{texts.attachments.up}<span className="sr-only"> {attachment.name}</span></Button>
        <Button variant="secondary" disabled={disabled || last} onClick={() => onMove(1)}>{texts.attachments.down}<span className="sr-only"> {attachment.name}</span></Button>
        <Button variant="danger" disabled={disabled} onClick={onRemove}>{texts.attachments.remove}<span className="sr-only"> {attachment.name}</span></Button>
      </div>
    </li>
  );
}

/** The project's menus of generic forms. */
export function MenusPanel({ projectId, disabled }: { projectId: number; disabled?: boolean }) {
  const queryClient = useQueryClient();
  const menus = useQuery(formQueries.menus(projectId));
  const [name, setName] = useState('');
  const change = useMutation({
    mutationFn: (run: () => Promise<TStaffFormMenu[]>) => run(),
    onSuccess: (next) => queryClient.setQueryData(formKeys.menus(projectId), next),
    onError: (error) => toastError(error, texts.failed),
  });
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    change.mutate(() => formApi.createMenu(projectId, name.trim()).then((next) => { setName(''); return next; }));
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">{texts.menus.hint}</p>
      {menus.isPending ? <Loading /> : !menus.data?.length ? <p>{texts.menus.none}</p> : (
        <ul className="flex flex-col gap-2" aria-label={texts.menus.heading}>
          {menus.data.map((m) => (
            <MenuRow key={m.id} menu={m} disabled={disabled || change.isPending}
              onRename={(next) => change.mutate(() => formApi.renameMenu(projectId, m.id, next))} onRemove={() => change.mutate(() => formApi.removeMenu(projectId, m.id))} />
          ))}
        </ul>
      )}
      {!disabled && (
        <form onSubmit={add} className="flex flex-wrap items-end gap-2">
          <TextField className="flex-1" label={texts.menus.name} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
          <Button type="submit" variant="secondary" busy={change.isPending}>{texts.menus.add}</Button>
        </form>
      )}
    </div>
  );
}

function MenuRow({ menu, disabled, onRename, onRemove }: { menu: TStaffFormMenu; disabled?: boolean; onRename: (name: string) => void; onRemove: () => void }) {
  const [name, setName] = useState(menu.name);
  return (
    <li className="flex flex-col gap-2 rounded-md border border-slate-300 p-3">
      <TextField label={texts.menus.rename} hint={texts.menus.forms(menu.form_count)} value={name} maxLength={200} disabled={disabled} onChange={(e) => setName(e.target.value)} />
      <div className="flex gap-2">
        <Button variant="secondary" disabled={disabled || !name.trim() || name.trim() === menu.name} onClick={() => onRename(name.trim())}>{texts.menus.save}<span className="sr-only"> {menu.name}</span></Button>
        <Button variant="danger" disabled={disabled} onClick={onRemove}>{texts.menus.remove}<span className="sr-only"> {menu.name}</span></Button>
      </div>
    </li>
  );
}
