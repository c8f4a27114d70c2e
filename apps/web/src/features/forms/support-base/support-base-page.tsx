import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import {
  atLeastOneSignature, FORM_LIMITS, nrOfSignaturesError, SIGNING_MOBILE_MAX_LENGTH, signerNameErrors, signingMobile, supportBaseEmailError,
  supportBaseMessages, supportBaseMobileError, supportBaseTexts,
  type TSupportBaseForm,
} from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { errorList } from '../../../lib/form-errors';
import { Banner } from '../../../ui/banner';
import { BackLink, Button, ButtonLink } from '../../../ui/button';
import { ErrorSummary } from '../../../ui/error-summary';
import { Card, Page } from '../../../ui/page';
import { describedBy, fieldDomId, FieldSingle, inputClass } from '../../../ui/question-field';
import { SafeHtml } from '../../../ui/safe-html';
import { ErrorState, Loading } from '../../../ui/states';
import { SigningFrame } from '../components/signing-parts';
import { toast, toastError } from '../../../ui/toaster';
import { useConfirmDialog } from '../components/confirm-dialog';
import { PdfLink } from '../components/pdf-link';
import { SignerNameFields } from '../components/signer-names';
import { SectionForm } from '../components/section-form';
import { StepsLayout } from '../components/steps-nav';
import { useFieldError } from '../hooks/use-field-error';
import { useFieldErrors } from '../hooks/use-field-errors';
import { useConflictReload } from '../hooks/use-conflict-reload';
import { formTexts } from '../texts';
import { supportBaseApi, supportBaseKeys, supportBaseQueries, type SupportBaseScope } from './api';
import {
  attachmentsDone, blockedMessage, isFinished, keyOf, mobilesDone, nextStep, parseSupportBaseStep, resumeStep, sidebarSteps, stepEnabled, supportBasePage,
  type LocalProgress, type SupportBaseStep,
} from './steps';
import { openedAttachments } from '../../../lib/form-drafts';

type Props = { scope: SupportBaseScope; section: string | undefined; nr: string | undefined };
type StepProps = {
  scope: SupportBaseScope; form: TSupportBaseForm; step: SupportBaseStep; advance: (updated: TSupportBaseForm, to?: SupportBaseStep) => void;
  /** The attachments opened in this browser (Bijlages is done once all are). */
  local: LocalProgress; markOpened: (name: string) => void;
};

const FORMS_LIST = '/formulieren';

/**
 * Names the drafts of one address's support-base form. A letter's holder: by the first characters of the
 * link's token, never the whole token (a credential of the address, which must not outlive the tab in
 * localStorage).
 */
const draftScopeOf = (scope: SupportBaseScope) => (scope.kind === 'occupant' ? `support-base:occupant:${scope.formId}` : `support-base:public:${scope.formId}:${scope.token.slice(0, 8).toUpperCase()}`);

function stepTitle(form: TSupportBaseForm, step: SupportBaseStep): string {
  switch (step.kind) {
    case 'section':
      return step.index === 0 ? supportBaseTexts.agreement : form.form[step.index]?.label || `Onderdeel ${step.index + 1}`;
    case 'bijlages':
      return supportBaseTexts.attachments;
    case 'document':
      return supportBaseTexts.document;
    case 'aantal_handtekeningen':
      return supportBaseTexts.nrOfSignatures;
    case 'mobiel_nummer':
      return (form.nr_of_signatures ?? 1) > 1 ? `${supportBaseTexts.mobile} ${supportBaseTexts.signer(step.nr).toLowerCase()}` : supportBaseTexts.mobile;
    case 'ondertekenen': {
      const name = form.signers.find((s) => s.nr === step.nr)?.name;
      if (name) return `${supportBaseTexts.sign}: ${name}`;
      return (form.nr_of_signatures ?? 1) > 1 ? `${supportBaseTexts.sign}: ${supportBaseTexts.signer(step.nr).toLowerCase()}` : supportBaseTexts.sign;
    }
    case 'afronden':
      return supportBaseTexts.finish;
    case 'afgerond':
      return supportBaseTexts.finished;
  }
}

