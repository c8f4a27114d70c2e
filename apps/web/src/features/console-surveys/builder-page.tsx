import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import {
  validateSurveyDefinition, type TStaffSurvey, type TStaffSurveyQuestion, type TSurvey, type TSurveyElement, type TSurveySectionDefinition,
} from '@portal/contract';
import { ApiError } from '../../lib/api';
import { fromLocalInput, toLocalInput } from '../../lib/console-format';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Dialog } from '../../ui/dialog';
import { Checkbox, LabelledField, TextField } from '../../ui/field';
import { Card, Page } from '../../ui/page';
import { Select } from '../../ui/select';
import { ErrorState, Loading } from '../../ui/states';
import { toast, toastError } from '../../ui/toaster';
import { surveyApi, surveyKeys, surveyPages, surveyQueries } from './api';
import { FormEditor, QuestionsEditor } from './definition-editor';
import { SurveyStatusBadge } from './survey-bits';
import { SurveysCrumbs } from './surveys-page';
import { surveysTexts as texts } from './texts';

/** Draws a survey as residents see it (app/console composes the resident's own renderer). */
export type RenderSurveyPreview = (survey: TSurvey) => ReactNode;
type Problem = { field: string; message: string };
type Draft = Pick<TStaffSurvey, 'name' | 'version' | 'is_public' | 'opens_at' | 'closes_at' | 'questions' | 'form'>;

const draftOf = (s: TStaffSurvey): Draft => ({ name: s.name, version: s.version, is_public: s.is_public, opens_at: s.opens_at, closes_at: s.closes_at, questions: s.questions, form: s.form });

/** The unsaved draft as the resident's renderer takes a survey: not done, nothing answered. */
export function previewSurvey(id: number, draft: Draft): TSurvey {
  const head = { id, name: draft.name, done: false, submitted_at: null };
  if (draft.version === 1) return { ...head, version: 1, questions: draft.questions.map((q) => ({ ...q, answer: null })) };
  return {
    ...head, version: 2,
    form: draft.form.map((s) => ({ id: s.id, label: s.label ?? null, elements: s.elements.map((e) => ({ ...e, value: null, photo: null }) as TSurveyElement) })),
  };
}

/**
 * /beheer/projecten/:projectId/enquetes/:surveyId: one survey's builder. Settings (name, public, open and
 * close dates), the questions (version 1) or sections of elements (version 2) with every element type's
 * settings, and beside them the live preview drawn by the resident's renderer. A save names the revision
 * it read; the server refuses (409) edits that would break answers already given and says which.
 */
export function SurveyBuilderPage({ renderPreview }: { renderPreview?: RenderSurveyPreview }) {
  const params = useParams<{ projectId: string; surveyId: string }>();
  const projectId = Number(params.projectId);
  const surveyId = Number(params.surveyId);
  const survey = useQuery(surveyQueries.survey(projectId, surveyId));
  const project = useQuery(surveyQueries.project(projectId));
  if (survey.isPending) return <Page title={texts.title}><Loading /></Page>;
  if (survey.isError) return <Page title={texts.title}><ErrorState error={survey.error} retry={() => void survey.refetch()} /></Page>;
  return <Builder key={survey.data.id} projectId={projectId} projectName={project.data?.name} initial={survey.data} renderPreview={renderPreview} />;
}

