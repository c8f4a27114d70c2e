// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { cleanup, render } from '../../../ui/dom-test-utils';
import { useConflictReload } from './use-conflict-reload';

afterEach(cleanup);

function withSave(save: (n: number) => Promise<string>) {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
  let wrapped: ((n: number) => Promise<string>) | null = null;
  function Probe() {
    wrapped = useConflictReload(save, ['form', 7]);
    return null;
  }
  render(<QueryClientProvider client={client}><Probe /></QueryClientProvider>);
  return { run: (n: number) => wrapped!(n), invalidate };
}

describe('useConflictReload', () => {
  it('loads the form again after a 409 and still hands the error to the form', async () => {
    const { run, invalidate } = withSave(() => Promise.reject(new ApiError(409, { message: 'Dit formulier is intussen elders opgeslagen.' })));
    await expect(run(1)).rejects.toMatchObject({ status: 409 });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['form', 7] });
  });

  it('leaves the form alone on other failures and passes a success through', async () => {
    const failing = withSave(() => Promise.reject(new ApiError(422, { message: 'Ongeldig' })));
    await expect(failing.run(1)).rejects.toMatchObject({ status: 422 });
    expect(failing.invalidate).not.toHaveBeenCalled();
    const ok = withSave((n) => Promise.resolve(`opgeslagen ${n}`));
    await expect(ok.run(3)).resolves.toBe('opgeslagen 3');
    expect(ok.invalidate).not.toHaveBeenCalled();
  });
});
