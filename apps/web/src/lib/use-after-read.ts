import { useEffect, useRef } from 'react';

/**
 * A resident's detail read marks an item read on the server. Once that read has succeeded for an
 * item that was new, `refresh` runs (once per item): the module refetches its list and the
 * dashboard its counts.
 */
export function useAfterRead(itemKey: string | number | null, read: boolean, wasNew: boolean, refresh: () => void) {
  const latest = useRef(refresh);
  const done = useRef(new Set<string | number>());
  useEffect(() => {
    latest.current = refresh;
  });
  useEffect(() => {
    if (itemKey === null || !read || !wasNew || done.current.has(itemKey)) return;
    done.current.add(itemKey);
    latest.current();
  }, [itemKey, read, wasNew]);
}
