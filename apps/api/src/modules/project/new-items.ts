import type { TModuleName } from '@portal/contract';

/**
 * Modules count the items an address has not opened yet. Each module registers a counter; the
 * project service asks them all and caches the answer per address and project until a module
 * announces a change (new content, or the resident read something).
 */
export type NewItemCounter = (input: { addressId: number; projectId: number }) => Promise<Partial<Record<TModuleName, number>>>;

export function createNewItemRegistry() {
  const counters: NewItemCounter[] = [];
  return {
    register(counter: NewItemCounter) {
      counters.push(counter);
    },
    async count(addressId: number, projectId: number): Promise<Partial<Record<TModuleName, number>>> {
      const parts = await Promise.all(counters.map((counter) => counter({ addressId, projectId })));
      return Object.assign({}, ...parts);
    },
  };
}
export type NewItemRegistry = ReturnType<typeof createNewItemRegistry>;
