import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  atLeastOneSignature, drawnSignatureErrors, emailListAddresses, emailListError, FORM_LIMITS, isFormEmail, nrOfSignaturesError,
  type TGenericEntry,
} from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { errorList, serverFieldErrors } from '../../../lib/form-errors';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { ErrorSummary, useErrorSummary } from '../../../ui/error-summary';
import { describedBy, fieldDomId, FieldGroup, FieldSingle, inputClass } from '../../../ui/question-field';
import { SafeHtml } from '../../../ui/safe-html';
import { toast, toastError } from '../../../ui/toaster';
import { formKeys, formQueries, genericApi, type GenericForm } from '../api';
import { useFieldError } from '../hooks/use-field-error';
import type { GenericStep } from '../steps';
import { formTexts } from '../texts';
import { useConfirmDialog } from './confirm-dialog';
import { PdfLink } from './pdf-link';
import { SignerNameFields } from './signer-names';
import { SignaturePadInput, SigningFrame, StoredSignature } from './signing-parts';

type StepProps = { form: GenericForm; entry: TGenericEntry; onDone: (entry: TGenericEntry, to?: GenericStep) => void };
type Errors = Record<string, string>;

/**
 * The summary: the server's PDF of the entry, to be opened before 'Formulier afronden' (or
 * 'Formulier ondertekenen') appears; after 'Ja' the form is locked.
 */
export function SummaryStep({ form, entry, onDone }: StepProps) {
  const [viewed, setViewed] = useState(false);
  const hasPdf = entry.summary_pdf !== '';
  const lock = useMutation({
    mutationFn: () => genericApi.lock(form, entry.id),
    onSuccess: (updated) => {
      toast(updated.require_to_sign_form ? formTexts.savedShort : formTexts.sent, 'success');
      onDone(updated);
    },
    onError: (error) => toastError(error, formTexts.saveFailed),
  });
  const confirm = useConfirmDialog(() => lock.mutate());
  if (entry.locked) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-slate-800">{formTexts.summaryLocked}</p>
        {hasPdf && <PdfLink href={entry.summary_pdf}>{formTexts.summaryOpen}</PdfLink>}
      </div>
    );
  }
  const canFinish = !hasPdf || viewed || entry.summary_completed;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-800">{formTexts.summaryIntro}</p>
      {hasPdf && <PdfLink href={entry.summary_pdf} onOpen={() => setViewed(true)}>{formTexts.summaryOpen}</PdfLink>}
      {canFinish ? (
        <Button className="self-start" busy={lock.isPending} onClick={confirm.ask}>
          {entry.require_to_sign_form ? formTexts.finishSign : formTexts.finish}
        </Button>
      ) : (
        <p className="text-sm text-slate-700">{formTexts.summaryOpenFirst}</p>
      )}
      {confirm.dialog}
    </div>
  );
}

