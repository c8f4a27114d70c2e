import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { newDefinitionId, STAFF_SURVEY_STATUSES, type TStaffSurveyBody, type TStaffSurveyListItem, type TStaffSurveyStatus } from '@portal/contract';
import { ApiError } from '../../lib/api';
import { formatConsoleDateTime } from '../../lib/console-format';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { Crumbs } from '../../ui/crumbs';
import { Dialog } from '../../ui/dialog';
import { TextField } from '../../ui/field';
import { Page } from '../../ui/page';
import { FilterSelect } from '../../ui/select';
import { EmptyState, ErrorState, Loading } from '../../ui/states';
import { toast, toastError } from '../../ui/toaster';
import { surveyApi, surveyKeys, surveyPages, surveyQueries } from './api';
import { SurveyStatusBadge } from './survey-bits';
import { surveysTexts as texts } from './texts';

export function SurveysCrumbs({ projectId, projectName, current }: { projectId: number; projectName?: string; current?: string }) {
  const crumbs = [
    { href: '/projecten', label: texts.crumbs.projects },
    { href: `/projecten/${projectId}`, label: projectName ?? `Project ${projectId}` },
    ...(current ? [{ href: surveyPages.list(projectId), label: texts.title }] : []),
  ];
  return <Crumbs crumbs={crumbs} current={current ?? texts.title} />;
}

/**
 * /beheer/projecten/:projectId/enquetes: the project's surveys in the residents' order, with their status,
 * dates and response counts; searchable and filtered by status. Editors make a new survey and move
 * surveys up and down (buttons, so the order is set by keyboard as well as by mouse).
 */
export default function SurveysPage() {
  const projectId = Number(useParams<{ projectId: string }>().projectId);
  const queryClient = useQueryClient();
  const me = useQuery(surveyQueries.me());
  const project = useQuery(surveyQueries.project(projectId));
  const canManage = me.data?.permissions.includes('surveys.manage') ?? false;
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<TStaffSurveyStatus | ''>('');
  const [creating, setCreating] = useState(false);
  const filter = { q: q.trim() || undefined, status: status || undefined };
  const list = useQuery(surveyQueries.list(projectId, filter));
  const filtered = Boolean(filter.q || filter.status);

  const reorder = useMutation({
    mutationFn: (ids: number[]) => surveyApi.reorder(projectId, ids),
    onSuccess: (items) => {
      queryClient.setQueryData(surveyKeys.list(projectId, filter), items);
      void queryClient.invalidateQueries({ queryKey: surveyKeys.project(projectId) });
      toast(texts.orderSaved, 'success', 2000);
    },
    onError: (error) => toastError(error, texts.failed),
  });
  const move = (index: number, by: -1 | 1) => {
    const ids = (list.data ?? []).map((s) => s.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    reorder.mutate(ids);
  };

  return (
    <Page title={texts.title} actions={canManage && <Button onClick={() => setCreating(true)}>{texts.newSurvey}</Button>}>
      <SurveysCrumbs projectId={projectId} projectName={project.data?.name} />
      <div className="mb-2 flex flex-wrap gap-4">
        <TextField className="min-w-56 flex-1" label={texts.search} type="search" value={q} onChange={(e) => setQ(e.target.value)} />
        <FilterSelect id="survey-status" label={texts.statusFilter} value={status} onChange={setStatus} allLabel={texts.allStatuses}
          options={STAFF_SURVEY_STATUSES.map((s) => [s, texts.statuses[s]] as const)} />
      </div>
      {list.isPending ? <Loading /> : list.isError ? <ErrorState error={list.error} retry={() => void list.refetch()} /> : !list.data.length ? (
        <EmptyState>{filtered ? texts.noMatch : texts.none}</EmptyState>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={texts.title}>
          {list.data.map((survey, index) => (
            <SurveyRow
              key={survey.id}
              projectId={projectId}
              survey={survey}
              onUp={canManage && !filtered && index > 0 ? () => move(index, -1) : undefined}
              onDown={canManage && !filtered && index < list.data.length - 1 ? () => move(index, 1) : undefined}
              busy={reorder.isPending}
            />
          ))}
        </ul>
      )}
      {creating && <CreateDialog projectId={projectId} onClose={() => setCreating(false)} />}
    </Page>
  );
}

function SurveyRow({ projectId, survey, onUp, onDown, busy }: { projectId: number; survey: TStaffSurveyListItem; onUp?: () => void; onDown?: () => void; busy: boolean }) {
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-300 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <Link href={surveyPages.survey(projectId, survey.id)} className="break-words font-semibold text-blue-800 underline underline-offset-2">{survey.name}</Link>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
          <SurveyStatusBadge status={survey.status} />
          <span>{texts.version(survey.version)}</span>
          <span>{survey.is_public ? texts.isPublic : texts.residentsOnly}</span>
          <span>{texts.questions(survey.question_count)}</span>
          <span>{texts.responses(survey.response_count)}</span>
          {survey.opens_at && <span>{texts.opens(formatConsoleDateTime(survey.opens_at))}</span>}
          {survey.closes_at && <span>{texts.closes(formatConsoleDateTime(survey.closes_at))}</span>}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Link href={surveyPages.results(projectId, survey.id)} className="font-medium text-blue-800 underline underline-offset-2" aria-label={texts.resultsOf(survey.name)}>
          {texts.results}
        </Link>
        {(onUp || onDown) && (
          <span className="flex gap-1">
            <Button variant="secondary" className="min-w-11 px-2" aria-label={texts.moveUp(survey.name)} disabled={!onUp || busy} onClick={onUp}>↑</Button>
            <Button variant="secondary" className="min-w-11 px-2" aria-label={texts.moveDown(survey.name)} disabled={!onDown || busy} onClick={onDown}>↓</Button>
          </span>
        )}
      </div>
    </li>
  );
}

