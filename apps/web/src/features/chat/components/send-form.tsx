import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CHAT_EMAIL_MAX_LENGTH, CHAT_MESSAGE_MAX_LENGTH, CHAT_NAME_MAX_LENGTH, CHAT_TEXTAREA_ROWS, chatMessages, isValidEmail } from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { formErrors, setServerErrors } from '../../../lib/form-errors';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { ErrorSummary, useErrorSummary } from '../../../ui/error-summary';
import { TextField } from '../../../ui/field';
import { TextAreaField } from '../../../ui/textarea-field';
import { toast } from '../../../ui/toaster';
import { chatTexts } from '../texts';

export type SendValues = { from_name: string; from_email: string; message: string };
const FIELDS = ['from_name', 'from_email', 'message'] as const;

type Props = {
  /** A resident or a team member only writes a message; a public visitor also gives a name and optionally an e-mail. */
  kind: 'resident' | 'visitor' | 'partner';
  defaults?: { name?: string | null; email?: string | null };
  onSend: (values: SendValues) => Promise<unknown>;
};

/** The send box: a 3-row textarea (spec section 9), the spec's validation texts, 'Bericht verzonden' on success. */
export function SendForm({ kind, defaults, onSend }: Props) {
  const titleId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const isVisitor = kind === 'visitor';
  const { register, handleSubmit, reset, setError, formState: { errors, isSubmitting } } = useForm<SendValues>({
    defaultValues: { from_name: defaults?.name ?? '', from_email: defaults?.email ?? '', message: '' },
    shouldFocusError: false,
  });
  // Also for the one-field box of a resident: every form of the portal answers a failed submit the same way.
  const summary = useErrorSummary();

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const clean = { from_name: values.from_name.trim(), from_email: values.from_email.trim(), message: values.message.trim() };
    try {
      await onSend(clean);
      toast(chatMessages.sent, 'success');
      reset({ ...clean, message: '' });
    } catch (error) {
      if (setServerErrors(error, FIELDS, setError)) summary.focusSummary();
      else setFailure(error instanceof ApiError ? error.message : chatTexts.sendFailed);
    }
  }, summary.focusSummary);

  return (
    <form noValidate onSubmit={submit} aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-lg font-semibold">{chatTexts.sendTitle}</h2>
      <ErrorSummary errors={formErrors(errors, FIELDS)} focusKey={summary.focusKey} headingLevel={3} />
      {failure && <Banner tone="error" title={chatTexts.sendFailed}>{failure}</Banner>}
      {isVisitor && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={chatTexts.name}
            autoComplete="name"
            required
            maxLength={CHAT_NAME_MAX_LENGTH}
            error={errors.from_name?.message}
            {...register('from_name', { validate: (v) => v.trim() !== '' || chatMessages.nameRequired })}
          />
          <TextField
            label={chatTexts.email}
            type="email"
            autoComplete="email"
            maxLength={CHAT_EMAIL_MAX_LENGTH}
            hint={chatTexts.emailHint}
            error={errors.from_email?.message}
            {...register('from_email', { validate: (v) => v.trim() === '' || isValidEmail(v.trim()) || chatMessages.emailInvalid })}
          />
        </div>
      )}
      <TextAreaField
        label={kind === 'partner' ? chatTexts.reply : chatTexts.message}
        rows={CHAT_TEXTAREA_ROWS}
        required
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        error={errors.message?.message}
        onKeyDown={(event) => {
          // Ctrl+Enter (or Cmd+Enter) sends; Enter alone is a new line.
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void submit();
          }
        }}
        {...register('message', { validate: (v) => v.trim() !== '' || chatMessages.messageRequired })}
      />
      <Button type="submit" busy={isSubmitting} className="self-start">{chatTexts.send}</Button>
    </form>
  );
}
