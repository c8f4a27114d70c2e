import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'wouter';
import {
  retentionRuleProblem, type TRetentionAction, type TRetentionBasis, type TRetentionProject, type TRetentionProjectCategory, type TRetentionRule,
} from '@portal/contract';
import { formatConsoleDate, formatConsoleDateTime } from '../../lib/console-format';
import { serverFieldErrors } from '../../lib/form-errors';
import { saveFile } from '../../lib/staff-api';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Checkbox, LabelledField, TextField } from '../../ui/field';
import { Card, Page } from '../../ui/page';
import { FilterSelect, Select } from '../../ui/select';
import { ErrorState, Loading } from '../../ui/states';
import { toast } from '../../ui/toaster';
import { retentionApi, retentionKeys } from './api';
import { retentionTexts as texts, toCsv } from './texts';

/** /beheer/projecten/:projectId/bewaren: the project's retention, what would go now with the confirm step, and its own rules. */
export default function ProjectRetentionPage() {
  const projectId = Number(useParams<{ projectId: string }>().projectId);
  const retention = useQuery({ queryKey: retentionKeys.project(projectId), queryFn: () => retentionApi.project(projectId) });
  return (
    <Page title={texts.projectTitle}>
      {retention.isPending ? <Loading /> : retention.isError ? <ErrorState error={retention.error} retry={() => void retention.refetch()} /> : (
        <div className="flex max-w-5xl flex-col gap-6">
          <Status project={retention.data} />
          <Preview project={retention.data} />
          <Overrides key={JSON.stringify(retention.data.categories.map((c) => c.override))} project={retention.data} />
        </div>
      )}
    </Page>
  );
}

function Status({ project }: { project: TRetentionProject }) {
  return (
    <Card className="flex flex-col gap-2">
      <p>{project.ended_at ? texts.endedAt(formatConsoleDate(project.ended_at)) : texts.notEnded}</p>
      {project.court_period_ends_at && <p>{texts.courtEnds(formatConsoleDate(project.court_period_ends_at))}</p>}
      <p>{project.confirmed_at ? texts.confirmedAt(formatConsoleDateTime(project.confirmed_at), project.confirmed_by ?? '') : texts.notConfirmed}</p>
      {project.last_run_at && <p className="text-sm text-slate-700">{texts.lastRun(formatConsoleDateTime(project.last_run_at))}</p>}
    </Card>
  );
}

const ruleText = (rule: TRetentionRule) => texts.ruleText(rule.months, rule.basis, rule.action);

function Preview({ project }: { project: TRetentionProject }) {
  const queryClient = useQueryClient();
  const [show, setShow] = useState<'due' | ''>('');
  const [asking, setAsking] = useState(false);
  const confirm = useMutation({
    mutationFn: () => retentionApi.confirm(project.project_id),
    onSuccess: (next) => {
      queryClient.setQueryData(retentionKeys.project(project.project_id), next);
      setAsking(false);
      toast(texts.confirmed, 'success');
    },
  });
  const rows = project.categories.filter((c) => show === '' || c.due_count > 0 || c.due_files > 0);
  const total = project.categories.reduce((sum, c) => sum + c.due_count, 0);
  const exportCsv = () => saveFile({
    filename: `bewaren-project-${project.project_id}.csv`,
    blob: toCsv([
      [texts.category, texts.rule, texts.dueFrom, texts.dueNow, texts.files],
      ...rows.map((c) => [c.label, ruleText(c.effective), c.due_from ? formatConsoleDate(c.due_from) : texts.notYet, c.due_count, c.due_files]),
    ]),
  });
  return (
    <Card className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">{texts.previewTitle}</h2>
      <p className="text-sm text-slate-700">{texts.previewIntro}</p>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <FilterSelect id="retention-show" label={texts.show} value={show} onChange={setShow} allLabel={texts.showAll} options={texts.showDue} />
        <Button variant="secondary" onClick={exportCsv}>{texts.exportCsv}</Button>
      </div>
      <div>
        <table className="w-full text-left text-sm [overflow-wrap:anywhere]">
          <caption className="sr-only">{texts.previewTitle}</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-2 pr-3">{texts.category}</th>
              <th scope="col" className="py-2 pr-3">{texts.rule}</th>
              <th scope="col" className="py-2 text-right">{texts.dueNow}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.category} className="border-b border-slate-200 align-top">
                <th scope="row" className="py-2 pr-3 font-medium">{c.label}</th>
                <td className="py-2 pr-3">
                  {ruleText(c.effective)}
                  <span className="block text-xs text-slate-700">{c.override ? texts.ownRule : texts.customerRule} · {texts.dueFrom} {c.due_from ? formatConsoleDate(c.due_from) : texts.notYet.toLowerCase()}</span>
                </td>
                <td className="py-2 text-right tabular-nums">
                  {c.due_count}
                  {c.due_files > 0 && <span className="block text-xs text-slate-700">{texts.filesCount(c.due_files)}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {total === 0 && <p>{texts.nothingDue}</p>}
      {!project.confirmed_at && total > 0 && (
        <Button variant="danger" className="self-start" onClick={() => setAsking(true)}>{texts.confirm}</Button>
      )}
      {asking && (
        <ConfirmDialog title={texts.confirmTitle} confirm={texts.confirm} busy={confirm.isPending}
          error={confirm.isError ? (confirm.error instanceof Error && confirm.error.message ? confirm.error.message : texts.confirmFailed) : undefined}
          onConfirm={() => confirm.mutate()} onClose={() => setAsking(false)}>
          {texts.confirmText(total)}
        </ConfirmDialog>
      )}
    </Card>
  );
}

