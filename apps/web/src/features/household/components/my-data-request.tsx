import { useMutation } from '@tanstack/react-query';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { householdApi } from '../api';
import { text } from '../text';

/** /profiel: the resident asks for an export of their own data; the link arrives by e-mail (issue 20). */
export function MyDataRequest() {
  const request = useMutation({ mutationFn: () => householdApi.requestExport() });
  return (
    <section aria-labelledby="my-data-title" className="mt-8 max-w-3xl rounded-md border border-slate-300 bg-white p-4">
      <h2 id="my-data-title" className="mb-2 text-lg font-semibold">{text.myData.title}</h2>
      <p className="mb-3 text-slate-700">{text.myData.intro}</p>
      {request.isSuccess && <Banner tone="success">{request.data.message}</Banner>}
      {request.isError && <Banner tone="error">{request.error.message || text.failed}</Banner>}
      {!request.isSuccess && (
        <Button variant="secondary" busy={request.isPending} onClick={() => request.mutate()}>{text.myData.button}</Button>
      )}
    </section>
  );
}
