import { useState, type ReactNode } from 'react';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { formTexts } from '../texts';

/**
 * The confirmation before a form is finished or sent (spec 5): 'Formulier afronden', 'Klik op JA om
 * deze actie te bevestigen. Hierna kan het formulier niet meer worden aangepast.', Ja and Nee.
 */
export function ConfirmDialog({ open, onYes, onNo }: { open: boolean; onYes: () => void; onNo: () => void }) {
  return (
    <Dialog open={open} title={formTexts.confirmTitle} onClose={onNo}>
      <p className="text-slate-800">{formTexts.confirmText}</p>
      <div className="flex justify-end gap-3">
        <Button onClick={onYes}>{formTexts.yes}</Button>
        <Button variant="secondary" onClick={onNo}>{formTexts.no}</Button>
      </div>
    </Dialog>
  );
}

/** The confirmation before `onYes`: `ask` opens it, `dialog` is the element to render; 'Ja' closes it and runs `onYes`. */
export function useConfirmDialog(onYes: () => void): { ask: () => void; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  return {
    ask: () => setOpen(true),
    dialog: (
      <ConfirmDialog
        open={open}
        onNo={() => setOpen(false)}
        onYes={() => {
          setOpen(false);
          onYes();
        }}
      />
    ),
  };
}
