import { useForm } from 'react-hook-form';
import { messages, passwordStrengthMessage } from '@portal/contract';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/field';

export type NewPasswordValues = { password: string; repeat: string };

/** A new password and its repeat, with the spec's rules; the message lists the unmet ones. */
export function NewPasswordForm({ submitLabel, onSubmit, serverError }: { submitLabel: string; onSubmit: (password: string) => Promise<void>; serverError?: string }) {
  const { register, handleSubmit, getValues, formState: { errors, isSubmitting } } = useForm<NewPasswordValues>({ defaultValues: { password: '', repeat: '' } });
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={handleSubmit((v) => onSubmit(v.password))}>
      <TextField
        label="Nieuw wachtwoord"
        type="password"
        autoComplete="new-password"
        required
        hint="Gebruik minimaal 8 tekens, minimaal 1 cijfer, minimaal 1 kleine letter en minimaal 1 hoofdletter."
        error={errors.password?.message ?? serverError}
        {...register('password', { required: messages.passwordRequired, validate: (v) => passwordStrengthMessage(v) ?? true })}
      />
      <TextField
        label="Herhaal wachtwoord"
        type="password"
        autoComplete="new-password"
        required
        error={errors.repeat?.message}
        {...register('repeat', { required: messages.passwordRequired, validate: (v) => v === getValues('password') || messages.passwordsDiffer })}
      />
      <Button type="submit" busy={isSubmitting}>{submitLabel}</Button>
    </form>
  );
}
