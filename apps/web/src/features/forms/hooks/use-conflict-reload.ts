import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';

/**
 * A section's save that, when the form was saved elsewhere in between (409), loads the form again: the
 * local draft stays, and the next save goes over the newer version. The error still reaches the form.
 */
export function useConflictReload<A extends unknown[], R>(save: (...args: A) => Promise<R>, queryKey: QueryKey): (...args: A) => Promise<R> {
  const queryClient = useQueryClient();
  return async (...args: A) => {
    try {
      return await save(...args);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey });
      throw error;
    }
  };
}
