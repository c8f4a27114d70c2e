import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Redirect } from 'wouter';
import { staffSession } from '../../../lib/staff-api';
import { Banner } from '../../../ui/banner';
import { ErrorState, Loading } from '../../../ui/states';
import { consoleAuthApi, consoleAuthKeys } from '../api';
import { ConsoleAuthFrame } from '../components/console-auth-frame';
import { RecoveryCodes } from '../components/recovery-codes';
import { TotpEnrol } from '../components/totp-enrol';
import { useSignIn } from '../session';
import { t } from '../texts';

/**
 * /beheer/tweestapsverificatie: the console shell sends a signed-in account here while its customer
 * requires TOTP and it has none; it enrols, keeps its recovery codes and goes on.
 */
export default function ConsoleEnrolPage() {
  const hasToken = !!staffSession.token();
  const me = useQuery({ queryKey: consoleAuthKeys.me, queryFn: consoleAuthApi.me, enabled: hasToken });
  const [codes, setCodes] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const signIn = useSignIn();
  if (!hasToken) return <Redirect to="/inloggen" replace />;
  if (me.isPending) return <Loading />;
  if (me.isError) return <div className="p-6"><ErrorState error={me.error} retry={() => void me.refetch()} /></div>;
  if (me.data.totp_enabled && !codes) return <Redirect to="/projecten" replace />;
  return (
    <ConsoleAuthFrame title={codes ? t.codesTitle : t.enrolTitle} wide>
      <div className="flex flex-col gap-4">
        {failure && <Banner tone="error" title={t.enrolTitle}>{failure}</Banner>}
        {codes ? (
          <RecoveryCodes codes={codes} onDone={() => {
            void queryClient.invalidateQueries({ queryKey: consoleAuthKeys.me });
            signIn.proceed();
          }} />
        ) : (
          <>
            {me.data.totp_required && <p className="text-sm text-slate-700">{t.enrolRequired}</p>}
            <TotpEnrol
              onConfirmed={(result) => {
                setFailure(null);
                setCodes(result.recovery_codes);
              }}
              onFailure={(error) => setFailure(error instanceof Error ? error.message : t.failed)}
            />
          </>
        )}
      </div>
    </ConsoleAuthFrame>
  );
}
