import { indicatorBarStatus, indicatorColour, type IndicatorColour, type TIndicator } from '@portal/contract';

const fill: Record<IndicatorColour, string> = {
  green: 'bg-green-600',
  yellow: 'bg-yellow-400',
  orange: 'bg-orange-500',
  red: 'bg-red-600',
};
/** The colour in words, so that the value never depends on colour alone. */
export const INDICATOR_LEVEL: Record<IndicatorColour, string> = {
  green: 'laag',
  yellow: 'gemiddeld',
  orange: 'hoog',
  red: 'zeer hoog',
};

/**
 * Indicators (0-100) as bars: colour by value (green, yellow, orange, red) and the bar status
 * (success, normal, exception) as an end mark, with the value and its level written out.
 */
export function IndicatorList({ indicators }: { indicators: TIndicator[] }) {
  if (!indicators.length) return null;
  return (
    <ul aria-label="Indicatoren" className="flex flex-col gap-3">
      {indicators.map((indicator, index) => {
        // Status and colour follow the value as stored (74.6 is orange); only the shown number is rounded.
        const stored = Math.max(0, Math.min(100, indicator.value));
        const colour = indicatorColour(stored);
        const status = indicatorBarStatus(stored);
        const value = Math.round(stored);
        return (
          <li key={`${indicator.name}-${index}`} className="flex flex-col gap-1" data-indicator-status={status} data-indicator-colour={colour}>
            {/* The value moves under the name when both do not fit (375 px): the name breaks between words only. */}
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
              <span className="font-medium text-slate-900 [overflow-wrap:break-word]">{indicator.name}</span>
              <span className="flex shrink-0 items-center gap-1 whitespace-nowrap font-semibold text-slate-800">
                {status === 'success' && (
                  <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true"><circle cx="12" cy="12" r="10" fill="#15803d" /><path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" /></svg>
                )}
                {status === 'exception' && (
                  <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true"><circle cx="12" cy="12" r="10" fill="#b91c1c" /><path d="M12 6.5v7M12 17v.5" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" /></svg>
                )}
                {value} van 100 ({INDICATOR_LEVEL[colour]})
              </span>
            </div>
            <div className="h-2.5 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
              <div className={`h-full rounded-full ${fill[colour]}`} style={{ width: `${stored}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
