import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import {
  householdMessages, OCCUPANT_MAX_LENGTH, occupantEmailProblem, occupantPhoneProblem, PASSWORD_MAX_LENGTH, passwordStrengthMessage,
  type TOccupant, type TOccupantGenderValue,
} from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { formErrors, setServerErrors } from '../../../lib/form-errors';
import { Banner } from '../../../ui/banner';
import { Button, ButtonLink } from '../../../ui/button';
import { ErrorSummary, useErrorSummary } from '../../../ui/error-summary';
import { Checkbox, TextField } from '../../../ui/field';
import { PersonNameFields } from '../../../ui/person-name-fields';
import { toast } from '../../../ui/toaster';
import { householdApi, householdKeys } from '../api';
import { text } from '../text';

type Values = {
  gender: '' | TOccupantGenderValue;
  first_name: string;
  affix: string;
  last_name: string;
  email_address: string;
  telephone: string;
  mobile: string;
  prefer_email: boolean;
  password: string;
  repeat: string;
};
/** The fields in the form's order (the error summary's order); the server names the same ones. */
const FIELDS = ['gender', 'first_name', 'affix', 'last_name', 'email_address', 'telephone', 'mobile', 'password', 'repeat'] as const;

const valuesOf = (occupant?: TOccupant): Values => ({
  gender: occupant?.gender ?? '',
  first_name: occupant?.first_name ?? '',
  affix: occupant?.affix ?? '',
  last_name: occupant?.last_name ?? '',
  email_address: occupant?.email_address ?? '',
  telephone: occupant?.telephone ?? '',
  mobile: occupant?.mobile ?? '',
  prefer_email: occupant?.prefer_email ?? true,
  password: '',
  repeat: '',
});

/**
 * Adds a member of the household (with an account: password and its repeat) or changes one
 * (without a password), with the spec's texts; the server checks the same rules.
 */
export function OccupantForm({ occupant }: { occupant?: TOccupant }) {
  const isNew = !occupant;
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string>();
  // Focus goes to the error summary, not to the first field.
  const { register, handleSubmit, getValues, setError, formState: { errors } } = useForm<Values>({ defaultValues: valuesOf(occupant), shouldFocusError: false });
  const summary = useErrorSummary();

  const save = useMutation({
    mutationFn: (values: Values) => {
      const body = {
        gender: values.gender as TOccupantGenderValue,
        first_name: values.first_name,
        affix: values.affix,
        last_name: values.last_name,
        email_address: values.email_address,
        telephone: values.telephone,
        mobile: values.mobile,
        prefer_email: values.prefer_email,
      };
      if (!occupant) return householdApi.create({ ...body, password: values.password });
      // An address the caller may not change is sent as it is stored (the server would refuse another).
      return householdApi.update(occupant.id, occupant.can_change_email ? body : { ...body, email_address: occupant.email_address });
    },
    onSuccess: async (result) => {
      toast(result.message, 'success');
      await queryClient.invalidateQueries({ queryKey: householdKeys.all });
      navigate('/profiel');
    },
    onError: (error) => {
      if (setServerErrors(error, FIELDS, setError)) summary.focusSummary();
      else setFailure(error instanceof ApiError ? error.message : text.failed);
    },
  });

  const optional = (problem: (v: string) => string | null) => ({ validate: (v: string) => problem(v) ?? true });
  return (
    <form noValidate className="flex max-w-xl flex-col gap-4" onSubmit={handleSubmit((values) => { setFailure(undefined); save.mutate(values); }, summary.focusSummary)}>
      <ErrorSummary errors={formErrors(errors, FIELDS)} focusKey={summary.focusKey} />
      {failure && <Banner tone="error">{failure}</Banner>}
      <PersonNameFields register={register} errors={errors} genderRequired />
      {occupant && !occupant.can_change_email ? (
        <LockedEmail occupant={occupant} />
      ) : (
        <TextField label={text.email} type="email" autoComplete="email" maxLength={OCCUPANT_MAX_LENGTH.email_address} error={errors.email_address?.message}
          hint={occupant?.pending_email_address ? text.pendingEmail(occupant.pending_email_address) : occupant?.has_account ? text.emailChangeHint : undefined}
          {...register('email_address', optional(occupantEmailProblem))} />
      )}
      <TextField label={text.telephone} type="tel" inputMode="tel" autoComplete="tel" maxLength={OCCUPANT_MAX_LENGTH.telephone} error={errors.telephone?.message}
        {...register('telephone', optional(occupantPhoneProblem))} />
      <TextField label={text.mobile} type="tel" inputMode="tel" autoComplete="tel" maxLength={OCCUPANT_MAX_LENGTH.mobile} error={errors.mobile?.message}
        {...register('mobile', optional(occupantPhoneProblem))} />
      <Checkbox label={text.preferEmail} {...register('prefer_email')} />
      {isNew && (
        <>
          <TextField label={text.password} type="password" autoComplete="new-password" required maxLength={PASSWORD_MAX_LENGTH} hint={text.passwordHint} error={errors.password?.message}
            {...register('password', { required: householdMessages.passwordRequired, validate: (v) => passwordStrengthMessage(v) ?? true })} />
          <TextField label={text.repeatPassword} type="password" autoComplete="new-password" required maxLength={PASSWORD_MAX_LENGTH} error={errors.repeat?.message}
            {...register('repeat', { validate: (v) => v === getValues('password') || householdMessages.passwordsDiffer })} />
        </>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={save.isPending}>{text.save}</Button>
        <ButtonLink variant="secondary" to="/profiel">{text.cancel}</ButtonLink>
      </div>
    </form>
  );
}

/** The e-mail address of someone whose address the caller may not change: shown, not editable. */
function LockedEmail({ occupant }: { occupant: TOccupant }) {
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm font-medium text-slate-800">{text.email}</p>
      <p className="min-h-11 rounded-md border border-slate-300 bg-slate-100 px-3 py-2 text-base text-slate-900">
        {occupant.email_address || <span className="text-slate-600">{text.unknown}</span>}
      </p>
      <p className="text-xs text-slate-600">
        {text.emailLocked(occupant)}
        {occupant.pending_email_address && <> {text.pendingEmail(occupant.pending_email_address)}</>}
      </p>
    </div>
  );
}
