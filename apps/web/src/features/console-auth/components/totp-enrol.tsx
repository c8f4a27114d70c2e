import { useQuery } from '@tanstack/react-query';
import type { TTotpConfirm } from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { Banner } from '../../../ui/banner';
import { ErrorState, Loading } from '../../../ui/states';
import { consoleAuthApi } from '../api';
import { t } from '../texts';
import { CodeForm } from './code-form';

/** 'LL2QQCDONQBB...' in groups of four, as authenticator apps let one type it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Enrolling TOTP: a new secret from the server as a QR code (our own server's SVG, shown as an image so
 * that no markup of it enters the page) and as text, then a code from the app to confirm it.
 * With `ticket` during the login, else in the console session.
 */
export function TotpEnrol({ ticket, onConfirmed, onFailure }: { ticket?: string; onConfirmed: (result: TTotpConfirm) => void; onFailure: (error: unknown) => void }) {
  const start = useQuery({
    queryKey: ['staff', 'totp-start', ticket ?? 'session'],
    queryFn: () => consoleAuthApi.startTotp(ticket),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  if (start.isPending) return <Loading label={t.enrolLoading} />;
  if (start.isError) {
    return start.error instanceof ApiError && start.error.status >= 400 && start.error.status < 500
      ? <Banner tone="error" title={t.enrolTitle}>{start.error.message}</Banner>
      : <ErrorState error={start.error} retry={() => void start.refetch()} />;
  }
  const { qr_svg: qrSvg, secret } = start.data;
  return (
    <div className="flex flex-col gap-5">
      <ol className="flex list-decimal flex-col gap-4 pl-5 text-sm text-slate-800">
        <li>
          {t.enrolStep1}
          <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`} alt={t.qrAlt} width={200} height={200}
            className="mt-3 block rounded-md bg-white ring-1 ring-slate-200" />
        </li>
        <li>
          {t.enrolStep2}
          <p className="mt-2">
            <span className="sr-only">{t.secretLabel}: </span>
            <code data-totp-secret={secret} className="block break-all rounded-md bg-slate-50 px-3 py-2 font-mono text-base tracking-wider ring-1 ring-slate-200">{grouped(secret)}</code>
          </p>
        </li>
        <li>{t.enrolStep3}</li>
      </ol>
      <CodeForm submitLabel={t.confirm} onCode={async (code) => onConfirmed(await consoleAuthApi.confirmTotp(code, ticket))} onFailure={onFailure} />
    </div>
  );
}
