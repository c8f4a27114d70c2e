import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ADDRESS_BUILDING_UNIT_MAX, ADDRESS_CITY_MAX, ADDRESS_STREET_MAX, checkAddressDetails, type TStaffAddress } from '@portal/contract';
import { serverFieldErrors, type FormError } from '../../../lib/form-errors';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { ErrorSummary, useErrorSummary } from '../../../ui/error-summary';
import { Checkbox, TextField } from '../../../ui/field';
import { toast, toastError } from '../../../ui/toaster';
import { addressApi, addressKeys } from '../api';
import { addressLabel, addressTexts as texts } from '../texts';

type Fields = { street: string; city: string; lat: string; lng: string; building_unit: string };
const FIELD_ORDER: Array<keyof Fields> = ['street', 'city', 'lat', 'lng', 'building_unit'];
const coordinate = (value: number | null) => (value === null ? '' : String(value).replace('.', ','));

/**
 * Edits one address (customer administrators): street, city, coordinates, building unit and vacancy, with
 * the same checks as the server (the contract's checkAddressDetails) and its Dutch messages.
 */
export function AddressEditDialog({ projectId, address, onClose }: { projectId: number; address: TStaffAddress; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<Fields>({
    street: address.street, city: address.city, lat: coordinate(address.lat), lng: coordinate(address.lng), building_unit: address.building_unit ?? '',
  });
  const [vacant, setVacant] = useState(address.vacant);
  const [errors, setErrors] = useState<FormError[]>([]);
  const { focusKey, focusSummary } = useErrorSummary();
  const save = useMutation({
    mutationFn: () => addressApi.update(projectId, address.id, { ...fields, vacant }),
    onSuccess: async () => {
      toast(texts.editDialog.saved, 'success');
      await queryClient.invalidateQueries({ queryKey: addressKeys.project(projectId) });
      onClose();
    },
    onError: (error) => {
      const fieldErrors = serverFieldErrors(error);
      if (fieldErrors.length) {
        setErrors(fieldErrors);
        focusSummary();
      } else toastError(error, texts.failed);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkAddressDetails(fields).errors;
    const ordered = FIELD_ORDER.flatMap((field) => found.filter((e) => e.field === field).slice(0, 1));
    setErrors(ordered);
    if (ordered.length) return focusSummary();
    save.mutate();
  };
  const errorOf = (field: keyof Fields) => errors.find((e) => e.field === field)?.message;
  const set = (field: keyof Fields) => (event: React.ChangeEvent<HTMLInputElement>) => setFields((f) => ({ ...f, [field]: event.target.value }));

  return (
    <Dialog open title={texts.editDialog.title(addressLabel(address))} onClose={onClose}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <ErrorSummary errors={errors} focusKey={focusKey} headingLevel={3} />
        <p className="text-sm text-slate-700">{texts.editDialog.loginHint}</p>
        <TextField id="street" name="street" label={texts.editDialog.street} required value={fields.street} onChange={set('street')} error={errorOf('street')} maxLength={ADDRESS_STREET_MAX} autoComplete="off" />
        <TextField id="city" name="city" label={texts.editDialog.city} required value={fields.city} onChange={set('city')} error={errorOf('city')} maxLength={ADDRESS_CITY_MAX} autoComplete="off" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id="lat" name="lat" label={texts.editDialog.lat} inputMode="decimal" value={fields.lat} onChange={set('lat')} error={errorOf('lat')} maxLength={20} autoComplete="off" />
          <TextField id="lng" name="lng" label={texts.editDialog.lng} inputMode="decimal" value={fields.lng} onChange={set('lng')} error={errorOf('lng')} maxLength={20} autoComplete="off" />
        </div>
        <p className="-mt-2 text-xs text-slate-600">{texts.editDialog.coordinatesHint}</p>
        <TextField id="building_unit" name="building_unit" label={texts.editDialog.unit} hint={texts.editDialog.unitHint} value={fields.building_unit}
          onChange={set('building_unit')} error={errorOf('building_unit')} maxLength={ADDRESS_BUILDING_UNIT_MAX} autoComplete="off" />
        <Checkbox label={texts.editDialog.vacant} checked={vacant} onChange={(e) => setVacant(e.target.checked)} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{texts.cancel}</Button>
          <Button type="submit" busy={save.isPending}>{texts.editDialog.save}</Button>
        </div>
      </form>
    </Dialog>
  );
}
