import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import type { TGenericEntry } from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { storage } from '../../../lib/storage';
import { formDrafts } from '../../../lib/form-drafts';
import { Banner } from '../../../ui/banner';
import { BackLink } from '../../../ui/button';
import { Card, Page } from '../../../ui/page';
import { ErrorState, Loading } from '../../../ui/states';
import { formKeys, formQueries, genericApi, type GenericForm } from '../api';
import { entryParam, type FormPages } from '../paths';
import {
  blockedMessage, isStepDone, isStepEnabled, nextStep, parseStep, resumeStep, sameStep, stepLabel, stepList, stepSegments, type GenericStep,
} from '../steps';
import { formTexts } from '../texts';
import { NrOfSignaturesStep, SignatureStep, StatusStep, SummaryStep } from './generic-steps';
import { SectionForm } from './section-form';
import { useConflictReload } from '../hooks/use-conflict-reload';
import { StepsLayout } from './steps-nav';

type Props = { form: GenericForm; pages: FormPages; entry: string | undefined; section: string | undefined; nr: string | undefined };

/** Names the drafts of one entry ('generic:occupant:3:12:40'); a visitor's include their code. */
export function entryDraftScope(form: GenericForm, entryId: number): string {
  const who = form.audience.kind === 'public' ? `public:${form.audience.projectId}:${form.unique}` : `occupant:${storage.projectId() ?? 0}`;
  return `generic:${who}:${form.formId}:${entryId}`;
}

/**
 * A generic form (spec 2.6, 4.4): /{entry}/{step}. Without an entry id ('nieuw', 0) the server opens
 * one and the page moves there; without a step it resumes where the person left off. The sidebar
 * 'Onderdelen' lists the sections, the summary, the signatures and the status.
 */
export function GenericEntryScreen({ form, pages, entry, section, nr }: Props) {
  const param = entryParam(entry);
  if (!param) return <FormNotFound pages={pages} />;
  if (param.kind !== 'entry') return <OpenEntry form={form} pages={pages} fresh={param.kind === 'new'} />;
  return <EntryView form={form} pages={pages} entryId={param.id} section={section} nr={nr} />;
}

