import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH, roleCan, STAFF_NAME_MAX_LENGTH, STAFF_ROLES, ZStaffAccountCreate, type TStaffAccount, type TStaffProjectChoice, type TStaffRole,
} from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { formErrors, type FormError } from '../../../lib/form-errors';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { ErrorSummary, useErrorSummary } from '../../../ui/error-summary';
import { Checkbox, TextField } from '../../../ui/field';
import { RadioGroup, RadioOption } from '../../../ui/radio-group';
import { toast } from '../../../ui/toaster';
import { consoleAccountsApi } from '../api';
import { t } from '../texts';

/** The contract's rules for name, e-mail and role; projects as the check boxes give them (ids as text). */
const ZForm = z.object({
  name: ZStaffAccountCreate.shape.name,
  email: ZStaffAccountCreate.shape.email,
  role: ZStaffAccountCreate.shape.role,
  project_ids: z.array(z.string()),
  disabled: z.boolean(),
});
type Values = { name: string; email: string; role: TStaffRole; project_ids: string[]; disabled: boolean };
const FIELDS = ['name', 'email', 'role', 'project_ids', 'disabled'] as const;

const messageOf = (error: unknown) => (error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : t.failed);

/**
 * Create a staff account (`account` null) or change one: name, e-mail (new accounts only), role, the
 * projects of a project editor, disabled; for an existing account also reset TOTP and send a new link.
 */
export function AccountDialog({ account, projects, onClose, onChanged }: {
  account: TStaffAccount | null;
  projects: TStaffProjectChoice[];
  onClose: () => void;
  onChanged: () => void;
}) {
  const summary = useErrorSummary();
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const [acting, setActing] = useState(false);
  const { register, handleSubmit, setError, watch, formState: { errors, isSubmitting } } = useForm<Values>({
    resolver: zodResolver(ZForm),
    defaultValues: {
      name: account?.name ?? '', email: account?.email ?? '', role: account?.role ?? 'project-editor',
      project_ids: (account?.project_ids ?? []).map(String), disabled: account?.disabled ?? false,
    },
    shouldFocusError: false,
  });
  const role = watch('role');

  /** A 422 or 409 naming fields lands on them; anything else is said above the form. */
  const placeErrors = (error: unknown): boolean => {
    const found: FormError[] = error instanceof ApiError && (error.status === 422 || error.status === 409) ? (error.body.errors ?? []) : [];
    const ours = found.filter((e) => (FIELDS as readonly string[]).includes(e.field));
    for (const e of ours) setError(e.field as (typeof FIELDS)[number], { type: 'server', message: e.message });
    return ours.length > 0;
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const projectIds = roleCan(values.role, 'projects.all') ? [] : values.project_ids.map(Number);
    try {
      if (account) {
        await consoleAccountsApi.update(account.id, { name: values.name, role: values.role, project_ids: projectIds, disabled: values.disabled });
        toast(t.saved, 'success');
      } else {
        await consoleAccountsApi.create({ name: values.name, email: values.email, role: values.role, project_ids: projectIds });
        toast(t.created, 'success');
      }
      onChanged();
      onClose();
    } catch (error) {
      if (placeErrors(error)) summary.focusSummary();
      else setFailure(messageOf(error));
    }
  }, summary.focusSummary);

  const act = async (run: () => Promise<unknown>, done: string) => {
    setActing(true);
    setFailure(null);
    try {
      await run();
      toast(done, 'success');
      onChanged();
      onClose();
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setActing(false);
    }
  };

  return (
    <Dialog open title={account ? t.editTitle(account.name) : t.newAccount} onClose={onClose}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <ErrorSummary errors={formErrors(errors, FIELDS)} focusKey={summary.focusKey} headingLevel={3} />
        {failure && <Banner tone="error">{failure}</Banner>}
        <TextField label={t.name} autoComplete="off" required maxLength={STAFF_NAME_MAX_LENGTH} error={errors.name?.message} {...register('name')} />
        <TextField label={t.email} type="email" autoComplete="off" required maxLength={EMAIL_MAX_LENGTH} readOnly={!!account}
          hint={account ? undefined : 'De medewerker ontvangt op dit adres een uitnodiging om een wachtwoord te kiezen.'}
          error={errors.email?.message} {...register('email')} />
        <RadioGroup legend={t.role} required error={errors.role?.message}>
          {({ describedBy, invalid }) => STAFF_ROLES.map((value) => (
            <div key={value}>
              <RadioOption label={t.roles[value]} value={value} aria-describedby={describedBy} aria-invalid={invalid} {...register('role')} />
              <p className="ml-8 text-xs text-slate-600">{t.roleHints[value]}</p>
            </div>
          ))}
        </RadioGroup>
        {!roleCan(role, 'projects.all') && (
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-medium text-slate-800">{t.chooseProjects}</legend>
            {projects.length === 0 && <p className="text-sm text-slate-700">{t.noProjects}</p>}
            {projects.map((project) => (
              <Checkbox key={project.id} value={String(project.id)} label={project.archived ? `${project.name} (${t.archived})` : project.name} {...register('project_ids')} />
            ))}
            {errors.project_ids?.message && <p className="text-sm font-medium text-red-700" data-field-error="">{errors.project_ids.message}</p>}
          </fieldset>
        )}
        {account && <Checkbox label={t.disableAccount} {...register('disabled')} />}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t.cancel}</Button>
          <Button type="submit" busy={isSubmitting}>{t.save}</Button>
        </div>
      </form>
      {account && (
        <div className="flex flex-col gap-3 border-t border-slate-200 pt-4">
          {account.totp_enabled && (confirmReset ? (
            <div className="flex flex-col gap-2 rounded-md bg-amber-50 p-3">
              <p className="text-sm text-amber-900">{t.resetTotpConfirm}</p>
              <div className="flex flex-wrap gap-2">
                <Button variant="danger" busy={acting} onClick={() => void act(() => consoleAccountsApi.resetTotp(account.id), t.resetTotpDone)}>{t.resetTotp}</Button>
                <Button variant="secondary" onClick={() => setConfirmReset(false)}>{t.cancel}</Button>
              </div>
            </div>
          ) : (
            <Button variant="secondary" className="self-start" onClick={() => setConfirmReset(true)}>{t.resetTotp}</Button>
          ))}
          {!account.disabled && (
            <Button variant="secondary" className="self-start" busy={acting} onClick={() => void act(() => consoleAccountsApi.invite(account.id), t.sendLinkDone)}>
              {t.sendLink}
            </Button>
          )}
        </div>
      )}
    </Dialog>
  );
}
