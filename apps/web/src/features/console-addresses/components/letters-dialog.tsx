import { useQueryClient } from '@tanstack/react-query';
import { MakePdfDialog } from '../../../ui/make-pdf-dialog';
import { addressApi, addressKeys } from '../api';
import { addressTexts as texts } from '../texts';

/** The addresses to make letters for: chosen ones, or every address of the project without an account. */
export type LettersTarget = { ids: number[] } | { allWithout: number };

/** Makes new activation codes and their letters (one PDF) after saying that earlier codes stop working. */
export function LettersDialog({ projectId, target, onClose, onMade }: { projectId: number; target: LettersTarget; onClose: () => void; onMade: () => void }) {
  const queryClient = useQueryClient();
  const count = 'ids' in target ? target.ids.length : target.allWithout;
  return (
    <MakePdfDialog
      title={texts.letters.dialogTitle}
      texts={{ ...texts.letters, warning: texts.letters.revokes, cancel: texts.cancel, close: texts.close, fallback: texts.failed }}
      make={() => addressApi.letters(projectId, 'ids' in target ? { address_ids: target.ids } : { all_without_account: true })}
      disabled={count === 0}
      onMade={async () => {
        onMade();
        await queryClient.invalidateQueries({ queryKey: addressKeys.project(projectId) });
      }}
      onClose={onClose}
    >
      <p>{texts.letters.intro(count)}</p>
    </MakePdfDialog>
  );
}