/**
 * The support-base wizard (draagvlak, spec 2.3, 4.1): the form's sections (0 = Akkoordverklaring), the
 * attachments, the document to check, the number of signers, their mobile numbers (SMS verification),
 * signing in a frame and finishing. The sidebar ticks what is done and keeps later steps closed until
 * the earlier ones are; the server decides what is done.
 */
export function SupportBaseScreen({ scope, section, nr }: Props) {
  const query = useQuery(supportBaseQueries.form(scope));
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const isPublic = scope.kind === 'public';
  const step = parseSupportBaseStep(section, nr);
  const [opened, setOpened] = useState(() => openedAttachments.get(draftScopeOf(scope)));
  const local = useMemo<LocalProgress>(() => ({ openedAttachments: opened }), [opened]);
  const markOpened = (name: string) => setOpened(openedAttachments.add(draftScopeOf(scope), name));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepKey = `${section ?? ''}/${nr ?? ''}`;
  // A new step takes focus at its heading, so that its name is heard; not on arrival (nor the redirect to where one left off).
  const previous = useRef(stepKey);
  useEffect(() => {
    if (stepKey !== previous.current && !previous.current.startsWith('/')) headingRef.current?.focus();
    previous.current = stepKey;
  }, [stepKey]);

  const back = isPublic ? null : <BackLink to={FORMS_LIST}>{formTexts.backToForms}</BackLink>;
  const frame = (title: string, body: ReactNode) => <Page title={title} actions={back}>{body}</Page>;
  if (query.isPending) return frame(formTexts.formTitle, <Loading />);
  if (query.isError) {
    return frame(formTexts.formTitle, query.error instanceof ApiError && query.error.status === 404
      ? <Banner tone="warning">{supportBaseMessages.notFound}</Banner>
      : <ErrorState error={query.error} retry={() => void query.refetch()} />);
  }
  const form = query.data;
  const page = (s?: SupportBaseStep) => supportBasePage(isPublic, form.id, s);
  if (!step) {
    if (section === undefined) return <Redirect to={page(resumeStep(form, local))} replace />;
    return frame(form.name, <Banner tone="warning">{supportBaseMessages.notFound}</Banner>);
  }
  // Finished (signed, confirmed or on paper): the flow is hidden (spec 4.1). Only a finished form is afgerond.
  if (isFinished(form) && step.kind !== 'afgerond') return <Redirect to={page({ kind: 'afgerond' })} replace />;
  if (!isFinished(form) && step.kind === 'afgerond') return <Redirect to={page(resumeStep(form, local))} replace />;

  const advance = (updated: TSupportBaseForm, to?: SupportBaseStep) => {
    queryClient.setQueryData(supportBaseKeys.form(scope), updated);
    navigate(page(to ?? nextStep(updated, step, local)));
  };
  const items = sidebarSteps(form, local).map((s) => ({
    key: s.key, label: s.label, href: page(s.step), done: s.done, enabled: stepEnabled(form, s.key, local), current: s.key === keyOf(step),
  }));
  const known = step.kind === 'afgerond' || items.some((i) => i.key === keyOf(step));
  const open = step.kind === 'afgerond' || stepEnabled(form, keyOf(step), local);
  const props = { scope, form, step, advance, local, markOpened };

  return (
    <Page title={form.name} actions={back}>
      <div className="flex flex-col gap-4">
        {form.description && step.kind === 'section' && step.index === 0 && <SafeHtml html={form.description} />}
        {step.kind === 'afgerond' ? (
          <Card className="flex flex-col gap-4">
            <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold text-slate-900 focus:outline-none">{supportBaseTexts.finished}</h2>
            <FinishedStep form={form} isPublic={isPublic} />
            {/* Signed, not yet finished: an e-mail address for the confirmation and a comment ('Afronden'). */}
            {form.status !== 'confirmed' && !form.on_paper && <FinishStep {...props} />}
          </Card>
        ) : (
          <StepsLayout items={items}>
            <Card className="flex flex-col gap-5">
              <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold text-slate-900 focus:outline-none">{stepTitle(form, step)}</h2>
              {!known ? (
                <Banner tone="warning">{supportBaseMessages.notFound}</Banner>
              ) : !open ? (
                <Banner tone="warning">{blockedMessage(form, step)}</Banner>
              ) : (
                <StepContent {...props} />
              )}
            </Card>
          </StepsLayout>
        )}
      </div>
    </Page>
  );
}