/** A new survey starts with one question, so that it is valid and the builder opens on something to edit. */
function starter(name: string, version: 1 | 2): TStaffSurveyBody {
  return version === 1
    ? { name, version, is_public: false, opens_at: null, closes_at: null, questions: [{ id: 1, question: texts.create.firstQuestion, type: 'rating' }] }
    : {
      name, version, is_public: false, opens_at: null, closes_at: null,
      form: [{ id: newDefinitionId('s'), label: texts.create.firstSection, elements: [{ id: newDefinitionId('e'), type: 's_textinput', data: { label: texts.create.firstQuestion } }] }],
    };
}

function CreateDialog({ projectId, onClose }: { projectId: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [version, setVersion] = useState<1 | 2>(2);
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: () => surveyApi.create(projectId, starter(name, version)),
    onSuccess: async (survey) => {
      await queryClient.invalidateQueries({ queryKey: surveyKeys.project(projectId) });
      navigate(surveyPages.survey(projectId, survey.id));
    },
  });
  const nameError = create.error instanceof ApiError ? create.error.body.errors?.find((e) => e.field === 'name')?.message : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <Dialog open title={texts.create.title} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <TextField label={texts.create.name} required value={name} maxLength={200} onChange={(e) => setName(e.target.value)} error={nameError} />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">{texts.create.kind}</legend>
          {([2, 1] as const).map((v) => (
            <div key={v} className="flex items-start gap-2">
              <input id={`survey-version-${v}`} type="radio" name="version" checked={version === v} onChange={() => setVersion(v)} className="mt-1 size-5" />
              <label htmlFor={`survey-version-${v}`}>{v === 2 ? texts.create.v2 : texts.create.v1}</label>
            </div>
          ))}
        </fieldset>
        {create.isError && !nameError && <Banner tone="error">{create.error instanceof ApiError ? create.error.body.message : texts.failed}</Banner>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>{texts.create.cancel}</Button>
          <Button type="submit" busy={create.isPending}>{texts.create.submit}</Button>
        </div>
      </form>
    </Dialog>
  );
}
