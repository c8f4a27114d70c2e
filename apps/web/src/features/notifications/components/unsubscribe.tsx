import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { unsubscribeMessages } from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Loading } from '../../../ui/states';
import { notificationApi, notificationQueries } from '../api';
import { texts } from '../texts';

const t = texts.unsubscribe;

/**
 * The one-click unsubscribe page of an e-mail's footer link (/afmelden?token=...), without login: it
 * shows what the link is for (a GET changes nothing: mail scanners open links) and 'Afmelden' turns
 * e-mail for that category off.
 */
export function Unsubscribe({ token }: { token: string }) {
  const info = useQuery({ ...notificationQueries.unsubscribe(token), enabled: token !== '' });
  const done = useMutation({ mutationFn: () => notificationApi.unsubscribe(token) });

  if (!token) return <Banner tone="error">{t.missing}</Banner>;
  if (info.isPending) return <Loading label={t.busy} />;
  if (info.isError) {
    const invalid = info.error instanceof ApiError && info.error.status >= 400 && info.error.status < 500;
    return <Banner tone="error">{invalid ? unsubscribeMessages.invalid : t.failed}</Banner>;
  }
  const { category_label: label, email_address: email } = info.data;
  if (info.data.unsubscribed || done.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <Banner tone="success">{unsubscribeMessages.done(label)}</Banner>
        <Link to="/inloggen" className="text-blue-800 underline">{t.toPortal}</Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p>{t.what(label, email)}</p>
      <p>{t.question}</p>
      {done.isError && (
        <Banner tone="error">
          {done.error instanceof ApiError && done.error.status === 400 ? unsubscribeMessages.invalid : t.failed}
        </Banner>
      )}
      <div>
        <Button busy={done.isPending} onClick={() => done.mutate()}>{t.button}</Button>
      </div>
    </div>
  );
}
