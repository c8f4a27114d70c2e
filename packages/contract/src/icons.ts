/**
 * The icon set of information and planning items (apps/api/assets/icons/{name}.svg): what each icon
 * means, shown beside it so that no icon carries meaning by its picture alone. Plain values, no zod.
 */
export const ICON_LABELS: Record<string, string> = {
  afval: 'Afval',
  badkamer: 'Badkamer',
  dak: 'Dak',
  geluid: 'Geluid',
  hamer: 'Bouwwerkzaamheden',
  isolatie: 'Isolatie',
  kalender: 'Planning',
  keuken: 'Keuken',
  kozijn: 'Kozijnen',
  sleutel: 'Sleutel',
  steiger: 'Steiger',
  stof: 'Stof',
  stroom: 'Elektra',
  ventilatie: 'Ventilatie',
  verf: 'Schilderwerk',
  warmtepomp: 'Warmtepomp',
  water: 'Water',
  zonnepaneel: 'Zonnepanelen',
};

/** The label of an icon URL (`/api/assets/icons/keuken.svg` is 'Keuken'); an unknown icon is named by its file name. */
export function iconLabel(url: string): string {
  const file = url.split(/[?#]/)[0]!.split('/').pop() ?? '';
  let name = file.replace(/\.svg$/i, '');
  try {
    name = decodeURIComponent(name);
  } catch {
    /* keep it as it is */
  }
  return ICON_LABELS[name] ?? (name ? name.charAt(0).toUpperCase() + name.slice(1).replace(/[-_]+/g, ' ') : 'Pictogram');
}
