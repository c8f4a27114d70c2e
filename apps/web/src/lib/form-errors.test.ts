import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { errorList, formErrors, setServerErrors } from './form-errors';

type Values = { first_name: string; mobile: string };
const FIELDS = ['first_name', 'mobile'] as const;

/** setServerErrors with a recording setError. */
function place(error: unknown) {
  const set: Array<[string, string | undefined]> = [];
  const placed = setServerErrors<Values>(error, FIELDS, (name, e) => set.push([name, e.message]));
  return { placed, set };
}

describe('setServerErrors: a 422 mapped onto the form’s fields', () => {
  it('puts the first message of each of the form’s fields on it, and leaves fields the form does not have', () => {
    const error = new ApiError(422, {
      message: 'Formulier niet goed ingevuld',
      errors: [
        { field: 'mobile', message: 'Vul minimaal 10 cijfers in' },
        { field: 'mobile', message: 'Deze waarde is ongeldig' },
        { field: 'language', message: 'Onbekende taal' },
      ],
    });
    expect(place(error)).toEqual({ placed: true, set: [['mobile', 'Vul minimaal 10 cijfers in']] });
  });

  it('places nothing for another status, a 422 without field errors or one about other fields, so the form shows the message whole', () => {
    expect(place(new ApiError(409, { message: 'Dit tijdstip is intussen vol', errors: [{ field: 'mobile', message: 'x' }] })).placed).toBe(false);
    expect(place(new ApiError(422, { message: 'Het huidige wachtwoord is onjuist.' })).placed).toBe(false);
    expect(place(new ApiError(422, { message: 'Formulier niet goed ingevuld', errors: [{ field: 'code', message: 'Ongeldig' }] })).placed).toBe(false);
    expect(place(new Error('network')).placed).toBe(false);
  });
});

describe('the summary’s list', () => {
  it('takes react-hook-form’s errors in the form’s order, skipping fields without a message', () => {
    const errors = { mobile: { type: 'validate', message: 'Vul minimaal 10 cijfers in' }, first_name: { type: 'required', message: 'Vul een voornaam in' } };
    expect(formErrors<Values>(errors, FIELDS)).toEqual([
      { field: 'first_name', message: 'Vul een voornaam in' },
      { field: 'mobile', message: 'Vul minimaal 10 cijfers in' },
    ]);
    expect(formErrors<Values>({ first_name: { type: 'required', message: '' } }, FIELDS)).toEqual([]);
  });

  it('takes a hand-kept record in its own order, skipping empty entries', () => {
    expect(errorList({ zipcode: 'Vul een postcode in', house_number: undefined, password: 'Vul een wachtwoord of activatiecode in' })).toEqual([
      { field: 'zipcode', message: 'Vul een postcode in' },
      { field: 'password', message: 'Vul een wachtwoord of activatiecode in' },
    ]);
  });
});