function StepContent(props: StepProps): ReactNode {
  const { step } = props;
  switch (step.kind) {
    case 'section':
      return <SectionStep {...props} index={step.index} />;
    case 'bijlages':
      return <AttachmentsStep {...props} />;
    case 'document':
      return <DocumentStep {...props} />;
    case 'aantal_handtekeningen':
      return <NrOfSignaturesStep {...props} />;
    case 'mobiel_nummer':
      return <MobileStep key={step.nr} {...props} nr={step.nr} />;
    case 'ondertekenen':
      return <SignStep key={step.nr} {...props} nr={step.nr} />;
    case 'afronden':
      return <FinishStep {...props} />;
    case 'afgerond':
      return null;
  }
}

/** 'Volgende' for a step that is done or read-only; blocked with 'Deze stap is nog niet afgerond' otherwise. */
function NextButton({ form, advance, done = true, notDone = supportBaseMessages.stepNotDone }: Pick<StepProps, 'form' | 'advance'> & { done?: boolean; notDone?: string }) {
  return (
    <Button className="self-start" onClick={() => (done ? advance(form) : toast(notDone, 'error'))}>
      {supportBaseTexts.next}
    </Button>
  );
}

function SectionStep({ scope, form, index, advance }: StepProps & { index: number }) {
  const section = form.form[index];
  const hasContact = !!section?.elements.some((e) => e.type === 'sb_contactinput');
  const occupants = useQuery({ ...supportBaseQueries.occupants(scope), enabled: hasContact });
  const save = useConflictReload((values: Parameters<typeof supportBaseApi.saveSection>[2]) => supportBaseApi.saveSection(scope, index, values, form.version), supportBaseKeys.form(scope));
  if (!section) return <Banner tone="warning">{supportBaseMessages.notFound}</Banner>;
  const draftScope = draftScopeOf(scope);
  return (
    <>
      {!form.editable && <Banner tone="info">{supportBaseMessages.readOnly}</Banner>}
      <SectionForm
        key={`${draftScope}:${index}:${form.editable}`}
        family="support-base"
        section={section}
        draftScope={draftScope}
        draftSection={String(index)}
        readOnly={!form.editable}
        occupants={hasContact ? (occupants.data ?? []) : null}
        upload={() => Promise.reject(new Error('Foto’s horen niet bij dit formulier'))}
        save={save}
        onSaved={(updated) => advance(updated)}
        submitLabel={supportBaseTexts.saveNext}
        actions={!form.editable ? <NextButton form={form} advance={advance} done={section.nr_of_required_fields_filled_in >= section.nr_of_required_fields} /> : undefined}
      />
    </>
  );
}

/** The attachments, each marked once opened here; 'Volgende' once all are (or the form went further). */
function AttachmentsStep({ form, advance, local, markOpened }: StepProps) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-800">{formTexts.attachmentsIntro}</p>
      <ul className="flex flex-col gap-2">
        {form.attachments.map((a) => (
          <li key={a.file_url} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <PdfLink href={a.file_url} onOpen={() => markOpened(a.name)}>{a.name}</PdfLink>
            {local.openedAttachments.includes(a.name) && <span className="text-sm font-medium text-green-800">{formTexts.attachmentOpened}</span>}
          </li>
        ))}
      </ul>
      <NextButton form={form} advance={advance} done={attachmentsDone(form, local)} notDone={formTexts.attachmentsNotOpened} />
    </div>
  );
}

