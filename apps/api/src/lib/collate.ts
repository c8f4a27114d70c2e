/**
 * Dutch order for names shown to staff ('Blok 2' before 'Blok 10'). One collator for the process: `localeCompare`
 * with a locale builds a new one per call, some 20 times slower in a sort of a hundred names.
 */
const dutch = new Intl.Collator('nl', { numeric: true });
export const compareDutch = (a: string, b: string): number => dutch.compare(a, b);