function FormNotFound({ pages }: { pages: FormPages }) {
  return (
    <Page title={formTexts.formTitle} actions={<BackLink to={pages.list}>{formTexts.backToForms}</BackLink>}>
      <Banner tone="warning">{formTexts.notFound}</Banner>
    </Page>
  );
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** Asks the server for the entry to fill in (a new one, or the one to continue) and moves to it. */
function OpenEntry({ form, pages, fresh }: { form: GenericForm; pages: FormPages; fresh: boolean }) {
  const queryClient = useQueryClient();
  const opened = useQuery({
    queryKey: [...formKeys.form(form), 'open', fresh],
    queryFn: async () => {
      const created = await genericApi.open(form, fresh);
      queryClient.setQueryData(formKeys.entry(form, created.id), created);
      return created;
    },
    retry: false,
    gcTime: 0,
  });
  if (opened.data) return <Redirect to={pages.entry(form.formId, opened.data.id)} replace />;
  if (opened.isError) return isNotFound(opened.error) ? <FormNotFound pages={pages} /> : <Page title={formTexts.formTitle}><ErrorState error={opened.error} retry={() => void opened.refetch()} /></Page>;
  return <Page title={formTexts.formTitle}><Loading /></Page>;
}

function backOf(entry: TGenericEntry, pages: FormPages) {
  if (entry.allow_multiple_entries) return { to: pages.results(entry.form_id), label: formTexts.back };
  if (entry.menu_id !== null) return { to: pages.menu(entry.menu_id), label: formTexts.backToMenu };
  return { to: pages.list, label: formTexts.backToForms };
}

function EntryView({ form, pages, entryId, section, nr }: { form: GenericForm; pages: FormPages; entryId: number; section: string | undefined; nr: string | undefined }) {
  const query = useQuery(formQueries.entry(form, entryId));
  const step = parseStep(section, nr);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepKey = step ? stepSegments(step) : '';
  const firstStep = useRef(stepKey);
  // A new step takes focus at its heading (not on the first page load), so the step's name is heard.
  useEffect(() => {
    if (stepKey && stepKey !== firstStep.current) headingRef.current?.focus();
    firstStep.current = '';
  }, [stepKey]);

  if (query.isPending) return <Page title={formTexts.formTitle}><Loading /></Page>;
  if (query.isError) return isNotFound(query.error) ? <FormNotFound pages={pages} /> : <Page title={formTexts.formTitle}><ErrorState error={query.error} retry={() => void query.refetch()} /></Page>;
  const entry = query.data;
  const scope = entryDraftScope(form, entry.id);
  if (section === undefined) {
    const drafts = formDrafts.sections(scope).filter((s) => /^\d+$/.test(s)).map(Number);
    return <Redirect to={pages.entry(form.formId, entry.id, resumeStep(entry, drafts))} replace />;
  }
  const back = backOf(entry, pages);
  const items = stepList(entry).map((s) => ({
    key: stepSegments(s),
    label: stepLabel(entry, s),
    href: pages.entry(form.formId, entry.id, s),
    done: isStepDone(entry, s),
    enabled: isStepEnabled(entry, s),
    current: !!step && sameStep(s, step),
  }));
  const blocked = step ? blockedMessage(entry, step) : null;
  return (
    <Page title={entry.name} actions={<BackLink to={back.to}>{back.label}</BackLink>}>
      <StepsLayout items={items}>
        <Card className="flex flex-col gap-5">
          {step && (
            <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold text-slate-900 focus:outline-none">{stepLabel(entry, step)}</h2>
          )}
          {!step ? (
            <Banner tone="warning">{formTexts.notFound}</Banner>
          ) : blocked ? (
            <Banner tone="warning">{blocked}</Banner>
          ) : (
            <StepContent form={form} pages={pages} entry={entry} step={step} scope={scope} />
          )}
        </Card>
      </StepsLayout>
    </Page>
  );
}

function StepContent({ form, pages, entry, step, scope }: { form: GenericForm; pages: FormPages; entry: TGenericEntry; step: GenericStep; scope: string }): ReactNode {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const isAdmin = form.audience.kind === 'occupant' && storage.isAdmin();
  /** The server's answer is the entry as it is now: kept, and the next step opened. */
  const advance = (updated: TGenericEntry, to?: GenericStep) => {
    queryClient.setQueryData(formKeys.entry(form, updated.id), updated);
    void queryClient.invalidateQueries({ queryKey: formKeys.entries(form) });
    const target = to ?? nextStep(updated, step);
    // After a section the next step opens even when it explains why it is not open yet (spec 4.4);
    // further on a step that is not open keeps the person where they are.
    if (step.kind === 'section' || isStepEnabled(updated, target)) navigate(pages.entry(form.formId, updated.id, target));
  };
  const common = { form, entry, onDone: advance };
  switch (step.kind) {
    case 'section':
      return <SectionStep {...common} index={step.index} scope={scope} />;
    case 'summary':
      return <SummaryStep {...common} />;
    case 'nr-of-signatures':
      return <NrOfSignaturesStep {...common} />;
    case 'signature':
      return <SignatureStep key={step.nr} {...common} nr={step.nr} />;
    case 'status':
      return <StatusStep form={form} entry={entry} isAdmin={isAdmin} />;
    default: {
      const never: never = step;
      return never;
    }
  }
}

function SectionStep({ form, entry, index, scope, onDone }: { form: GenericForm; entry: TGenericEntry; index: number; scope: string; onDone: (entry: TGenericEntry) => void }) {
  const section = entry.form[index]!;
  const hasContact = section.elements.some((e) => e.type === 'f_contactinput');
  const occupants = useQuery({ ...formQueries.occupants(form), enabled: hasContact });
  // Saved elsewhere in between: the page loads the entry again (the draft stays), the next save goes over it.
  const save = useConflictReload((values: Parameters<typeof genericApi.saveSection>[3]) => genericApi.saveSection(form, entry.id, index, values, entry.version), formKeys.entry(form, entry.id));
  return (
    <SectionForm
      key={`${scope}:${index}`}
      family="generic"
      section={section}
      draftScope={scope}
      draftSection={String(index)}
      readOnly={entry.locked}
      occupants={hasContact ? (occupants.data ?? []) : null}
      upload={(elementId, file, onProgress) => genericApi.upload(form, entry.id, index, elementId, file, onProgress)}
      save={save}
      onSaved={onDone}
      submitLabel={formTexts.saveNext}
    />
  );
}
