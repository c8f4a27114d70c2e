import type { ReactNode } from 'react';
import {
  CONTACT_GENDER_LABELS, CONTACT_GENDERS, contactFieldAsked, FORM_LIMITS, formValueField, isRequired,
  type TContactPerson, type TContactValue, type TFormElementData, type TFormOccupant,
} from '@portal/contract';
import { Checkbox } from '../../../ui/field';
import { describedBy, fieldDomId, FieldGroup, inputClass, RequiredMark } from '../../../ui/question-field';
import { RadioOption } from '../../../ui/radio-group';
import { Select } from '../../../ui/select';
import { formTexts } from '../texts';
import type { InputProps } from './element-inputs';

export const EMPTY_CONTACT: TContactPerson = {
  gender: null, initials: null, first_name: null, affix: null, last_name: null, description: null, email_address: null, prefer_email: false,
  telephone: null, mobile: null, different_address: false, street: null, house_number: null, house_number_suffix: null, zipcode: null, city: null,
};

const AFFIXES = new Set(['van', 'de', 'der', 'den', 'het', "'t", 'ter', 'ten', 'te', 'in', 'op', 'onder', 'vd', 'v.d.']);

/** An occupant's name split for the contact fields: 'Jan de Vries' becomes Jan, de, Vries (the person may correct it). */
export function splitFullName(fullName: string): Pick<TContactPerson, 'first_name' | 'affix' | 'last_name'> {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { first_name: null, affix: null, last_name: words[0] ?? null };
  const [first, ...rest] = words;
  const affix: string[] = [];
  while (rest.length > 1 && AFFIXES.has(rest[0]!.toLowerCase())) affix.push(rest.shift()!);
  return { first_name: first!, affix: affix.join(' ') || null, last_name: rest.join(' ') };
}

/**
 * An occupant as a contact, with the name fields the input asks: without Tussenvoegsel the affix stays
 * with the last name ('de Vries'); without Voornaam the first name is left out.
 */
export function occupantContact(data: Pick<TFormElementData, 'contact_fields'>, fullName: string): TContactPerson {
  const { first_name: first, affix, last_name: last } = splitFullName(fullName);
  const asks = (field: 'first_name' | 'affix') => contactFieldAsked(data, field);
  return {
    ...EMPTY_CONTACT,
    first_name: asks('first_name') ? first : null,
    affix: asks('affix') ? affix : null,
    last_name: [asks('affix') ? null : affix, last].filter(Boolean).join(' ') || null,
  };
}

/** The contact input's value in the values map, or none. */
export function contactOf(value: unknown): TContactValue | null {
  return value && typeof value === 'object' && !Array.isArray(value) && 'cp_id' in value ? (value as TContactValue) : null;
}

type TextKey = Exclude<keyof TContactPerson, 'gender' | 'prefer_email' | 'different_address'>;

/**
 * A contact person: none, one typed in ('Vul zelf een contactpersoon in'), or an occupant of the
 * address. The contact's fields show once one is chosen, only those the element's per-field flags ask
 * (spec 3.2); Achternaam is then required; the address fields show only with 'Ander adres' ticked.
 */
