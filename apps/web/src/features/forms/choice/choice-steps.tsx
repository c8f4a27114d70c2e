import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { euro } from '../../../lib/money';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  atLeastOneSignature, calculatorCents, choiceEmailError, choiceNamedStepReadOnly, choicePaymentDue, priceCents, choiceNextStep, choiceSignersErrors,
  drawnSignatureErrors, FORM_LIMITS, SIGNING_MOBILE_MAX_LENGTH, signingMobile,
  type ChoiceStep, type TChoiceForm, type TFormValues,
} from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { errorList, serverFieldErrors } from '../../../lib/form-errors';
import { storage } from '../../../lib/storage';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { ErrorSummary, useErrorSummary } from '../../../ui/error-summary';
import { describedBy, fieldDomId, FieldSingle, inputClass } from '../../../ui/question-field';
import { SafeHtml } from '../../../ui/safe-html';
import { Loading } from '../../../ui/states';
import { toast, toastError } from '../../../ui/toaster';
import { useConfirmDialog } from '../components/confirm-dialog';
import { PdfLink } from '../components/pdf-link';
import { SectionForm } from '../components/section-form';
import { SignaturePadInput, SigningFrame, StoredSignature } from '../components/signing-parts';
import { wireValues } from '../values';
import { useConflictReload } from '../hooks/use-conflict-reload';
import { choiceApi, choiceKeys, choiceQueries, type ChoiceTarget } from './api';
import { PayButton, usePayRedirect } from './pay-button';
import { choiceTexts } from './texts';

type StepProps = { target: ChoiceTarget; form: TChoiceForm; onDone: (form: TChoiceForm, to?: ChoiceStep) => void };
type Errors = Record<string, string>;

/** Names the drafts of a choice form: the address (own, or the one staff act for) and the form. */
const draftScope = (target: ChoiceTarget) =>
  target.scope.kind === 'occupant' ? `choice:occupant:${storage.projectId() ?? 0}:${target.scope.formId}` : `choice:partner:${target.scope.addressId}:${target.scope.formId}`;

/** The failed save's field messages into `set` (and the summary focused), or a toast. */
function useFieldErrors() {
  const [errors, setErrors] = useState<Errors>({});
  const { focusKey, focusSummary } = useErrorSummary();
  const show = (found: Array<{ field: string; message: string }>) => {
    setErrors(Object.fromEntries(found.map((e) => [e.field, e.message])));
    if (found.length) {
      toast(choiceTexts.invalid, 'error');
      focusSummary();
    }
    return found.length > 0;
  };
  const fail = (failure: unknown) => {
    const fields = serverFieldErrors(failure);
    if (fields.length) show(fields);
    else toastError(failure, choiceTexts.saveFailed);
  };
  const clear = (field: string) => setErrors(({ [field]: _, ...rest }) => rest);
  return { errors, show, fail, clear, focusKey };
}

function TextField({ field, label, value, onChange, onBlur, error, hint, required, autoComplete = 'off', inputMode, maxLength = FORM_LIMITS.contactFieldMax, type = 'text' }: {
  field: string; label: string; value: string; onChange: (value: string) => void; onBlur?: () => void; error?: string; hint?: string; required?: boolean;
  autoComplete?: string; inputMode?: 'numeric' | 'tel' | 'email'; maxLength?: number; type?: string;
}) {
  return (
    <FieldSingle field={field} label={label} required={required} error={error} hint={hint}>
      <input
        id={fieldDomId(field)}
        name={field}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        maxLength={maxLength}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(field, { hint: !!hint, error })}
        className={inputClass(error)}
      />
    </FieldSingle>
  );
}

/** The running total of extra costs (hidden when prices are disabled). */
function CostsLine({ form, cents, text, pending }: { form: TChoiceForm; cents: number; text: string; pending?: boolean }) {
  if (form.disable_prices) return null;
  return (
    <div className="flex flex-col gap-1 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200" aria-live="polite">
      <p className="text-base font-semibold text-slate-900">{cents > 0 ? choiceTexts.extraCostsTotal(text) : choiceTexts.noExtraCosts}</p>
      {pending && <p className="text-sm text-slate-700">{choiceTexts.extraCostsPending}</p>}
    </div>
  );
}