/** How many people sign: digits only, at least 1 (less becomes 1); with legal signing, each signer's name. */
export function NrOfSignaturesStep({ form, entry, onDone }: StepProps) {
  const fixed = entry.sign_request || Object.values(entry.signature).some((s) => s.signed);
  const [count, setCount] = useState(String(entry.nr_of_signatures ?? 1));
  const [names, setNames] = useState<string[]>(() => Object.values(entry.signature).map((s) => s.who ?? ''));
  const { error, setError, focusKey, showServerError, showProblem } = useFieldError();
  const save = useMutation({
    mutationFn: (n: number) => genericApi.nrOfSignatures(form, entry.id, n, entry.require_to_sign_form_legally ? names.slice(0, n) : undefined),
    onSuccess: (updated) => {
      toast(formTexts.savedShort, 'success');
      onDone(updated, { kind: 'signature', nr: 1 });
    },
    onError: (failure) => {
      if (!showServerError(failure)) toastError(failure, formTexts.saveFailed);
    },
  });
  const field = 'nr_of_signatures';
  const n = Math.min(Number(count) || 0, FORM_LIMITS.maxSignatures);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Below 1 becomes 1 (spec 5), also when sent without leaving the field.
    const n = atLeastOneSignature(count);
    setCount(n);
    if (showProblem(nrOfSignaturesError(n), formTexts.invalid)) return;
    save.mutate(Number(n));
  };
  if (fixed) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-slate-800">{`${formTexts.nrOfSignatures}: ${entry.nr_of_signatures ?? 1}`}</p>
        <Button className="self-start" onClick={() => onDone(entry, { kind: 'signature', nr: 1 })}>{formTexts.next}</Button>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label={formTexts.nrOfSignatures}>
      <ErrorSummary errors={error ? [{ field, message: error }] : []} focusKey={focusKey} title={formTexts.invalid} />
      <FieldSingle field={field} label={formTexts.nrOfSignatures} required error={error} hint={formTexts.nrOfSignaturesHint}>
        <input
          id={fieldDomId(field)}
          name={field}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={2}
          value={count}
          onChange={(e) => {
            setCount(e.target.value.replace(/\D/g, ''));
            setError(undefined);
          }}
          onBlur={() => setCount(atLeastOneSignature)}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(field, { hint: true, error })}
          className={`${inputClass(error)} w-24`}
        />
      </FieldSingle>
      {entry.require_to_sign_form_legally && (
        <SignerNameFields count={n} names={names} label={formTexts.signerName} onChange={(i, value) => setNames((current) => Object.assign([...current], { [i]: value }))} />
      )}
      <Button type="submit" className="self-start" busy={save.isPending}>{formTexts.saveNext}</Button>
    </form>
  );
}

/** Signature nr: drawn (with name and description), or through the signing service in a frame. */
export function SignatureStep(props: StepProps & { nr: number }) {
  return props.entry.require_to_sign_form_legally ? <LegalSignature {...props} /> : <DrawnSignature {...props} />;
}

const signerCount = (entry: TGenericEntry) => Math.max(entry.nr_of_signatures ?? 1, 1);

/**
 * After a signature: the next one, or the status. Signed through the signing service, the last signer's
 * 'Formulier verzenden' sends the form (after 'Ja', spec 5); a drawn last signature sent it when it was
 * saved, so looking at it again leads on to the status.
 */
function SignedNotice({ entry, nr, onDone }: StepProps & { nr: number }) {
  const signer = entry.signature[String(nr)];
  const last = nr >= signerCount(entry);
  const sends = last && entry.require_to_sign_form_legally;
  const confirm = useConfirmDialog(() => {
    toast(formTexts.sent, 'success');
    onDone(entry, { kind: 'status' });
  });
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-800">{entry.require_to_sign_form_legally ? formTexts.alreadySigned : formTexts.signed}</p>
      <StoredSignature signer={signer} alt={formTexts.signatureOf} signedBy={formTexts.signedBy} />
      <Button className="self-start" onClick={() => (sends ? confirm.ask() : onDone(entry, last ? { kind: 'status' } : { kind: 'signature', nr: nr + 1 }))}>
        {sends ? formTexts.send : formTexts.next}
      </Button>
      {confirm.dialog}
    </div>
  );
}

