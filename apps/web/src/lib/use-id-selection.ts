import { useCallback, useState } from 'react';

/**
 * A set of chosen ids (addresses chosen for letters): `selection(id)` gives a check box's state and
 * handler, `clear` empties it.
 */
export function useIdSelection() {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const toggle = useCallback((id: number, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    }), []);
  const clear = useCallback(() => setSelected(new Set()), []);
  const selection = (id: number) => ({ checked: selected.has(id), onChange: (checked: boolean) => toggle(id, checked) });
  return { selected, selection, clear };
}
