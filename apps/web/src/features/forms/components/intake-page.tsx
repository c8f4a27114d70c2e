import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import type { TIntake } from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { storage } from '../../../lib/storage';
import { formDrafts } from '../../../lib/form-drafts';
import { Banner } from '../../../ui/banner';
import { BackLink, Button } from '../../../ui/button';
import { Card, Page } from '../../../ui/page';
import { SafeHtml } from '../../../ui/safe-html';
import { ErrorState, Loading } from '../../../ui/states';
import { toast, toastError } from '../../../ui/toaster';
import { intakeApi, intakeKeys, intakeQueries, type IntakeScope } from '../api';
import { intakePage } from '../paths';
import { isSectionDone } from '../steps';
import { formTexts } from '../texts';
import { useConfirmDialog } from './confirm-dialog';
import { PdfLink } from './pdf-link';
import { SectionForm } from './section-form';
import { StepsLayout } from './steps-nav';

/** Names the drafts of an intake form: the resident's address, or the partner's chosen address. */
export const intakeDraftScope = (scope: IntakeScope) =>
  scope.kind === 'occupant' ? `intake:occupant:${storage.projectId() ?? 0}:${scope.formId}` : `intake:partner:${scope.addressId}:${scope.formId}`;

/** Every section has its required fields and the status allows changes (spec 4.2). */
const canSend = (intake: TIntake) => intake.editable && intake.form.every(isSectionDone);

/**
 * An intake form (opname, spec 2.4, 4.2): the section menu beside the open section and 'Formulier
 * versturen', enabled once every required field of every section is filled in while the form may
 * still be changed. Sending is final: the form is read-only afterwards.
 */
export function IntakeScreen({ scope, section, backTo, backLabel }: { scope: IntakeScope; section: string | undefined; backTo: string; backLabel: string }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const query = useQuery(intakeQueries.form(scope));
  const hasContact = !!query.data?.form.some((s) => s.elements.some((e) => e.type === 'contactinput'));
  const occupants = useQuery({ ...intakeQueries.occupants(scope), enabled: hasContact });
  const send = useMutation({
    mutationFn: () => intakeApi.send(scope),
    onSuccess: (updated) => {
      queryClient.setQueryData(intakeKeys.form(scope), updated);
      void queryClient.invalidateQueries({ queryKey: intakeKeys.all });
      toast(formTexts.sent, 'success');
    },
    onError: (error) => toastError(error, formTexts.saveFailed),
  });
  const confirm = useConfirmDialog(() => send.mutate());
  const index = section !== undefined && /^\d{1,3}$/.test(section) ? Number(section) : null;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = useRef(index);
  useEffect(() => {
    if (index !== null && index !== first.current) headingRef.current?.focus();
    first.current = null;
  }, [index]);

  const frame = (title: string, body: ReactNode) => (
    <Page title={title} actions={<BackLink to={backTo}>{backLabel}</BackLink>}>{body}</Page>
  );
  if (query.isPending) return frame(formTexts.formTitle, <Loading />);
  if (query.isError) {
    return frame(formTexts.formTitle, query.error instanceof ApiError && query.error.status === 404
      ? <Banner tone="warning">{formTexts.notFound}</Banner>
      : <ErrorState error={query.error} retry={() => void query.refetch()} />);
  }
  const intake = query.data;
  const draftScope = intakeDraftScope(scope);
  if (section === undefined) {
    const drafted = formDrafts.sections(draftScope).filter((s) => /^\d+$/.test(s)).map(Number).filter((i) => i < intake.form.length).sort((a, b) => a - b)[0];
    const open = intake.form.findIndex((s) => !isSectionDone(s));
    return <Redirect to={intakePage(scope, drafted ?? Math.max(open, 0))} replace />;
  }
  const current = index !== null ? intake.form[index] : undefined;
  const items = intake.form.map((s, i) => ({
    key: String(i), label: s.label || formTexts.section(i + 1), href: intakePage(scope, i), done: isSectionDone(s), enabled: true, current: i === index,
  }));
  const sendButton = intake.editable ? (
    <div className="flex flex-col gap-2 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <Button disabled={!canSend(intake)} busy={send.isPending} onClick={confirm.ask}>{formTexts.sendIntake}</Button>
      {!canSend(intake) && <p className="text-sm text-slate-700">{formTexts.sendIntakeHint}</p>}
    </div>
  ) : null;

  return frame(intake.name, (
    <div className="flex flex-col gap-4">
      {scope.kind === 'partner' && <p className="text-base font-semibold text-slate-800">{intake.address.full_address}</p>}
      {intake.description && <SafeHtml html={intake.description} />}
      {!intake.editable && <Banner tone="info">{formTexts.intakeSent}</Banner>}
      {intake.download_url && <PdfLink href={intake.download_url} mode="download">{formTexts.intakeDownload}</PdfLink>}
      <StepsLayout items={items} aside={sendButton}>
        <Card className="flex flex-col gap-5">
          {!current ? (
            <Banner tone="warning">{formTexts.notFound}</Banner>
          ) : (
            <>
              <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold text-slate-900 focus:outline-none">{items[index!]!.label}</h2>
              <SectionForm
                key={`${draftScope}:${index}`}
                family="intake"
                section={current}
                draftScope={draftScope}
                draftSection={String(index)}
                readOnly={!intake.editable}
                occupants={hasContact ? (occupants.data ?? []) : null}
                upload={(elementId, file, onProgress) => intakeApi.upload(scope, index!, elementId, file, onProgress)}
                save={(values) => intakeApi.saveSection(scope, index!, values, intake.version)}
                onSaved={(updated) => {
                  queryClient.setQueryData(intakeKeys.form(scope), updated);
                  if (index! + 1 < updated.form.length) navigate(intakePage(scope, index! + 1));
                }}
                submitLabel={index! + 1 < intake.form.length ? formTexts.saveNext : formTexts.save}
              />
            </>
          )}
        </Card>
      </StepsLayout>
      {confirm.dialog}
    </div>
  ));
}
