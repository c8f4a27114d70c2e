import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { householdMessages, OCCUPANT_GENDERS, OCCUPANT_MAX_LENGTH, type TOccupantGenderValue } from '@portal/contract';
import { TextField } from './field';
import { RadioGroup, RadioOption } from './radio-group';

/** The person fields a form shares with every other form that names an occupant. */
export type PersonNameValues = { gender: '' | TOccupantGenderValue; first_name: string; affix: string; last_name: string };

const filled = (message: string) => ({ validate: (v: string) => (v.trim() ? true : message) });

/**
 * Aanhef (Man, Vrouw, Geen aanhef), voornaam, tussenvoegsel and achternaam of an occupant, as the activation and the
 * household forms ask them. `genderHint` shows under the legend when the aanhef is optional; `genderRequired` makes
 * choosing one (Geen aanhef included) required.
 */
export function PersonNameFields<T extends PersonNameValues>(props: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  genderRequired?: boolean;
  genderHint?: string;
}) {
  // The fields are this piece's own; react-hook-form cannot see that a generic T holds them.
  const register = props.register as unknown as UseFormRegister<PersonNameValues>;
  const errors = props.errors as FieldErrors<PersonNameValues>;
  const { genderRequired = false, genderHint } = props;
  return (
    <>
      <RadioGroup legend="Aanhef" required={genderRequired} error={errors.gender?.message}>
        {({ describedBy, invalid }) => (
          <>
            {genderHint && <p className="-mt-1 text-sm text-slate-700" id="gender-hint">{genderHint}</p>}
            <div className="flex flex-wrap gap-x-6">
              {OCCUPANT_GENDERS.map((g) => (
                <RadioOption key={g.value} value={g.value} label={g.label} aria-describedby={describedBy ?? (genderHint ? 'gender-hint' : undefined)}
                  aria-invalid={invalid} {...register('gender', genderRequired ? { required: householdMessages.genderRequired } : {})} />
              ))}
            </div>
          </>
        )}
      </RadioGroup>
      <TextField label="Voornaam" required autoComplete="given-name" maxLength={OCCUPANT_MAX_LENGTH.first_name} error={errors.first_name?.message}
        {...register('first_name', filled(householdMessages.firstNameRequired))} />
      <TextField label="Tussenvoegsel" autoComplete="additional-name" maxLength={OCCUPANT_MAX_LENGTH.affix} error={errors.affix?.message} {...register('affix')} />
      <TextField label="Achternaam" required autoComplete="family-name" maxLength={OCCUPANT_MAX_LENGTH.last_name} error={errors.last_name?.message}
        {...register('last_name', filled(householdMessages.lastNameRequired))} />
    </>
  );
}
