import { FORM_LIMITS } from '@portal/contract';
import { describedBy, fieldDomId, FieldSingle, inputClass } from '../../../ui/question-field';

type Props = {
  /** How many signers (inputs 1..count). */
  count: number;
  names: readonly string[];
  onChange: (index: number, value: string) => void;
  /** Messages by field (`names.{i}`, 0-based, as the server names them in a 422). */
  errors?: Partial<Record<string, string>>;
  required?: boolean;
  label: (nr: number) => string;
  hint?: string;
};

/**
 * The signers' names for legal signing, one text input per signer: the generic form asks them with the
 * number of signatures (optional there), the support-base form too (required: the signed document and the
 * receipt name each signer). Inputs are named `names.{i}`, so a 422's field errors and the error summary
 * find them.
 */
export function SignerNameFields({ count, names, onChange, errors, required, label, hint }: Props) {
  if (count < 1) return null;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {Array.from({ length: count }, (_, i) => {
        const field = `names.${i}`;
        const error = errors?.[field];
        return (
          <FieldSingle key={i} field={field} label={label(i + 1)} required={required} error={error} hint={hint}>
            <input
              id={fieldDomId(field)}
              name={field}
              type="text"
              autoComplete={i === 0 ? 'name' : 'off'}
              maxLength={FORM_LIMITS.contactFieldMax}
              value={names[i] ?? ''}
              onChange={(e) => onChange(i, e.target.value)}
              aria-required={required || undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(field, { hint: !!hint, error })}
              className={inputClass(error)}
            />
          </FieldSingle>
        );
      })}
    </div>
  );
}
