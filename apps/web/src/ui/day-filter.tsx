import { useEffect, useState } from 'react';
import { DateField, formatDutchDate, parseDutchDate } from './date-field';

const isoDay = (day: Date) => `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;

/**
 * A day filter of a console list (payments, survey results), typed DD-MM-JJJJ (or picked): the filter changes
 * to the day as YYYY-MM-DD once the text is a day, or to '' when the field is emptied.
 */
export function DayFilter({ id, label, iso, onChange }: { id: string; label: string; iso: string | undefined; onChange: (day: string) => void }) {
  const [text, setText] = useState(iso ? formatDutchDate(new Date(`${iso}T12:00:00`)) : '');
  useEffect(() => {
    if (!iso) setText((t) => (parseDutchDate(t) ? '' : t));
  }, [iso]);
  const change = (value: string) => {
    setText(value);
    const day = parseDutchDate(value);
    if (day) onChange(isoDay(day));
    else if (!value.trim()) onChange('');
  };
  return <DateField id={id} label={label} value={text} onChange={change} />;
}
