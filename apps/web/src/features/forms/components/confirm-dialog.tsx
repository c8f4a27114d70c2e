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
