const dateTime = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false,
});

/** An ISO moment as DD-MM-YYYY HH:mm in Europe/Amsterdam (ARCHITECTURE.md, "Data"). */
export function formatDateTime(iso: string): string {
  const parts = Object.fromEntries(dateTime.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}`;
}
