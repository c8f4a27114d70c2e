/**
 * Plain values and rules of the content modules, without zod, so that the web's module chunks can
 * import them without pulling in the schemas. Indicator rules (spec section 4): bar status and colour
 * by value 0-100.
 */
export type IndicatorBarStatus = 'success' | 'normal' | 'exception';
export type IndicatorColour = 'green' | 'yellow' | 'orange' | 'red';

export function indicatorBarStatus(value: number): IndicatorBarStatus {
  if (value < 25) return 'success';
  if (value < 75) return 'normal';
  return 'exception';
}

export function indicatorColour(value: number): IndicatorColour {
  if (value <= 25) return 'green';
  if (value <= 50) return 'yellow';
  if (value < 75) return 'orange';
  return 'red';
}

/** Work-order status texts in the resident list. */
export const WORK_ORDER_STATUS_TEXT = {
  in_preparation: 'In voorbereiding',
  in_progress: 'In uitvoering',
  done: 'Gereed',
} as const;

/**
 * Work-order statuses as planning systems and the map legend name them: 'In voorbereiding' and
 * 'In progress' (a spinning gear), 'Gereed melden' (a check mark). Imported status texts map onto the
 * three statuses; unknown texts count as in preparation.
 */
export const WORK_ORDER_STATUS_LABELS: Record<string, keyof typeof WORK_ORDER_STATUS_TEXT> = {
  'In voorbereiding': 'in_preparation',
  'In progress': 'in_progress',
  'In uitvoering': 'in_progress',
  'Gereed melden': 'done',
  Gereed: 'done',
};
export function workOrderStatusFromLabel(label: string): keyof typeof WORK_ORDER_STATUS_TEXT {
  return WORK_ORDER_STATUS_LABELS[label.trim()] ?? 'in_preparation';
}

/** Information menu groups (spec: 1 work inside, 2 work outside, 3 other information) with their standard names. */
export const INFORMATION_MENUS: Array<{ id: 1 | 2 | 3; name: string }> = [
  { id: 1, name: 'Werkzaamheden binnen' },
  { id: 2, name: 'Werkzaamheden buiten' },
  { id: 3, name: 'Overige informatie' },
];

/** The answer to a dossier download request (spec section 8). */
export const DOSSIER_SENT = 'Dossier download verzoek verstuurd';
