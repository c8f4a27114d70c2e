import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Redirect, useLocation } from 'wouter';
import {
  choiceNextStep, choiceStepDone, choiceStepLabel, choiceStepList, choiceStepReachable, choiceStepSegments, parseChoiceStep,
  type ChoiceStep, type TChoiceForm,
  choicePaymentDue, isOpenPaymentStatus,
} from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { Banner } from '../../../ui/banner';
import { BackLink } from '../../../ui/button';
import { Card, Page } from '../../../ui/page';
import { SafeHtml } from '../../../ui/safe-html';
import { ErrorState, Loading } from '../../../ui/states';
import { StepsLayout } from '../components/steps-nav';
import { choiceKeys, choiceQueries, type ChoiceTarget } from './api';
import { PayStep, SectionStep, SignatureStep, SignersStep, StatusStep, SummaryStep } from './choice-steps';
import { PayButton } from './pay-button';
import { choiceTexts } from './texts';
import { partnerFormPages } from '../paths';

const signedOf = (form: TChoiceForm) => (nr: number) => form.signature[String(nr)]?.signed === true;

/** Where a reopened form resumes: the first reachable step not done, else the confirmation (or the first section). */
function resumeChoiceStep(form: TChoiceForm): ChoiceStep {
  const steps = choiceStepList(form);
  return steps.find((s) => choiceStepReachable(form, s) && !choiceStepDone(form, s, signedOf(form)))
    ?? (choiceStepReachable(form, { kind: 'status' }) ? { kind: 'status' } : { kind: 'section', index: 0 });
}

/**
 * A choice form (keuze, spec 2.5, 4.3): /formulier/keuze/{form_id}/{section_id}/{nr} for a resident (an
 * administrator who came in through a login link gets the same pages with the admin calls), and the
 * staff variant for an address. The sidebar lists the sections ('Vragen' as 'Keuze'), Samenvatting, the
 * signatures, Betalen and Bevestiging, each reachable once the steps before it allow.
 */
export function ChoiceScreen({ target, section, nr }: { target: ChoiceTarget; section: string | undefined; nr: string | undefined }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const step = parseChoiceStep(section, nr);
  const onPay = step?.kind === 'pay';
  const query = useQuery({
    ...choiceQueries.form(target),
    // Back from the checkout: the server asks the provider on every read while a payment is open.
    // A payment the provider reports paid reaches the form through the payment service's callback (a job): keep asking until then.
    refetchInterval: (q) => (onPay && q.state.data && !q.state.data.paid && (isOpenPaymentStatus(q.state.data.payment_status) || q.state.data.payment_status === 'paid') ? 5_000 : false),
  });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepKey = step ? choiceStepSegments(step) : '';
  const firstStep = useRef(stepKey);
  useEffect(() => {
    if (stepKey && stepKey !== firstStep.current) headingRef.current?.focus();
    firstStep.current = '';
  }, [stepKey]);

  const back = target.projectId === null
    ? { to: '/formulieren', label: choiceTexts.backToForms }
    : { to: partnerFormPages('choice').addresses(target.projectId, target.scope.formId), label: choiceTexts.backToAddresses };
  const frame = (title: string, body: React.ReactNode) => (
    <Page title={title} actions={<BackLink to={back.to}>{back.label}</BackLink>}>{body}</Page>
  );
  if (query.isPending) return frame(choiceTexts.formTitle, <Loading />);
  if (query.isError) {
    return frame(choiceTexts.formTitle, query.error instanceof ApiError && query.error.status === 404
      ? <Banner tone="warning">{choiceTexts.notFound}</Banner>
      : <ErrorState error={query.error} retry={() => void query.refetch()} />);
  }
  const form = query.data;
  if (section === undefined) return <Redirect to={target.page(resumeChoiceStep(form))} replace />;

  /** The server's answer is the form as it is now: kept, and the next step opened. */
  const advance = (updated: TChoiceForm, to?: ChoiceStep) => {
    queryClient.setQueryData(choiceKeys.form(target), updated);
    navigate(target.page(to ?? (step ? choiceNextStep(updated, step) : resumeChoiceStep(updated))));
  };
  const items = choiceStepList(form).map((s) => ({
    key: choiceStepSegments(s),
    label: choiceStepLabel(form.form, s),
    href: target.page(s),
    done: choiceStepDone(form, s, signedOf(form)),
    enabled: choiceStepReachable(form, s),
    current: !!step && choiceStepSegments(s) === stepKey,
  }));
  const reachable = step !== null && choiceStepReachable(form, step);
  const common = { target, form, onDone: advance };
  return frame(form.name, (
    <div className="flex flex-col gap-4">
      {form.is_admin && <p className="text-base font-semibold text-slate-800">{form.address.full_address}</p>}
      {form.description && <SafeHtml html={form.description} className="text-lg" />}
      {form.deadline_reached
        ? !form.is_admin && !form.locked && <Banner tone="warning">{choiceTexts.deadlineReached}</Banner>
        : form.deadline && !form.locked && <p className="text-sm text-slate-700">{choiceTexts.deadline(form.deadline)}</p>}
      {/* A payment waits (staff may have finished the form for the address): told on every step but the two that pay. */}
      {!form.is_admin && form.mollie_enabled && choicePaymentDue(form) && step?.kind !== 'pay' && step?.kind !== 'summary' && (
        <div className="flex flex-col gap-3 rounded-md bg-amber-50 p-4 ring-1 ring-amber-300 sm:flex-row sm:items-center sm:justify-between">
          <p className="font-semibold text-slate-900">{choiceTexts.paymentWaiting(form.total_not_paid)}</p>
          <PayButton formId={form.id} className="shrink-0" />
        </div>
      )}
      <StepsLayout title={choiceTexts.steps} items={items}>
        <Card className="flex flex-col gap-5">
          {step && <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold text-slate-900 focus:outline-none">{choiceStepLabel(form.form, step)}</h2>}
          {!step || (step.kind === 'section' && !form.form[step.index]) ? (
            <Banner tone="warning">{choiceTexts.notFound}</Banner>
          ) : !reachable ? (
            <Banner tone="warning">{choiceTexts.stepNotDone}</Banner>
          ) : step.kind === 'section' ? (
            <SectionStep key={`${form.entry_id ?? 0}:${step.index}`} {...common} index={step.index} />
          ) : step.kind === 'summary' ? (
            <SummaryStep {...common} />
          ) : step.kind === 'nr-of-signatures' ? (
            <SignersStep {...common} />
          ) : step.kind === 'signature' ? (
            <SignatureStep key={step.nr} {...common} nr={step.nr} />
          ) : step.kind === 'pay' ? (
            <PayStep {...common} />
          ) : (
            <StatusStep {...common} />
          )}
        </Card>
      </StepsLayout>
    </div>
  ));
}