/**
 * Section n: the engine's one renderer with the choice family's rules and prices; every change asks the
 * server for the total of extra costs (its prices, never the browser's), shown under the section.
 */
export function SectionStep({ target, form, index, onDone }: StepProps & { index: number }) {
  const section = form.form[index]!;
  const hasContact = section.elements.some((e) => e.type === 'c_contactinput');
  const occupants = useQuery({ ...choiceQueries.occupants(target), enabled: hasContact });
  const [total, setTotal] = useState({ cents: form.additional_costs_cents, text: form.additional_costs, pending: false });
  const [values, setValues] = useState<TFormValues | null>(null);
  const save = useConflictReload((v: TFormValues) => choiceApi.saveSection(target, index, v, form.version), choiceKeys.form(target));
  const wire = values ? JSON.stringify(wireValues('choice', section, values)) : null;
  useEffect(() => {
    if (wire === null || form.disable_prices || section.read) return;
    const controller = new AbortController();
    setTotal((t) => ({ ...t, pending: true }));
    const timer = setTimeout(() => {
      choiceApi.total(target, index, JSON.parse(wire) as TFormValues, controller.signal)
        .then((answer) => setTotal({ cents: answer.additional_costs_cents, text: answer.additional_costs, pending: false }))
        .catch(() => setTotal((t) => ({ ...t, pending: false })));
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [wire, target, index, form.disable_prices, section.read]);

  return (
    <div className="flex flex-col gap-5">
      {section.read && <p className="text-sm text-slate-700">{choiceTexts.readOnly}</p>}
      <SectionForm
        family="choice"
        section={section}
        draftScope={draftScope(target)}
        draftSection={String(index)}
        readOnly={section.read}
        occupants={hasContact ? (occupants.data ?? []) : null}
        upload={(elementId, file, onProgress) => choiceApi.upload(target, index, elementId, file, onProgress)}
        save={save}
        onSaved={(updated) => onDone(updated)}
        savedMessage={choiceTexts.saved}
        submitLabel={choiceTexts.saveNext}
        showPrices={!form.disable_prices}
        onValuesChange={setValues}
        actions={section.read ? <Button onClick={() => onDone(form)}>{choiceTexts.next}</Button> : undefined}
      />
      <CostsLine form={form} cents={total.cents} text={total.text} pending={total.pending} />
    </div>
  );
}

/** What was chosen, per section: each question with its answer (and surcharge where prices are shown). */
function ChoiceAnswers({ form }: { form: TChoiceForm }) {
  const price = (p: string | null | undefined) => {
    const cents = form.disable_prices ? null : priceCents(p);
    return cents ? ` (+ ${euro(cents)})` : '';
  };
  const answer = (e: TChoiceForm['form'][number]['elements'][number]): string | null => {
    const options = e.data.options ?? [];
    if (e.checked) return options.filter((_, i) => e.checked![i]).map((o) => `${o.label}${price(o.price)}`).join(', ') || null;
    if (e.type === 'c_choice' || e.type === 'c_select') {
      const chosen = options.find((o) => o.label === e.value);
      return chosen ? `${chosen.label}${price(chosen.price)}` : null;
    }
    if (e.type === 'c_calculatorinput' && typeof e.value === 'number') {
      const unit = form.disable_prices ? null : priceCents(e.data.price_per_unit);
      const amount = `${e.value.toLocaleString('nl-NL')} ${e.data.unit ?? ''}`.trim();
      return unit === null ? amount : `${amount} (${euro(calculatorCents(unit, e.value))})`;
    }
    return e.value === null || e.value === undefined || e.value === '' ? null : String(e.value);
  };
  return (
    <div className="flex flex-col gap-4">
      {form.form.map((section, i) => {
        const rows = section.elements.filter((e) => !['c_title', 'c_addressinput', 'c_signatureinput', 'c_photoinput', 'c_contactinput'].includes(e.type));
        if (!rows.length) return null;
        return (
          <section key={section.id} aria-labelledby={`choice-answers-${i}`} className="flex flex-col gap-2">
            <h3 id={`choice-answers-${i}`} className="text-lg font-semibold text-slate-900">{section.label && section.label !== choiceTexts.questions ? section.label : choiceTexts.choice}</h3>
            <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
              {rows.map((e) => (
                <div key={e.id} className="contents">
                  <dt className="font-medium text-slate-700">{e.data.label}</dt>
                  <dd className="mb-2 text-slate-900 sm:mb-0">{answer(e) ?? choiceTexts.notAnswered}</dd>
                </div>
              ))}
            </dl>
          </section>
        );
      })}
    </div>
  );
}

/**
 * The summary: the staff's text and the total; completing (after 'Ja') locks the form. A resident who
 * pays next goes straight to the checkout ('Naar betaling', spec 4.3): completed, then the payment link.
 */
export function SummaryStep({ target, form, onDone }: StepProps) {
  const queryClient = useQueryClient();
  const payment = usePayRedirect(form.id);
  const complete = useMutation({
    mutationFn: () => choiceApi.complete(target),
    onSuccess: (updated) => {
      toast(choiceTexts.saved, 'success');
      onDone(updated);
    },
    onError: (failure) => toastError(failure, choiceTexts.saveFailed),
  });
  const paysAfter = !form.is_admin && form.c_enable_mollie && form.has_additional_work && !form.require_to_sign_form && form.mollie_enabled;
  const completeThenPay = async () => queryClient.setQueryData(choiceKeys.form(target), await choiceApi.complete(target));
  const confirm = useConfirmDialog(() => (paysAfter ? payment.start(completeThenPay) : complete.mutate()));
  // One send, at the end (Bevestiging): the summary only finishes the choices (after 'Ja', which locks them).
  const label = form.is_admin
    ? (form.require_to_sign_form ? choiceTexts.sign : choiceTexts.complete)
    : (paysAfter ? choiceTexts.toPayment : choiceTexts.finish);
  return (
    <div className="flex flex-col gap-4">
      {form.summary_text ? <SafeHtml html={form.summary_text} /> : <p className="text-slate-800">{form.locked ? choiceTexts.summaryLocked : choiceTexts.summaryIntro}</p>}
      <ChoiceAnswers form={form} />
      <CostsLine form={form} cents={form.additional_costs_cents} text={form.additional_costs} />
      {form.locked ? (
        <>
          {!form.disable_prices && form.has_additional_work && <p className="text-sm text-slate-700">{choiceTexts.extraCostsFixed}</p>}
          {form.download_url && <PdfLink href={form.download_url} mode="download">{choiceTexts.download}</PdfLink>}
          {!form.is_admin && choicePaymentDue(form) && form.mollie_enabled
            ? <PayButton formId={form.id} />
            : <Button className="self-start" onClick={() => onDone(form)}>{form.is_admin ? choiceTexts.next : choiceTexts.viewStatus}</Button>}
        </>
      ) : payment.leaving ? (
        <Loading label={choiceTexts.payRedirecting} />
      ) : (
        <Button className="self-start" busy={complete.isPending || payment.pending} onClick={confirm.ask}>{label}</Button>
      )}
      {confirm.dialog}
    </div>
  );
}

/** How many sign (at least 1); with legal signing a name per signer, with SMS a mobile number per signer. */
export function SignersStep({ target, form, onDone }: StepProps) {
  const legal = form.require_to_sign_form_legally;
  const sms = form.use_sms_authentication_for_signing;
  const fixed = form.sign_requested || Object.values(form.signature).some((s) => s.signed) || choiceNamedStepReadOnly(form, 'nr-of-signatures');
  const [count, setCount] = useState(String(form.nr_of_signatures ?? 1));
  const [names, setNames] = useState<string[]>(form.names);
  const [mobiles, setMobiles] = useState<string[]>(form.mobile_numbers);
  const { errors, show, fail, clear, focusKey } = useFieldErrors();
  const n = Math.min(Number(count) || 0, FORM_LIMITS.maxSignatures);
  const save = useMutation({
    mutationFn: (total: string) => {
      const k = Number(total);
      return choiceApi.signers(target, { nr_of_signatures: k, names: names.slice(0, k).map((s) => s.trim()), mobile_numbers: mobiles.slice(0, k).map((s) => signingMobile(s) ?? s.trim()) });
    },
    onSuccess: (updated) => {
      toast(choiceTexts.saved, 'success');
      onDone(updated, { kind: 'signature', nr: 1 });
    },
    onError: fail,
  });
  if (fixed) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-slate-800">{choiceTexts.signaturesFixed(form.nr_of_signatures ?? 1)}</p>
        <Button className="self-start" onClick={() => onDone(form, { kind: 'signature', nr: 1 })}>{choiceTexts.next}</Button>
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Below 1 becomes 1 (spec 5), also when sent without leaving the field.
    const n = atLeastOneSignature(count);
    setCount(n);
    if (show(choiceSignersErrors({ nr_of_signatures: n, names, mobile_numbers: mobiles }, { legal, sms: legal && sms }))) return;
    save.mutate(n);
  };
  const set = (list: string[], i: number, value: string) => Object.assign([...list], { [i]: value });
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label={choiceTexts.nrOfSignatures}>
      <ErrorSummary errors={errorList(errors)} focusKey={focusKey} title={choiceTexts.invalid} />
      <p className="text-slate-800">{choiceTexts.signersIntro}</p>
      <div className="w-28">
        <TextField
          field="nr_of_signatures"
          label={choiceTexts.nrOfSignatures}
          required
          inputMode="numeric"
          maxLength={2}
          value={count}
          error={errors.nr_of_signatures}
          onChange={(v) => {
            setCount(v.replace(/\D/g, ''));
            clear('nr_of_signatures');
          }}
          onBlur={() => setCount(atLeastOneSignature)}
        />
      </div>
      {legal && n > 0 && (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {Array.from({ length: n }, (_, i) => (
            <div key={i} className="flex flex-col gap-3">
              <TextField field={`names.${i}`} label={choiceTexts.signerName(i + 1)} hint={choiceTexts.signerNameHint} required autoComplete="name" value={names[i] ?? ''} error={errors[`names.${i}`]}
                onChange={(v) => { setNames((c) => set(c, i, v)); clear(`names.${i}`); }} />
              {sms && (
                <TextField field={`mobile_numbers.${i}`} label={choiceTexts.signerMobile(i + 1)} hint={choiceTexts.signerMobileHint} required type="tel" inputMode="tel" autoComplete="tel" maxLength={SIGNING_MOBILE_MAX_LENGTH}
                  value={mobiles[i] ?? ''} error={errors[`mobile_numbers.${i}`]} onChange={(v) => { setMobiles((c) => set(c, i, v)); clear(`mobile_numbers.${i}`); }}
                  onBlur={() => setMobiles((c) => set(c, i, signingMobile(c[i]) ?? c[i] ?? ''))} />
              )}
            </div>
          ))}
        </div>
      )}
      <Button type="submit" className="self-start" busy={save.isPending}>{choiceTexts.saveNext}</Button>
    </form>
  );
}

/** Signature nr: drawn on the signature pad ('Wijzigen' clears it), or through the signing service in a frame. */
export function SignatureStep(props: StepProps & { nr: number }) {
  const { form, nr, onDone } = props;
  const signer = form.signature[String(nr)];
  if (signer?.signed) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-slate-800">{choiceTexts.signed}</p>
        <StoredSignature signer={signer} alt={choiceTexts.signatureOf} signedBy={choiceTexts.signedBy} />
        <Button className="self-start" onClick={() => onDone(form, choiceNextStep(form, { kind: 'signature', nr }))}>{choiceTexts.next}</Button>
      </div>
    );
  }
  return form.require_to_sign_form_legally ? <LegalSignature {...props} /> : <DrawnSignature {...props} />;
}

