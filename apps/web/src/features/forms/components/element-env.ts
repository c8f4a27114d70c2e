import type { TFormFamily, TFormOccupant, TFormPhoto, TFormValue, TFormValues } from '@portal/contract';
import type { PhotoMap } from '../values';

/** What every element input needs besides its element: the section's values and errors and the ways to change them. */
export type ElementEnv = {
  family: TFormFamily;
  values: Readonly<TFormValues>;
  /** Messages by field ('values.{key}'). */
  errors: Readonly<Record<string, string>>;
  readOnly: boolean;
  setValue: (key: string, value: TFormValue) => void;
  /** A message at a field that is not a rule of the contract (a refused photo, a clamped number), or undefined to clear it. */
  setFieldError: (field: string, message: string | undefined) => void;
  photos: Readonly<PhotoMap>;
  upload: (elementId: string, file: File, onProgress: (fraction: number) => void) => Promise<TFormPhoto>;
  setPhoto: (elementId: string, photo: TFormPhoto) => void;
  /** The address's occupants a contact input may name; null where there are none to choose (public forms). */
  occupants: readonly TFormOccupant[] | null;
  /** Choice forms with prices: option surcharges ('€ 12,50', '0,00' as no surcharge) and the calculator's price and total. */
  showPrices?: boolean;
};