function Builder({ projectId, projectName, initial, renderPreview }: { projectId: number; projectName?: string; initial: TStaffSurvey; renderPreview?: RenderSurveyPreview }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const me = useQuery(surveyQueries.me());
  const canManage = me.data?.permissions.includes('surveys.manage') ?? false;
  const [survey, setSurvey] = useState(initial);
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  const [dirty, setDirty] = useState(false);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [stale, setStale] = useState(false);
  const [dialog, setDialog] = useState<'close' | 'copy' | 'remove' | null>(null);
  const [savedOnce, setSavedOnce] = useState(false);
  const readOnly = !canManage;
  const errors = useMemo(() => Object.fromEntries(problems.map((p) => [p.field, p.message])), [problems]);

  const change = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setDirty(true);
  };
  /** After a 409 on a stale revision: the newest version replaces the draft. */
  const reload = async () => {
    const fresh = await queryClient.fetchQuery({ ...surveyQueries.survey(projectId, survey.id), staleTime: 0 });
    setSurvey(fresh);
    setDraft(draftOf(fresh));
    setDirty(false);
    setStale(false);
    setProblems([]);
  };
  const accept = (next: TStaffSurvey) => {
    setSurvey(next);
    queryClient.setQueryData(surveyKeys.survey(projectId, next.id), next);
    void queryClient.invalidateQueries({ queryKey: [...surveyKeys.project(projectId), 'list'] });
  };

  const save = useMutation({
    mutationFn: () => surveyApi.update(projectId, survey.id, { ...draft, revision: survey.revision }),
    onSuccess: (next) => {
      accept(next);
      setDraft(draftOf(next));
      setDirty(false);
      setProblems([]);
      setSavedOnce(true);
      toast(texts.builder.saved, 'success', 2500);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409 && error.body.message === texts.stale) return setStale(true);
      if (error instanceof ApiError && (error.status === 422 || error.status === 409)) {
        return setProblems(error.body.errors?.length ? error.body.errors : [{ field: '', message: error.body.message }]);
      }
      toastError(error, texts.failed);
    },
  });
  const trySave = () => {
    // The contract's rules first (the server runs the same ones): nothing is sent while they find a problem.
    const found = validateSurveyDefinition(draft);
    setProblems(found);
    if (found.length) return;
    save.mutate();
  };
  const close = useMutation({
    mutationFn: () => surveyApi.close(projectId, survey.id),
    onSuccess: (next) => { accept(next); setDraft((d) => ({ ...d, opens_at: next.opens_at, closes_at: next.closes_at })); setDialog(null); toast(texts.builder.closed, 'success'); },
  });
  const remove = useMutation({
    mutationFn: () => surveyApi.remove(projectId, survey.id),
    onSuccess: async () => {
      toast(texts.builder.removed, 'success');
      await queryClient.invalidateQueries({ queryKey: surveyKeys.project(projectId) });
      navigate(surveyPages.list(projectId));
    },
  });

  const preview = useMemo(() => previewSurvey(survey.id, draft), [survey.id, draft]);
  return (
    <Page
      title={survey.name}
      actions={(
        <div className="flex flex-wrap gap-2">
          <Link href={surveyPages.results(projectId, survey.id)} className="inline-flex min-h-11 items-center font-medium text-blue-800 underline underline-offset-2">{texts.results}</Link>
          {canManage && (
            <>
              {survey.status !== 'closed' && <Button variant="secondary" onClick={() => setDialog('close')}>{texts.builder.close}</Button>}
              <Button variant="secondary" onClick={() => setDialog('copy')}>{texts.builder.copy}</Button>
              {survey.response_count === 0 && <Button variant="secondary" onClick={() => setDialog('remove')}>{texts.builder.remove}</Button>}
              <Button onClick={trySave} busy={save.isPending}>{texts.builder.save}</Button>
            </>
          )}
        </div>
      )}
    >
      <SurveysCrumbs projectId={projectId} projectName={projectName} current={survey.name} />
      <p className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
        <SurveyStatusBadge status={survey.status} />
        <span>{texts.version(survey.version)}</span>
        <span>{texts.responses(survey.response_count)}</span>
        <span aria-live="polite" className="font-medium text-amber-900">{save.isPending ? texts.builder.saving : dirty ? texts.builder.unsaved : savedOnce ? texts.builder.saved : ''}</span>
      </p>
      {readOnly && <Banner>{texts.builder.readOnly}</Banner>}
      {survey.response_count > 0 && canManage && <Banner>{texts.builder.answered(survey.response_count)}</Banner>}
      {stale && (
        <Banner tone="error" title={texts.builder.stale}>
          <Button variant="secondary" onClick={() => void reload()}>{texts.builder.reload}</Button>
        </Banner>
      )}
      {problems.length > 0 && (
        <Banner tone="error" title={texts.builder.problems}>
          <ul className="list-disc pl-5">{problems.slice(0, 30).map((p, i) => <li key={i}>{p.message}</li>)}</ul>
        </Banner>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-6">
          <Card>
            <h2 className="mb-3 text-lg font-bold text-slate-900">{texts.builder.settings}</h2>
            <div className="flex flex-col gap-3">
              <TextField label={texts.builder.name} required value={draft.name} maxLength={200} disabled={readOnly} onChange={(e) => change({ name: e.target.value })} error={errors.name} />
              <Checkbox label={texts.builder.isPublic} checked={draft.is_public} disabled={readOnly} onChange={(e) => change({ is_public: e.target.checked })} />
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField label={texts.builder.opensAt} type="datetime-local" value={toLocalInput(draft.opens_at)} disabled={readOnly}
                  onChange={(e) => change({ opens_at: fromLocalInput(e.target.value) })} error={errors.opens_at} hint={texts.builder.datesHint} />
                <TextField label={texts.builder.closesAt} type="datetime-local" value={toLocalInput(draft.closes_at)} disabled={readOnly}
                  onChange={(e) => change({ closes_at: fromLocalInput(e.target.value) })} error={errors.closes_at} />
              </div>
            </div>
          </Card>
          <Card>
            <h2 className="mb-3 text-lg font-bold text-slate-900">{texts.builder.definition}</h2>
            {draft.version === 1
              ? <QuestionsEditor questions={draft.questions} errors={errors} readOnly={readOnly} onChange={(questions: TStaffSurveyQuestion[]) => change({ questions })} />
              : <FormEditor form={draft.form} errors={errors} readOnly={readOnly} onChange={(form: TSurveySectionDefinition[]) => change({ form })} />}
          </Card>
        </div>
        <section aria-labelledby="survey-preview-title" className="min-w-0">
          <div className="flex flex-col gap-3 rounded-lg border-2 border-dashed border-slate-400 bg-white p-4 lg:sticky lg:top-4">
            <h2 id="survey-preview-title" className="text-lg font-bold text-slate-900">{texts.builder.preview}</h2>
            <p className="text-sm text-slate-700">{texts.builder.previewHint}</p>
            {renderPreview?.(preview)}
          </div>
        </section>
      </div>
      {dialog === 'close' && (
        <ConfirmDialog title={texts.builder.closeTitle} confirm={texts.builder.close} busy={close.isPending} error={close.error ? (close.error as Error).message : undefined}
          onConfirm={() => close.mutate()} onClose={() => setDialog(null)}>
          {texts.builder.closeText}
        </ConfirmDialog>
      )}
      {dialog === 'remove' && (
        <ConfirmDialog title={texts.builder.removeTitle} confirm={texts.builder.remove} busy={remove.isPending} error={remove.error ? (remove.error as Error).message : undefined}
          onConfirm={() => remove.mutate()} onClose={() => setDialog(null)}>
          {texts.builder.removeText}
        </ConfirmDialog>
      )}
      {dialog === 'copy' && <CopyDialog projectId={projectId} surveyId={survey.id} onClose={() => setDialog(null)} />}
    </Page>
  );
}

function CopyDialog({ projectId, surveyId, onClose }: { projectId: number; surveyId: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const projects = useQuery(surveyQueries.projects());
  const [target, setTarget] = useState(projectId);
  const copy = useMutation({
    mutationFn: () => surveyApi.copy(projectId, surveyId, target),
    onSuccess: async (copied) => {
      toast(texts.builder.copied, 'success');
      await queryClient.invalidateQueries({ queryKey: surveyKeys.all });
      navigate(surveyPages.survey(copied.project_id, copied.id));
    },
  });
  return (
    <Dialog open title={texts.builder.copyTitle} onClose={onClose}>
      <div className="flex flex-col gap-4">
        <LabelledField label={texts.builder.copyProject}>
          {(control) => (
            <Select {...control} value={target} onChange={(e) => setTarget(Number(e.target.value))}>
              {(projects.data ?? [{ id: projectId, name: `Project ${projectId}` }]).map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
            </Select>
          )}
        </LabelledField>
        {copy.isError && <Banner tone="error">{copy.error instanceof ApiError ? copy.error.body.message : texts.failed}</Banner>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{texts.builder.cancel}</Button>
          <Button busy={copy.isPending} onClick={() => copy.mutate()}>{texts.builder.copySubmit}</Button>
        </div>
      </div>
    </Dialog>
  );
}