function DrawnSignature({ form, entry, nr, onDone }: StepProps & { nr: number }) {
  const [signature, setSignature] = useState<string | null>(null);
  const [who, setWho] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const { focusKey, focusSummary } = useErrorSummary();
  const last = nr >= signerCount(entry);
  const save = useMutation({
    mutationFn: () => genericApi.signature(form, entry.id, nr, { signature, who: who.trim(), description: description.trim() }),
    onSuccess: (updated) => {
      toast(last ? formTexts.sent : formTexts.savedShort, 'success');
      onDone(updated, last ? { kind: 'status' } : { kind: 'signature', nr: nr + 1 });
    },
    onError: (failure) => {
      const fields = serverFieldErrors(failure);
      if (fields.length) {
        setErrors(Object.fromEntries(fields.map((e) => [e.field, e.message])));
        focusSummary();
      } else toastError(failure, formTexts.saveFailed);
    },
  });
  // The last signature sends the form: after 'Ja' (spec 5).
  const confirm = useConfirmDialog(() => save.mutate());
  if (entry.signature[String(nr)]?.signed) return <SignedNotice form={form} entry={entry} nr={nr} onDone={onDone} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = drawnSignatureErrors({ signature, who, description }, true);
    setErrors(Object.fromEntries(found.map((e) => [e.field, e.message])));
    if (found.length) {
      toast(formTexts.invalid, 'error');
      focusSummary();
      return;
    }
    if (last) confirm.ask();
    else save.mutate();
  };
  const text = (field: 'who' | 'description', label: string, value: string, set: (v: string) => void, hint?: string) => (
    <FieldSingle field={field} label={label} required error={errors[field]} hint={hint}>
      <input
        id={fieldDomId(field)}
        name={field}
        type="text"
        autoComplete={field === 'who' ? 'name' : 'off'}
        maxLength={FORM_LIMITS.contactFieldMax}
        value={value}
        onChange={(e) => {
          set(e.target.value);
          setErrors(({ [field]: _, ...rest }) => rest);
        }}
        aria-required="true"
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(field, { hint: !!hint, error: errors[field] })}
        className={inputClass(errors[field])}
      />
    </FieldSingle>
  );
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label={formTexts.signatureTitle(nr, signerCount(entry))}>
      <ErrorSummary errors={errorList(errors)} focusKey={focusKey} title={formTexts.invalid} />
      <p className="text-sm text-slate-700">{formTexts.signatureTitle(nr, signerCount(entry))}</p>
      <SignaturePadInput
        field="signature"
        label={formTexts.signature}
        required
        error={errors.signature}
        value={signature}
        onChange={(value) => {
          setSignature(value);
          setErrors(({ signature: _, ...rest }) => rest);
        }}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {text('who', formTexts.who, who, setWho)}
        {text('description', formTexts.description, description, setDescription, formTexts.descriptionHint)}
      </div>
      <Button type="submit" className="self-start" busy={save.isPending}>{last ? formTexts.send : formTexts.saveSignature}</Button>
      {confirm.dialog}
    </form>
  );
}

/**
 * Legal signing: the signing service's page in a frame; whether the signer signed is asked every 5
 * seconds while this step is open (the query stops when the page is left). Once signed the next signer
 * follows, and after the last 'Formulier verzenden'.
 */
function LegalSignature({ form, entry, nr, onDone }: StepProps & { nr: number }) {
  const queryClient = useQueryClient();
  const signedBefore = entry.signature[String(nr)]?.signed === true;
  const url = useQuery({ ...formQueries.signingUrl(form, entry.id, nr), enabled: !signedBefore });
  const signed = useQuery({ ...formQueries.isSigned(form, entry.id, nr), enabled: !signedBefore && !!url.data });
  const last = nr >= signerCount(entry);
  const handled = useRef(false);
  useEffect(() => {
    if (!signed.data || signedBefore || handled.current) return;
    handled.current = true;
    void queryClient.fetchQuery({ ...formQueries.entry(form, entry.id), staleTime: 0 }).then((fresh) => {
      if (!last) onDone(fresh, { kind: 'signature', nr: nr + 1 });
    });
  }, [signed.data, signedBefore, last, nr, form, entry.id, queryClient, onDone]);

  if (signedBefore) return <SignedNotice form={form} entry={entry} nr={nr} onDone={onDone} />;
  return <SigningFrame url={url} signed={!!signed.data} nr={nr} texts={genericSigningTexts} />;
}

const genericSigningTexts = {
  loading: formTexts.signingLoading, failed: formTexts.signingFailed, signed: formTexts.alreadySigned, waiting: formTexts.signingWaiting, frame: formTexts.signingFrame,
};

/**
 * The status: the staff's text, the PDF to download and (where the form allows it) e-mailing it to a
 * list of addresses. Both are open when signing is required and all signed, when no signing is
 * required and the form was finished, or for an administrator (spec 4.4).
 */
