import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/field';
import { Card } from '../../../ui/page';
import { Loading } from '../../../ui/states';
import { toast } from '../../../ui/toaster';
import { consoleAccountsApi, consoleAuthKeys } from '../api';
import { t } from '../texts';

/** The customer's TOTP requirement for all its staff. */
export function SecurityCard() {
  const queryClient = useQueryClient();
  const security = useQuery({ queryKey: consoleAuthKeys.security, queryFn: consoleAccountsApi.security });
  const [wanted, setWanted] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (security.isPending) return <Card><Loading /></Card>;
  if (security.isError) return null;
  const value = wanted ?? security.data.require_totp;
  const save = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const saved = await consoleAccountsApi.setSecurity({ require_totp: value });
      queryClient.setQueryData(consoleAuthKeys.security, saved);
      setWanted(null);
      toast(t.securitySaved, 'success');
      void queryClient.invalidateQueries({ queryKey: consoleAuthKeys.accounts });
    } catch (error) {
      setFailure(error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : t.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <section aria-labelledby="security-title" className="flex flex-col gap-3">
        <h2 id="security-title" className="text-lg font-semibold">{t.security}</h2>
        {failure && <Banner tone="error">{failure}</Banner>}
        <Checkbox label={t.requireTotp} checked={value} onChange={(e) => setWanted(e.target.checked)} aria-describedby="require-totp-hint" />
        <p id="require-totp-hint" className="text-sm text-slate-700">{t.requireTotpHint}</p>
        {value !== security.data.require_totp && <Button className="self-start" busy={busy} onClick={() => void save()}>{t.save}</Button>}
      </section>
    </Card>
  );
}
