/** Indicator rules (spec section 4): bar status and colour by value 0-100. */
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
