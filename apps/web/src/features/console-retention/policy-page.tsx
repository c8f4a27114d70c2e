import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { z } from 'zod';
import {
  checkRetentionRules, RETENTION_CATEGORY_INFO, ZRetentionPolicyBody, type TRetentionPolicy, type TRetentionPolicyBody, type TRetentionRuleView,
} from '@portal/contract';
import { formatConsoleDateTime } from '../../lib/console-format';
import { serverFieldErrors } from '../../lib/form-errors';
import { saveFile } from '../../lib/staff-api';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { Crumbs } from '../../ui/crumbs';
import { ErrorSummary, useErrorSummary } from '../../ui/error-summary';
import { LabelledField, TextField } from '../../ui/field';
import { Card, Page } from '../../ui/page';
import { Select } from '../../ui/select';
import { ErrorState, Loading } from '../../ui/states';
import { TextAreaField } from '../../ui/textarea-field';
import { toast } from '../../ui/toaster';
import { retentionApi, retentionKeys } from './api';
import { retentionTexts as texts, toCsv } from './texts';

const ZPolicyForm = ZRetentionPolicyBody.superRefine((value, ctx) => checkRetentionRules(value.rules, 'customer', ctx, 'rules'));
type PolicyForm = z.input<typeof ZPolicyForm>;

const toForm = (policy: TRetentionPolicy): TRetentionPolicyBody => ({
  rules: policy.rules.map(({ category, months, basis, action }) => ({ category, months, basis, action })),
  privacy_contact: policy.privacy_contact,
});

/** /beheer/klant/bewaren: the customer's retention policy per category, and whom residents ask (customer administrators). */
export default function PolicyPage() {
  const policy = useQuery({ queryKey: retentionKeys.policy, queryFn: retentionApi.policy });
  return (
    <Page title={texts.policyTitle}>
      <Crumbs crumbs={[{ href: '/klant', label: texts.crumbCustomer }]} current={texts.policyTitle} />
      {policy.isPending ? <Loading /> : policy.isError ? <ErrorState error={policy.error} retry={() => void policy.refetch()} /> : <PolicyForm policy={policy.data} />}
    </Page>
  );
}