export function StatusStep({ form, entry, isAdmin }: { form: GenericForm; entry: TGenericEntry; isAdmin: boolean }) {
  const open = (entry.require_to_sign_form && entry.signatures_completed) || (!entry.require_to_sign_form && entry.status !== 'answered') || isAdmin;
  return (
    <div className="flex flex-col gap-5">
      {entry.status_text ? <SafeHtml html={entry.status_text} /> : <p className="text-slate-800">{formTexts.statusIntro}</p>}
      {!open ? (
        <Banner tone="warning">{formTexts.notCompleteApproved}</Banner>
      ) : (
        <>
          {entry.summary_pdf && <PdfLink href={entry.summary_pdf} mode="download">{formTexts.download}</PdfLink>}
          {entry.allow_form_to_be_emailed && (entry.sent_at
            ? <Banner tone="success" title={formTexts.emailedTitle}><p className="[overflow-wrap:anywhere]">{formTexts.emailedTo(entry.email_to, entry.sent_at)}</p></Banner>
            : <EmailForm form={form} entry={entry} />)}
        </>
      )}
    </div>
  );
}

function EmailForm({ form, entry }: { form: GenericForm; entry: TGenericEntry }) {
  const queryClient = useQueryClient();
  const [list, setList] = useState<string[]>(() => (entry.email_to.length ? entry.email_to : ['']));
  const { error, setError, focusKey, showServerError, showProblem } = useFieldError();
  const field = 'email_address';
  const reload = () => queryClient.invalidateQueries({ queryKey: formKeys.entry(form, entry.id) });
  const send = useMutation({
    mutationFn: () => genericApi.email(form, entry.id, emailListAddresses(list)),
    // E-mailed once: pending until the entry is read again, which shows where it went instead of this form.
    onSuccess: async () => {
      toast(formTexts.sent, 'success');
      await reload();
    },
    onError: (failure) => {
      if (!showServerError(failure)) toastError(failure, formTexts.saveFailed);
      if (failure instanceof ApiError && failure.status === 409) void reload();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (showProblem(emailListError(list) ?? (emailListAddresses(list).length ? null : formTexts.emailMissing), formTexts.invalid)) return;
    send.mutate();
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={formTexts.email}>
      <ErrorSummary errors={error ? [{ field, message: error }] : []} focusKey={focusKey} title={formTexts.invalid} headingLevel={3} />
      <FieldGroup field={field} label={formTexts.email} error={error} hint={entry.email_once ? formTexts.emailIntroOnce : formTexts.emailIntro}>
        <ul className="flex flex-col gap-3">
          {list.map((address, i) => {
            // Red are the positions the message names (or the first, when none was given).
            const wrong = !!error && (address.trim() ? !isFormEmail(address.trim()) : i === 0 && !emailListAddresses(list).length);
            return (
            <li key={i} className="flex flex-wrap items-end gap-2">
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <label htmlFor={fieldDomId(`${field}.${i}`)} className="text-sm font-medium text-slate-800">{entry.email_once ? formTexts.emailAddressOnce : formTexts.emailAddress(i + 1)}</label>
                <input
                  id={fieldDomId(`${field}.${i}`)}
                  // The first carries the field's name: the error summary leads there.
                  name={i === 0 ? field : `${field}.${i}`}
                  type="email"
                  autoComplete="email"
                  maxLength={320}
                  value={address}
                  onChange={(e) => {
                    setList((current) => current.map((a, j) => (j === i ? e.target.value : a)));
                    setError(undefined);
                  }}
                  aria-invalid={wrong || undefined}
                  aria-describedby={describedBy(field, { error })}
                  className={inputClass(wrong ? error : undefined)}
                />
              </div>
              {list.length > 1 && (
                <Button variant="secondary" onClick={() => setList((current) => current.filter((_, j) => j !== i))}>
                  <span aria-hidden="true">✕</span>
                  <span className="sr-only">{formTexts.emailRemove(i + 1)}</span>
                </Button>
              )}
            </li>
            );
          })}
        </ul>
        {list.length < (entry.email_once ? 1 : FORM_LIMITS.emailMax) && (
          <Button variant="secondary" className="self-start" onClick={() => setList((current) => [...current, ''])}>{formTexts.emailAdd}</Button>
        )}
      </FieldGroup>
      <Button type="submit" className="self-start" busy={send.isPending}>{formTexts.emailSend}</Button>
    </form>
  );
}