/** The document of the answers: opening it (the server sees the download) is the check. */
function DocumentStep({ scope, form, advance, step }: StepProps) {
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const refresh = () => queryClient.fetchQuery({ ...supportBaseQueries.form(scope), staleTime: 0 });
  const next = async () => {
    setChecking(true);
    try {
      const fresh = await refresh();
      if (fresh.document_checked) advance(fresh, nextStep(fresh, step));
      else toast(supportBaseMessages.stepNotDone, 'error');
    } catch (error) {
      toastError(error, formTexts.saveFailed);
    } finally {
      setChecking(false);
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-800">Open het document met uw antwoorden en controleer het. Daarna kunt u verder met ondertekenen.</p>
      {form.document_url ? (
        <PdfLink href={form.document_url} onOpen={() => window.setTimeout(() => void refresh(), 1500)}>{supportBaseTexts.openDocument}</PdfLink>
      ) : (
        <Banner tone="warning">{supportBaseMessages.signFirst}</Banner>
      )}
      {form.document_checked && <p className="text-sm text-green-800" role="status">Het document is gecontroleerd.</p>}
      <Button className="self-start" busy={checking} onClick={() => void next()}>{supportBaseTexts.next}</Button>
    </div>
  );
}

/** How many name fields a typed count shows (none for an empty or invalid count, at most the maximum). */
const signerCount = (count: string) => Math.min(Number(count) || 0, FORM_LIMITS.maxSignatures);

/** How many sign, and each signer's name (required: the signed document and the receipt name who signed). */
function NrOfSignaturesStep({ scope, form, advance }: StepProps) {
  const [count, setCount] = useState(String(form.nr_of_signatures ?? 1));
  const [names, setNames] = useState<string[]>(() => form.signers.map((s) => s.name ?? ''));
  const { errors, show, showServerError, clear, focusKey } = useFieldErrors();
  const n = signerCount(count);
  const save = useMutation({
    mutationFn: (value: number) => supportBaseApi.nrOfSignatures(scope, value, names.slice(0, signerCount(String(value))).map((s) => s.trim())),
    onSuccess: (updated) => {
      toast(supportBaseMessages.nrSaved, 'success');
      advance(updated);
    },
    onError: (failure) => {
      showServerError(failure);
      toastError(failure, supportBaseMessages.nrNotSaved, { useServerMessage: false });
    },
  });
  const field = 'nr_of_signatures';
  if (!form.editable) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-slate-800">{`${supportBaseTexts.nrOfSignatures}: ${form.nr_of_signatures ?? 1}`}</p>
        {form.signers.some((s) => s.name) && (
          <ul className="flex flex-col gap-1 text-slate-800">
            {form.signers.map((s) => <li key={s.nr}>{`${supportBaseTexts.signerName(s.nr)}: ${s.name ?? '-'}`}</li>)}
          </ul>
        )}
        <NextButton form={form} advance={advance} />
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Below 1 becomes 1 (spec 5), also when sent without leaving the field.
    const fixed = atLeastOneSignature(count);
    setCount(fixed);
    const problem = nrOfSignaturesError(fixed);
    if (show(problem ? [{ field, message: problem }] : signerNameErrors(names, signerCount(fixed)))) {
      toast(problem ? supportBaseMessages.nrNotSaved : supportBaseMessages.invalid, 'error');
      return;
    }
    save.mutate(Number(fixed));
  };
  const error = errors[field];
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label={supportBaseTexts.nrOfSignatures}>
      <ErrorSummary errors={errorList(errors)} focusKey={focusKey} title={supportBaseMessages.invalid} />
      <FieldSingle field={field} label="Hoeveel personen ondertekenen het formulier?" required error={error} hint="Iedere ondertekenaar zet zelf een handtekening.">
        <input
          id={fieldDomId(field)} name={field} type="text" inputMode="numeric" autoComplete="off" maxLength={2} value={count}
          onChange={(e) => {
            setCount(e.target.value.replace(/\D/g, ''));
            clear(field);
          }}
          onBlur={() => setCount(atLeastOneSignature)}
          aria-required="true" aria-invalid={error ? true : undefined} aria-describedby={describedBy(field, { hint: true, error })}
          className={`${inputClass(error)} w-24`}
        />
      </FieldSingle>
      <SignerNameFields
        count={n} names={names} errors={errors} required label={supportBaseTexts.signerName} hint={supportBaseTexts.signerNameHint}
        onChange={(i, value) => {
          setNames((current) => Object.assign([...current], { [i]: value }));
          clear(`names.${i}`);
        }}
      />
      <Button type="submit" className="self-start" busy={save.isPending}>{supportBaseTexts.saveNext}</Button>
    </form>
  );
}

