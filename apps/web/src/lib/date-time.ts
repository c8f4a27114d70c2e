/** Moments from the API (ISO strings) as the portal shows them: DD-MM-YYYY and HH:mm in Europe/Amsterdam (ARCHITECTURE.md, "Data"). */
const dateFormat = new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', day: '2-digit', month: '2-digit', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** DD-MM-YYYY in Europe/Amsterdam. */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
/** DD-MM-YYYY HH:mm in Europe/Amsterdam. */
export const formatDateTime = (iso: string) => `${formatDate(iso)} ${timeFormat.format(new Date(iso))}`;
