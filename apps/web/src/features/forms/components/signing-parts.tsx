import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Banner } from '../../../ui/banner';
import { Loading } from '../../../ui/states';

const SignaturePadField = lazy(() => import('../../../ui/signature-pad'));

/**
 * The parts of a signing step that the form families share (generic, choice): the signature pad (loaded
 * when first needed), a signer's stored signature, and the signing service's page in a frame. Each
 * family passes its own texts.
 */

/** The drawing area for a signature ('Wijzigen' clears it), loaded on first use. */
export function SignaturePadInput(props: { field: string; label: string; required?: boolean; error?: string; value: string | null; onChange: (value: string | null) => void }) {
  return (
    <Suspense fallback={<Loading />}>
      <SignaturePadField {...props} />
    </Suspense>
  );
}

/** A signature as stored: the drawing (if any) and who set it. */
export function StoredSignature({ signer, alt, signedBy }: {
  signer: { image?: string | null; who?: string | null } | undefined; alt: (who: string) => string; signedBy: (who: string) => string;
}) {
  return (
    <>
      {signer?.image && (
        <img src={signer.image} alt={alt(signer.who ?? '')} width={922} height={300} className="h-auto w-full max-w-md rounded-md border border-slate-300 bg-white" />
      )}
      {signer?.who && <p className="text-sm text-slate-700">{signedBy(signer.who)}</p>}
    </>
  );
}

/** Legal signing: the signing service's page in a frame, with whether it was signed (as last asked) above it. */
export function SigningFrame({ url, signed, nr, texts }: {
  url: UseQueryResult<{ url: string }>;
  signed: boolean;
  nr: number;
  texts: { loading: string; failed: string; signed: string; waiting: string; frame: (nr: number) => string };
}) {
  if (url.isPending) return <Loading label={texts.loading} />;
  if (url.isError) return <Banner tone="error">{texts.failed}</Banner>;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700" role="status">{signed ? texts.signed : texts.waiting}</p>
      <iframe title={texts.frame(nr)} src={url.data.url} className="h-[680px] w-full rounded-md border border-slate-300 bg-white" />
    </div>
  );
}