function MobileStep({ scope, form, advance, step, nr }: StepProps & { nr: number }) {
  const [mobile, setMobile] = useState(form.mobile[String(nr)] ?? '');
  const { error, setError, focusKey, showServerError, showProblem } = useFieldError();
  const save = useMutation({
    mutationFn: (value: string) => supportBaseApi.mobile(scope, nr, value),
    onSuccess: (updated) => {
      toast(supportBaseMessages.mobileSaved, 'success');
      advance(updated);
    },
    onError: (failure) => {
      showServerError(failure);
      toastError(failure, supportBaseMessages.mobileNotSaved, { useServerMessage: false });
    },
  });
  if (nr > (form.nr_of_signatures ?? 1)) return <Banner tone="warning">{supportBaseMessages.stepNotDone}</Banner>;
  const field = 'mobile';
  if (!form.editable) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-slate-800">{`${supportBaseTexts.mobile}: ${form.mobile[String(nr)] ?? '-'}`}</p>
        <NextButton form={form} advance={advance} done={mobilesDone(form) || nr < (form.nr_of_signatures ?? 1)} />
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (showProblem(supportBaseMobileError(nr, mobile), supportBaseMessages.mobileNotSaved)) return;
    save.mutate(signingMobile(mobile) ?? mobile.trim());
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label={stepTitle(form, step)}>
      <ErrorSummary errors={error ? [{ field, message: error }] : []} focusKey={focusKey} title={supportBaseMessages.invalid} />
      <FieldSingle
        field={field}
        label={(form.nr_of_signatures ?? 1) > 1 ? `Mobiel nummer van ondertekenaar ${nr}` : 'Uw mobiele nummer'}
        required
        error={error}
        hint="U ontvangt op dit nummer een sms-code om te ondertekenen. Bijvoorbeeld: 0612345678."
      >
        <input
          // Typed or pasted as people write it ('06 1234 5678', '+31 6 12345678'): kept whole, shown as 0612345678 once it is one.
          id={fieldDomId(field)} name={field} type="tel" inputMode="tel" autoComplete="tel" maxLength={SIGNING_MOBILE_MAX_LENGTH} value={mobile}
          onChange={(e) => {
            setMobile(e.target.value);
            setError(undefined);
          }}
          onBlur={() => setMobile((current) => signingMobile(current) ?? current)}
          aria-required="true" aria-invalid={error ? true : undefined} aria-describedby={describedBy(field, { hint: true, error })}
          className={`${inputClass(error)} max-w-xs`}
        />
      </FieldSingle>
      <Button type="submit" className="self-start" busy={save.isPending}>{supportBaseTexts.saveNext}</Button>
    </form>
  );
}

/** Signer nr signs in the signing service's page in a frame; is-signed is polled every 4 seconds while this page is shown. */
function SignStep({ scope, form, advance, step, nr }: StepProps & { nr: number }) {
  const queryClient = useQueryClient();
  const signedBefore = form.signed || form.signers.find((s) => s.nr === nr)?.signed === true;
  const ready = form.completed && form.document_checked;
  const url = useQuery({ ...supportBaseQueries.signUrl(scope, nr), enabled: ready && !signedBefore });
  const signed = useQuery({ ...supportBaseQueries.isSigned(scope, nr), enabled: ready && !signedBefore && !!url.data });
  const handled = useRef(false);
  useEffect(() => {
    if (!signed.data || signedBefore || handled.current) return;
    handled.current = true;
    void queryClient.fetchQuery({ ...supportBaseQueries.form(scope), staleTime: 0 }).then((fresh) => advance(fresh, nextStep(fresh, step)));
  }, [signed.data, signedBefore, queryClient, scope, advance, step]);

  if (!ready) return <Banner tone="warning">{supportBaseMessages.signFirst}</Banner>;
  if (nr > (form.nr_of_signatures ?? 1)) return <Banner tone="warning">{supportBaseMessages.stepNotDone}</Banner>;
  if (signedBefore) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-slate-800" role="status">{supportBaseMessages.alreadySigned}</p>
        <NextButton form={form} advance={advance} />
      </div>
    );
  }
  // the server's own words when it refused the signing request
  if (url.isError && url.error instanceof ApiError) return <Banner tone="error">{url.error.message}</Banner>;
  return (
    <SigningFrame url={url} signed={!!signed.data} nr={nr} texts={{
      loading: supportBaseMessages.signLoading, failed: formTexts.signingFailed, signed: supportBaseMessages.alreadySigned,
      waiting: formTexts.signingWaiting, frame: formTexts.signingFrame,
    }} />
  );
}

