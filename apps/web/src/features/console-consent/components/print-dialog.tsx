import { useQueryClient } from '@tanstack/react-query';
import { addDays } from 'date-fns';
import { useState } from 'react';
import { CONSENT_LETTER_DEFAULT_DAYS, type TConsentLetterForm } from '@portal/contract';
import { formatConsoleDate } from '../../../lib/console-format';
import { DateField, formatDutchDate, parseDutchDate } from '../../../ui/date-field';
import { MakePdfDialog } from '../../../ui/make-pdf-dialog';
import { consentLetterApi, consentLetterKeys } from '../api';
import { consentLetterTexts as texts } from '../texts';

/** The addresses to print for: chosen ones, or every address of the project that is not vacant. */
export type PrintTarget = { ids: number[] } | 'all';

/** The form's close date, else two weeks from today. */
const proposedDeadline = (form: TConsentLetterForm) =>
  form.close_date ? formatConsoleDate(form.close_date) : formatDutchDate(addDays(new Date(), CONSENT_LETTER_DEFAULT_DAYS));

/** Asks the deadline, warns that earlier letters stop working, and makes the letters (one PDF). */
export function PrintLettersDialog({ projectId, form, target, onClose, onMade }: {
  projectId: number; form: TConsentLetterForm; target: PrintTarget; onClose: () => void; onMade: () => void;
}) {
  const queryClient = useQueryClient();
  const [deadline, setDeadline] = useState(() => proposedDeadline(form));
  const [error, setError] = useState<string>();
  const count = target === 'all' ? form.occupied : target.ids.length;
  return (
    <MakePdfDialog
      title={texts.print.dialogTitle}
      texts={{ ...texts.print, cancel: texts.cancel, close: texts.close, fallback: texts.failed }}
      make={() => consentLetterApi.print(projectId, form.id, { ...(target === 'all' ? { all: true } : { address_ids: target.ids }), deadline })}
      validate={() => {
        if (parseDutchDate(deadline)) return true;
        setError(texts.print.deadlineInvalid);
        return false;
      }}
      disabled={count === 0}
      onMade={async () => {
        onMade();
        await queryClient.invalidateQueries({ queryKey: consentLetterKeys.project(projectId) });
      }}
      onClose={onClose}
    >
      <p>{texts.print.intro(count, form.name)}</p>
      <DateField
        label={texts.print.deadline} value={deadline} required error={error} hint={texts.print.deadlineHint}
        onChange={(value) => {
          setDeadline(value);
          setError(undefined);
        }}
      />
    </MakePdfDialog>
  );
}
