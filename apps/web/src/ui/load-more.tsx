import { Button } from './button';

type Props = {
  /** What the button loads: 'Meer laden', 'Oudere berichten laden'. */
  label: string;
  onLoad: () => void;
  busy: boolean;
  /** Loading the page failed: said next to the button, which then tries again. */
  failed?: boolean;
  className?: string;
};

export const loadMoreTexts = {
  busy: 'Bezig met laden…',
  failed: 'Laden is niet gelukt. Probeer het opnieuw.',
} as const;

/**
 * Loads the next page of a list on demand. While it loads the button stays focusable (aria-disabled
 * instead of disabled, so keyboard focus is not lost) and says so; a failure is announced politely.
 */
export function LoadMoreButton({ label, onLoad, busy, failed = false, className = '' }: Props) {
  return (
    <div className={`flex flex-col items-center gap-1 ${className}`}>
      <Button
        variant="secondary"
        className="w-full sm:w-auto"
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        onClick={() => {
          if (!busy) onLoad();
        }}
      >
        {busy && <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />}
        {busy ? loadMoreTexts.busy : label}
      </Button>
      <p role="status" className={failed ? 'text-sm text-red-800' : 'sr-only'}>{failed ? loadMoreTexts.failed : ''}</p>
    </div>
  );
}
