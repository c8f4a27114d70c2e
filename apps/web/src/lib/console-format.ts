import { formatPostcode } from '@portal/contract';

const dateFormat = new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', day: '2-digit', month: '2-digit', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** An ISO moment of the console's answers as DD-MM-YYYY in Europe/Amsterdam. */
export const formatConsoleDate = (iso: string) => dateFormat.format(new Date(iso));
/** An ISO moment as DD-MM-YYYY HH:mm in Europe/Amsterdam. */
export const formatConsoleDateTime = (iso: string) => `${formatConsoleDate(iso)} ${timeFormat.format(new Date(iso))}`;

/** 'Tulpstraat 14, 1234 AB Utrecht' (an address in the console's answers). */
export const formatAddressLine = (a: { street: string; house_number: string; zipcode: string; city: string }) =>
  `${a.street} ${a.house_number}, ${formatPostcode(a.zipcode)} ${a.city}`;

/** An ISO moment as the value of <input type="datetime-local"> (the browser's local time). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
/** The value of <input type="datetime-local"> as an ISO moment; null when empty or not a moment. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
