import type { ReactNode } from 'react';
import { Banner } from './banner';
import { Button } from './button';
import { Dialog } from './dialog';

/** Asks before an action that cannot be undone (a reset, a revoke): what it does, then Annuleren or the action. */
export function ConfirmDialog({ title, children, confirm, busy, error, onConfirm, onClose }: {
  title: string; children: ReactNode; confirm: string; busy?: boolean; error?: string; onConfirm: () => void; onClose: () => void;
}) {
  return (
    <Dialog open title={title} onClose={onClose}>
      <p>{children}</p>
      {error && <Banner tone="error">{error}</Banner>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>Annuleren</Button>
        <Button variant="danger" busy={busy} onClick={onConfirm}>{confirm}</Button>
      </div>
    </Dialog>
  );
}