function PolicyForm({ policy }: { policy: TRetentionPolicy }) {
  const queryClient = useQueryClient();
  const summary = useErrorSummary();
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, reset, setError, formState: { errors, isSubmitting } } = useForm<PolicyForm, unknown, TRetentionPolicyBody>({
    resolver: zodResolver(ZPolicyForm), defaultValues: toForm(policy), shouldFocusError: false,
  });
  const save = useMutation({ mutationFn: retentionApi.savePolicy });
  const fields = [...policy.rules.flatMap((_, i) => [`rules.${i}.months`, `rules.${i}.basis`, `rules.${i}.action`]), 'privacy_contact'];
  const listed = fields.flatMap((field) => {
    const [list, index, key] = field.split('.');
    const error = list === 'rules' ? errors.rules?.[Number(index)]?.[key as 'months'] : errors.privacy_contact;
    return error?.message ? [{ field, message: error.message }] : [];
  });

  const submit = handleSubmit(async (body) => {
    setFailure(undefined);
    try {
      const saved = await save.mutateAsync(body);
      queryClient.setQueryData(retentionKeys.policy, saved);
      void queryClient.invalidateQueries({ queryKey: retentionKeys.all });
      reset(toForm(saved));
      toast(texts.saved, 'success');
    } catch (error) {
      const placed = serverFieldErrors(error);
      for (const { field, message } of placed) setError(field as 'privacy_contact', { type: 'server', message });
      if (placed.length) summary.focusSummary();
      else setFailure(texts.saveFailed);
    }
  }, summary.focusSummary);

  const exportCsv = () => saveFile({
    filename: 'bewaarbeleid.csv',
    blob: toCsv([
      [texts.category, texts.months, texts.basis, texts.action, 'Wettelijke termijn'],
      ...policy.rules.map((r) => [r.label, r.months, texts.bases[r.basis], texts.actions[r.action], r.hold ?? '']),
    ]),
  });

  return (
    <form noValidate onSubmit={submit} className="flex max-w-4xl flex-col gap-6">
      <ErrorSummary errors={listed} focusKey={summary.focusKey} />
      {failure && <Banner tone="error">{failure}</Banner>}
      <p className="text-slate-800">{texts.policyIntro}</p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {policy.updated_at ? <p className="text-sm text-slate-700">{texts.updatedAt(formatConsoleDateTime(policy.updated_at))}</p> : <span />}
        <Button variant="secondary" onClick={exportCsv}>{texts.exportCsv}</Button>
      </div>
      <ul className="flex flex-col gap-4" aria-label={texts.policyTitle}>
        {policy.rules.map((rule, i) => (
          <li key={rule.category}><RuleFields rule={rule} index={i} register={register} errors={errors} /></li>
        ))}
      </ul>
      <Card className="flex flex-col gap-4">
        <h2 className="text-lg font-semibold">{texts.contactTitle}</h2>
        <TextAreaField label={texts.contact} hint={texts.contactHint} rows={3} maxLength={500} error={errors.privacy_contact?.message} {...register('privacy_contact')} />
        <p className="text-sm text-slate-700">{policy.privacy_page_linked ? texts.pageLinked(policy.privacy_page_path) : texts.pageNotLinked(policy.privacy_page_path)}</p>
        <a href={policy.privacy_page_path} target="_blank" rel="noreferrer" className="self-start text-blue-800 underline underline-offset-2">{texts.openPage}</a>
      </Card>
      <Button type="submit" className="self-start" busy={isSubmitting}>{texts.save}</Button>
    </form>
  );
}

/** One category: how many months, from when, and what then; only the bases and actions its category allows. */
function RuleFields({ rule, index, register, errors }: { rule: TRetentionRuleView; index: number; register: UseFormRegister<PolicyForm>; errors: FieldErrors<PolicyForm> }) {
  const info = RETENTION_CATEGORY_INFO[rule.category];
  const error = errors.rules?.[index];
  const headingId = `rule-${rule.category}`;
  return (
    <Card className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">{rule.label}</h2>
        <p className="text-sm text-slate-700">{info.perProject ? '' : texts.customerWide}{rule.is_default ? `${info.perProject ? '' : ' · '}${texts.isDefault}` : ''}</p>
      </div>
      <p className="text-sm text-slate-700">{rule.holds}</p>
      {rule.hold && <p className="rounded bg-amber-50 p-2 text-sm text-amber-950 ring-1 ring-amber-300">{rule.hold}</p>}
      <div className="grid items-end gap-3 sm:grid-cols-[11rem_1fr_1fr]">
        <TextField label={`${texts.months} (${rule.label.toLowerCase()})`} type="number" inputMode="numeric" min={rule.min_months} max={240} step={1}
          error={error?.months?.message} {...register(`rules.${index}.months`, { valueAsNumber: true })} />
        <LabelledField label={`${texts.basis} (${rule.label.toLowerCase()})`} error={error?.basis?.message}>
          {(control) => (
            <Select {...control} error={error?.basis?.message} {...register(`rules.${index}.basis`)}>
              {rule.bases.map((basis) => <option key={basis} value={basis}>{texts.bases[basis]}</option>)}
            </Select>
          )}
        </LabelledField>
        <LabelledField label={`${texts.action} (${rule.label.toLowerCase()})`} error={error?.action?.message}>
          {(control) => (
            <Select {...control} error={error?.action?.message} {...register(`rules.${index}.action`)}>
              {rule.actions.map((action) => <option key={action} value={action}>{texts.actions[action]}</option>)}
            </Select>
          )}
        </LabelledField>
      </div>
    </Card>
  );
}