/** E-mail address and comment, then 'Afronden' (after 'Ja'): confirmed goes to the forms overview. */
function FinishStep({ scope, form }: StepProps) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [email, setEmail] = useState(form.email_address ?? '');
  const [comment, setComment] = useState(form.comment ?? '');
  const { error, setError, focusKey, showServerError, showProblem } = useFieldError();
  const send = useMutation({
    mutationFn: () => supportBaseApi.send(scope, { email_address: email.trim(), comment: comment.trim() }),
    onSuccess: (updated) => {
      queryClient.setQueryData(supportBaseKeys.form(scope), updated);
      void queryClient.invalidateQueries({ queryKey: ['forms'] });
      if (updated.status !== 'confirmed') {
        toast(supportBaseMessages.stepNotDone, 'error');
        return;
      }
      toast(supportBaseMessages.sent, 'success');
      navigate(scope.kind === 'occupant' ? FORMS_LIST : supportBasePage(true, form.id, { kind: 'afgerond' }));
    },
    onError: (failure) => {
      showServerError(failure);
      toastError(failure, supportBaseMessages.stepNotDone);
    },
  });
  const confirm = useConfirmDialog(() => send.mutate());
  if (!form.signed) return <Banner tone="warning">{supportBaseMessages.notSigned}</Banner>;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (showProblem(supportBaseEmailError(email))) return;
    confirm.ask();
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label={supportBaseTexts.finish}>
      <p className="text-slate-800">Wij hebben het ondertekende formulier ontvangen. Wilt u een bevestiging met het document per e-mail, vul dan uw e-mailadres in. Een opmerking kunt u hier ook kwijt. Klik daarna op Afronden.</p>
      <ErrorSummary errors={error ? [{ field: 'email_address', message: error }] : []} focusKey={focusKey} title={supportBaseMessages.invalid} />
      <FieldSingle field="email_address" label="E-mailadres" error={error}>
        <input
          id={fieldDomId('email_address')} name="email_address" type="email" autoComplete="email" maxLength={320} value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(undefined);
          }}
          aria-invalid={error ? true : undefined} aria-describedby={describedBy('email_address', { error })} className={inputClass(error)}
        />
      </FieldSingle>
      <FieldSingle field="comment" label="Opmerking">
        <textarea
          id={fieldDomId('comment')} name="comment" rows={FORM_LIMITS.textareaRows} maxLength={2000} value={comment}
          onChange={(e) => setComment(e.target.value)} className={inputClass()}
        />
      </FieldSingle>
      <Button type="submit" className="self-start" busy={send.isPending}>{supportBaseTexts.finish}</Button>
      {confirm.dialog}
    </form>
  );
}

function FinishedStep({ form, isPublic }: { form: TSupportBaseForm; isPublic: boolean }) {
  const agreement = form.agreement === 'agree' ? 'U heeft ingestemd.' : form.agreement === 'disagree' ? 'U heeft niet ingestemd.' : null;
  return (
    <div className="flex flex-col gap-4">
      <Banner tone="success" title={form.on_paper ? 'Dit formulier is per post afgerond.' : 'Dit formulier is afgerond.'}>
        {[agreement, form.agreement_at ? `Ontvangen op ${form.agreement_at}.` : null].filter(Boolean).join(' ')}
      </Banner>
      {!isPublic && (form.status === 'confirmed' || form.on_paper) && <ButtonLink to={FORMS_LIST} className="self-start">{formTexts.backToForms}</ButtonLink>}
    </div>
  );
}
