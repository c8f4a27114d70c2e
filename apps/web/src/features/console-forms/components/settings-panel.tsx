import { FORM_KIND_SETTINGS, type TFormFamily, type TStaffFormMenu, type TStaffFormSettings } from '@portal/contract';
import { Checkbox, TextField } from '../../../ui/field';
import { Select } from '../../../ui/select';
import { TextAreaField } from '../../../ui/textarea-field';
import { formsTexts as texts } from '../texts';
import { fromLocalInput, toLocalInput } from './form-bits';

type Key = keyof TStaffFormSettings;
const MOMENTS = new Set<Key>(['opens_at', 'closes_at', 'deadline']);
const HTML = new Set<Key>(['description', 'summary_text', 'status_text']);

/** The settings of the form's kind (FORM_KIND_SETTINGS), each with the server's message when it refused it. */
export function SettingsPanel({ kind, value, onChange, errors, menus, disabled }: {
  kind: TFormFamily;
  value: TStaffFormSettings;
  onChange: (next: TStaffFormSettings) => void;
  errors: Partial<Record<Key, string>>;
  menus: TStaffFormMenu[];
  disabled?: boolean;
}) {
  const set = <K extends Key>(key: K, next: TStaffFormSettings[K]) => onChange({ ...value, [key]: next });
  const field = (key: Key) => {
    const id = `form-setting-${key}`;
    const label = texts.settings[key];
    const error = errors[key];
    if (key === 'name') return <TextField key={key} id={id} label={label} required value={value.name} maxLength={200} disabled={disabled} error={error} onChange={(e) => set('name', e.target.value)} />;
    if (key === 'max_signers') {
      return <TextField key={key} id={id} label={label} type="number" min={1} max={20} value={String(value.max_signers)} disabled={disabled} error={error}
        onChange={(e) => set('max_signers', Math.max(1, Math.min(20, Number(e.target.value) || 1)))} />;
    }
    if (key === 'menu_id') {
      return (
        <div key={key} className="flex flex-col gap-1">
          <label htmlFor={id} className="text-sm font-medium text-slate-800">{label}</label>
          <Select id={id} value={value.menu_id ?? ''} disabled={disabled} error={error} onChange={(e) => set('menu_id', e.target.value ? Number(e.target.value) : null)}>
            <option value="">{texts.settings.noMenu}</option>
            {menus.map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
          </Select>
        </div>
      );
    }
    if (MOMENTS.has(key)) {
      const moment = value[key] as string | null;
      return <TextField key={key} id={id} label={label} type="datetime-local" value={toLocalInput(moment)} disabled={disabled} error={error}
        onChange={(e) => set(key, fromLocalInput(e.target.value) as never)} />;
    }
    if (HTML.has(key)) {
      return <TextAreaField key={key} id={id} label={label} rows={3} value={(value[key] as string | null) ?? ''} disabled={disabled} error={error}
        onChange={(e) => set(key, (e.target.value || null) as never)} />;
    }
    return <Checkbox key={key} id={id} label={label} checked={value[key] as boolean} disabled={disabled} error={error} onChange={(e) => set(key, e.target.checked as never)} />;
  };
  return (
    <div className="flex flex-col gap-3">
      {kind === 'support-base' && <p className="text-sm text-slate-700">{texts.settings.consentSigning}</p>}
      {FORM_KIND_SETTINGS[kind].map(field)}
    </div>
  );
}