function DrawnSignature({ target, form, nr, onDone }: StepProps & { nr: number }) {
  const [signature, setSignature] = useState<string | null>(null);
  const [who, setWho] = useState(form.signature[String(nr)]?.who ?? '');
  const { errors, show, fail, clear, focusKey } = useFieldErrors();
  const save = useMutation({
    mutationFn: () => choiceApi.signature(target, nr, { signature, who: who.trim() }),
    onSuccess: (updated) => {
      toast(choiceTexts.saved, 'success');
      onDone(updated);
    },
    onError: fail,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (show(drawnSignatureErrors({ signature, who }, false))) return;
    save.mutate();
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label={choiceTexts.signature(nr)}>
      <ErrorSummary errors={errorList(errors)} focusKey={focusKey} title={choiceTexts.invalid} />
      <SignaturePadInput
        field="signature"
        label={choiceTexts.signatureLabel}
        required
        error={errors.signature}
        value={signature}
        onChange={(value) => {
          setSignature(value);
          clear('signature');
        }}
      />
      <div className="sm:max-w-md">
        <TextField field="who" label={choiceTexts.who} required autoComplete="name" value={who} error={errors.who} onChange={(v) => { setWho(v); clear('who'); }} />
      </div>
      <Button type="submit" className="self-start" busy={save.isPending}>{choiceTexts.sign}</Button>
    </form>
  );
}

/** Legal signing: the signing page in a frame; is-signed is asked every 5 seconds, then the flow moves on. */
function LegalSignature({ target, nr, onDone }: StepProps & { nr: number }) {
  const queryClient = useQueryClient();
  const url = useQuery(choiceQueries.signingUrl(target, nr));
  const signed = useQuery({ ...choiceQueries.isSigned(target, nr), enabled: !!url.data });
  const handled = useRef(false);
  useEffect(() => {
    if (!signed.data || handled.current) return;
    handled.current = true;
    void queryClient.fetchQuery({ ...choiceQueries.form(target), staleTime: 0 }).then((fresh) => onDone(fresh, choiceNextStep(fresh, { kind: 'signature', nr })));
  }, [signed.data, nr, target, queryClient, onDone]);
  return <SigningFrame url={url} signed={!!signed.data} nr={nr} texts={choiceSigningTexts} />;
}

const choiceSigningTexts = {
  loading: choiceTexts.signingLoading, failed: choiceTexts.signingFailed, signed: choiceTexts.signed, waiting: choiceTexts.signingWaiting, frame: choiceTexts.signingFrame,
};

/**
 * Betalen: the payer goes to the provider's checkout ('Naar betaling': a new payment of the amount fixed
 * on the server, or the open one) and comes back here; the page then asks the server, which asks the
 * provider. With a completed payment the confirmation follows, otherwise 'Deze stap is nog niet
 * afgerond'. Staff acting for the address may go on unpaid (spec 6): the step tells them what is open.
 */
export function PayStep({ form, onDone }: StepProps) {
  const toStatus = () => {
    if (form.paid || form.is_admin || form.total_not_paid_cents === 0) onDone(form, { kind: 'status' });
    else toast(choiceTexts.stepNotDone, 'error');
  };
  const failed = ['failed', 'canceled', 'expired'].includes(form.payment_status ?? '');
  return (
    <div className="flex flex-col gap-4">
      <CostsLine form={form} cents={form.additional_costs_cents} text={form.additional_costs} />
      {form.paid ? (
        <Banner tone="success">{form.paid_at ? `${choiceTexts.paid} ${choiceTexts.paidOn(form.paid_at)}` : choiceTexts.paid}</Banner>
      ) : form.is_admin ? (
        <Banner tone="warning" title={choiceTexts.notPaidYet(form.total_not_paid)}>{choiceTexts.payAdmin}</Banner>
      ) : (
        <>
          <p className="text-slate-800">{choiceTexts.payIntro(form.total_not_paid)}</p>
          {form.payment_status && !failed && <p className="text-sm text-slate-700" role="status">{choiceTexts.payOpen}</p>}
          {failed && <Banner tone="warning">{choiceTexts.payFailed}</Banner>}
          {/* Online payment off (no payment provider configured): said here, no button that can only fail. */}
          {form.mollie_enabled ? <PayButton formId={form.id} /> : <Banner tone="warning">{choiceTexts.paymentUnavailable}</Banner>}
        </>
      )}
      <Button variant={form.paid || form.is_admin ? 'primary' : 'secondary'} className="self-start" onClick={toStatus}>{choiceTexts.viewStatus}</Button>
    </div>
  );
}

/** What was sent, once sent: what and when to whom, where the copy went and the comment. */
function SentSummary({ form }: { form: TChoiceForm }) {
  return (
    <Banner tone="success" title={choiceTexts.sentTitle}>
      <p>{choiceTexts.sentWhat(form.address.full_address, form.project_name, form.sent_at ?? '')}</p>
      {!form.disable_prices && form.has_additional_work && (
        <p>{form.paid ? choiceTexts.sentPaid(form.additional_costs, form.paid_at) : choiceTexts.sentUnpaid(form.total_not_paid)}</p>
      )}
      <p className="[overflow-wrap:anywhere]">{form.email_address ? choiceTexts.sentCopyTo(form.email_address) : choiceTexts.sentNoCopy}</p>
      {form.comment && <p className="[overflow-wrap:anywhere]">{`${choiceTexts.comment}: ${form.comment}`}</p>}
    </Banner>
  );
}

/**
 * Bevestiging: the staff's text and the one send ('Formulier verzenden') with an e-mail address and a
 * comment, after 'Ja' (spec 5). Sent once: then the page says what was sent to whom and offers the PDF.
 */
export function StatusStep({ target, form }: StepProps) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState(form.email_address ?? '');
  const [comment, setComment] = useState(form.comment ?? '');
  const { errors, show, fail, clear, focusKey } = useFieldErrors();
  const reload = () => queryClient.invalidateQueries({ queryKey: choiceKeys.form(target) });
  const send = useMutation({
    mutationFn: () => choiceApi.send(target, { email_address: email.trim(), comment: comment.trim() }),
    // Pending until the form is read again: it comes back sent, without the button.
    onSuccess: async () => {
      toast(choiceTexts.sent, 'success');
      await reload();
    },
    onError: (failure) => {
      fail(failure);
      // Sent in another tab (or by staff) in between: show what was sent.
      if (failure instanceof ApiError && failure.status === 409) void reload();
    },
  });
  const confirm = useConfirmDialog(() => send.mutate());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = choiceEmailError(email);
    if (show(problem ? [{ field: 'email_address', message: problem }] : [])) return;
    confirm.ask();
  };
  const unpaid = !form.paid && form.total_not_paid_cents > 0;
  return (
    <div className="flex flex-col gap-5">
      {form.status_text ? <SafeHtml html={form.status_text} /> : <p className="text-slate-800">{choiceTexts.confirmationIntro}</p>}
      {!form.sent_at && !form.disable_prices && form.has_additional_work && (
        <p className="text-slate-800">{`${choiceTexts.extraCostsTotal(form.additional_costs)}${form.paid ? ` (${choiceTexts.paidShort})` : unpaid ? ` (${choiceTexts.unpaid})` : ''}`}</p>
      )}
      {form.sent_at && <SentSummary form={form} />}
      {/* The PDF of the choices: for whoever sent it (the resident who paid as much as staff); an administrator also before (spec 6). */}
      {(form.sent_at || form.is_admin) && form.download_url && <PdfLink href={form.download_url} mode="download">{choiceTexts.download}</PdfLink>}
      {form.sent_at ? null : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={choiceTexts.send}>
          <ErrorSummary errors={errorList(errors)} focusKey={focusKey} title={choiceTexts.invalid} headingLevel={3} />
          <p className="text-sm text-slate-700">{choiceTexts.sendIntro}</p>
          <div className="sm:max-w-md">
            <TextField field="email_address" label={choiceTexts.email} type="email" autoComplete="email" inputMode="email" maxLength={320} value={email} error={errors.email_address}
              onChange={(v) => { setEmail(v); clear('email_address'); }} />
          </div>
          <FieldSingle field="comment" label={choiceTexts.comment}>
            <textarea id={fieldDomId('comment')} name="comment" rows={4} maxLength={2000} value={comment} onChange={(e) => setComment(e.target.value)} className={inputClass()} />
          </FieldSingle>
          <Button type="submit" className="self-start" busy={send.isPending}>{choiceTexts.send}</Button>
        </form>
      )}
      {confirm.dialog}
    </div>
  );
}