export function ContactInput({ element, env }: InputProps) {
  const field = formValueField(element.id);
  const error = env.errors[field];
  const contact = contactOf(env.values[element.id]);
  const choice = contact ? String(contact.cp_id) : 'none';
  const chosen = choice !== 'none';
  const cp = contact?.cp ?? EMPTY_CONTACT;
  const occupants: readonly TFormOccupant[] = env.occupants ?? [];
  const required = isRequired(env.family, element);
  const idOf = (key: string) => fieldDomId(`${field}.${key}`);

  const choose = (next: string) => {
    if (next === 'none') return env.setValue(element.id, null);
    if (next === 'custom') return env.setValue(element.id, { cp_id: 'custom', cp: contact?.cp_id === 'custom' ? cp : EMPTY_CONTACT });
    const occupant = occupants.find((o) => String(o.id) === next);
    if (occupant) env.setValue(element.id, { cp_id: occupant.id, cp: occupantContact(element.data, occupant.full_name) });
  };
  const patch = (change: Partial<TContactPerson>) => {
    if (contact) env.setValue(element.id, { ...contact, cp: { ...cp, ...change } });
  };

  const asks = (key: keyof TContactPerson) => contactFieldAsked(element.data, key);
  const textField = (key: TextKey, label: string, options: { required?: boolean; type?: string; autoComplete?: string; wide?: boolean } = {}): ReactNode => asks(key) && (
    <div className={`flex flex-col gap-1 ${options.wide ? 'sm:col-span-2' : ''}`}>
      <label htmlFor={idOf(key)} className="text-sm font-medium text-slate-800">
        {label}
        {options.required && <RequiredMark />}
      </label>
      <input
        id={idOf(key)}
        // With a contact chosen, its last name carries the field's name: the error summary leads there.
        name={key === 'last_name' ? field : `${field}.${key}`}
        type={options.type ?? 'text'}
        autoComplete={options.autoComplete ?? 'off'}
        value={cp[key] ?? ''}
        maxLength={FORM_LIMITS.contactFieldMax}
        disabled={env.readOnly}
        aria-required={options.required || undefined}
        aria-invalid={error && key === 'last_name' ? true : undefined}
        aria-describedby={key === 'last_name' ? describedBy(field, { error }) : undefined}
        onChange={(e) => patch({ [key]: e.target.value || null })}
        className={inputClass(key === 'last_name' ? error : undefined)}
      />
    </div>
  );

  const checkbox = (key: 'prefer_email' | 'different_address', label: string): ReactNode => asks(key) && (
    <Checkbox name={`${field}.${key}`} label={label} checked={cp[key]} disabled={env.readOnly} onChange={(e) => patch({ [key]: e.target.checked })} />
  );

  return (
    <FieldGroup field={field} label={element.data.label ?? ''} required={required} error={error}>
      <div className="flex flex-col gap-1 sm:max-w-md">
        <label htmlFor={idOf('cp_id')} className="text-sm font-medium text-slate-800">{formTexts.contactChoice}</label>
        <Select
          // The group (a fieldset) carries the field's own id.
          id={idOf('cp_id')}
          name={chosen ? `${field}.cp_id` : field}
          value={choice}
          disabled={env.readOnly}
          error={chosen ? undefined : error}
          aria-describedby={chosen ? undefined : describedBy(field, { error })}
          onChange={(e) => choose(e.target.value)}
        >
          <option value="none">{formTexts.contactNone}</option>
          <option value="custom">{formTexts.contactCustom}</option>
          {occupants.map((o) => <option key={o.id} value={String(o.id)}>{o.full_name}</option>)}
        </Select>
      </div>
      {chosen && (
        <div className="flex flex-col gap-4">
          {asks('gender') && (
            <fieldset className="flex flex-col">
              <legend className="text-sm font-medium text-slate-800">{formTexts.contactGender}</legend>
              <div className="flex flex-wrap gap-x-6">
                {CONTACT_GENDERS.map((gender) => (
                  <RadioOption
                    key={gender}
                    name={`${field}.gender`}
                    value={gender}
                    label={CONTACT_GENDER_LABELS[gender]}
                    checked={cp.gender === gender}
                    disabled={env.readOnly}
                    onChange={() => patch({ gender })}
                  />
                ))}
              </div>
            </fieldset>
          )}
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {textField('initials', formTexts.contactInitials)}
            {textField('first_name', formTexts.contactFirstName, { autoComplete: 'off' })}
            {textField('affix', formTexts.contactAffix)}
            {textField('last_name', formTexts.contactLastName, { required: true })}
            {textField('description', formTexts.contactDescription, { wide: true })}
            {textField('email_address', formTexts.contactEmail, { type: 'email' })}
            {textField('telephone', formTexts.contactTelephone, { type: 'tel' })}
            {textField('mobile', formTexts.contactMobile, { type: 'tel' })}
          </div>
          {checkbox('prefer_email', formTexts.contactPreferEmail)}
          {checkbox('different_address', formTexts.contactDifferentAddress)}
          {asks('different_address') && cp.different_address && (
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {textField('street', formTexts.contactStreet, { wide: true })}
              {textField('house_number', formTexts.contactHouseNumber)}
              {textField('house_number_suffix', formTexts.contactSuffix)}
              {textField('zipcode', formTexts.contactZipcode)}
              {textField('city', formTexts.contactCity)}
            </div>
          )}
        </div>
      )}
    </FieldGroup>
  );
}
