import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  householdMessages, messages, OCCUPANT_MAX_LENGTH, occupantEmailProblem, type TActivateBody, type TOccupantGenderValue,
} from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { formErrors, setServerErrors } from '../../../lib/form-errors';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { ErrorSummary, useErrorSummary } from '../../../ui/error-summary';
import { TextField } from '../../../ui/field';
import { PersonNameFields } from '../../../ui/person-name-fields';
import { PasswordInputs } from './password-fields';

type Values = {
  gender: '' | TOccupantGenderValue;
  first_name: string;
  affix: string;
  last_name: string;
  email_address: string;
  password: string;
  repeat: string;
};
/** The fields in the form's order (the error summary's); the server names the same ones. */
const FIELDS = ['gender', 'first_name', 'affix', 'last_name', 'email_address', 'password', 'repeat'] as const;

export type ActivationIdentity = Pick<TActivateBody, 'first_name' | 'affix' | 'last_name' | 'gender' | 'email_address' | 'password'>;

/**
 * The last step of activation: who the holder is (name; aanhef and e-mail address optional, with why an
 * e-mail address helps) and their password. Nothing is filled in for them: no aanhef is assumed.
 */
export function ActivationForm({ onSubmit }: { onSubmit: (identity: ActivationIdentity) => Promise<void> }) {
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, getValues, setError, formState: { errors, isSubmitting } } = useForm<Values>({
    defaultValues: { gender: '', first_name: '', affix: '', last_name: '', email_address: '', password: '', repeat: '' },
    shouldFocusError: false,
  });
  const summary = useErrorSummary();
  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await onSubmit({
        first_name: values.first_name, affix: values.affix, last_name: values.last_name,
        gender: values.gender || undefined, email_address: values.email_address, password: values.password,
      });
    } catch (error) {
      if (setServerErrors(error, FIELDS, setError)) summary.focusSummary();
      else setFailure(error instanceof ApiError ? error.message : messages.serverError);
    }
  }, summary.focusSummary);
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
      <ErrorSummary errors={formErrors(errors, FIELDS)} focusKey={summary.focusKey} />
      {failure && <Banner tone="error" title="Activeren mislukt">{failure}</Banner>}
      <h2 className="text-lg font-semibold">Uw gegevens</h2>
      <PersonNameFields register={register} errors={errors} genderHint="Niet verplicht. Zonder aanhef spreken wij u aan met uw naam." />
      <TextField label="E-mailadres" type="email" autoComplete="email" maxLength={OCCUPANT_MAX_LENGTH.email_address} hint={householdMessages.emailReason}
        error={errors.email_address?.message} {...register('email_address', { validate: (v) => occupantEmailProblem(v) ?? true })} />
      <h2 className="mt-2 text-lg font-semibold">Uw wachtwoord</h2>
      <p className="-mt-2 text-sm text-slate-700">Hiermee logt u voortaan in met uw postcode en huisnummer.</p>
      <PasswordInputs register={register} errors={errors} getValues={getValues} />
      <Button type="submit" busy={isSubmitting}>Account activeren</Button>
    </form>
  );
}