type Draft = { own: boolean; months: string; basis: TRetentionBasis; action: TRetentionAction };

function Overrides({ project }: { project: TRetentionProject }) {
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<Record<string, Draft>>(() => Object.fromEntries(project.categories.map((c) => {
    const rule = c.override ?? c.customer_rule;
    return [c.category, { own: c.override !== null, months: String(rule.months), basis: rule.basis, action: rule.action }];
  })));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const save = useMutation({ mutationFn: (overrides: TRetentionRule[]) => retentionApi.saveProject(project.project_id, { overrides }) });
  const change = (category: string, next: Partial<Draft>) => setDrafts((all) => ({ ...all, [category]: { ...all[category]!, ...next } }));

  const submit = async () => {
    setFailure(undefined);
    const chosen = project.categories.filter((c) => drafts[c.category]!.own);
    const overrides = chosen.map((c): TRetentionRule => {
      const d = drafts[c.category]!;
      return { category: c.category, months: d.months.trim() === '' ? Number.NaN : Number(d.months), basis: d.basis, action: d.action };
    });
    const found: Record<string, string> = {};
    overrides.forEach((rule) => {
      if (!Number.isInteger(rule.months)) found[rule.category] = 'Vul een heel aantal maanden in';
      else {
        const problem = retentionRuleProblem(rule, 'project');
        if (problem) found[rule.category] = problem;
      }
    });
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const saved = await save.mutateAsync(overrides);
      queryClient.setQueryData(retentionKeys.project(project.project_id), saved);
      toast(texts.overridesSaved, 'success');
    } catch (error) {
      const placed = serverFieldErrors(error);
      if (placed.length) setErrors(Object.fromEntries(placed.map((p) => [overrides[Number(p.field.split('.')[1])]?.category ?? '', p.message])));
      else setFailure(texts.saveFailed);
    }
  };

  return (
    <Card className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">{texts.overridesTitle}</h2>
      <p className="text-sm text-slate-700">{texts.overridesIntro}</p>
      {failure && <Banner tone="error">{failure}</Banner>}
      {Object.keys(errors).length > 0 && (
        <Banner tone="error" title="Niet opgeslagen">
          <ul className="list-disc pl-5">{Object.entries(errors).map(([category, message]) => <li key={category}>{message}</li>)}</ul>
        </Banner>
      )}
      <ul className="flex flex-col gap-4">
        {project.categories.map((c) => <OverrideFields key={c.category} category={c} draft={drafts[c.category]!} error={errors[c.category]} onChange={(next) => change(c.category, next)} />)}
      </ul>
      <Button className="self-start" busy={save.isPending} onClick={() => void submit()}>{texts.saveOverrides}</Button>
    </Card>
  );
}

function OverrideFields({ category: c, draft, error, onChange }: { category: TRetentionProjectCategory; draft: Draft; error?: string; onChange: (next: Partial<Draft>) => void }) {
  return (
    <li className="flex flex-col gap-2 border-t border-slate-200 pt-3">
      <Checkbox label={texts.useOwn(c.label)} checked={draft.own} onChange={(e) => onChange({ own: e.target.checked })} />
      {!draft.own ? <p className="pl-8 text-sm text-slate-700">{texts.customerRule}: {ruleText(c.customer_rule)}</p> : (
        <div className="grid items-end gap-3 pl-8 sm:grid-cols-[11rem_1fr_1fr]">
          <TextField label={`${texts.months} (${c.label.toLowerCase()})`} type="number" inputMode="numeric" min={c.min_months} max={240} value={draft.months} error={error}
            onChange={(e) => onChange({ months: e.target.value })} />
          <LabelledField label={`${texts.basis} (${c.label.toLowerCase()})`}>
            {(control) => (
              <Select {...control} value={draft.basis} onChange={(e) => onChange({ basis: e.target.value as TRetentionBasis })}>
                {c.bases.map((basis) => <option key={basis} value={basis}>{texts.bases[basis]}</option>)}
              </Select>
            )}
          </LabelledField>
          <LabelledField label={`${texts.action} (${c.label.toLowerCase()})`}>
            {(control) => (
              <Select {...control} value={draft.action} onChange={(e) => onChange({ action: e.target.value as TRetentionAction })}>
                {c.actions.map((action) => <option key={action} value={action}>{texts.actions[action]}</option>)}
              </Select>
            )}
          </LabelledField>
        </div>
      )}
    </li>
  );
}
