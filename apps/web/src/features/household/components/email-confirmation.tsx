import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { Banner } from '../../../ui/banner';
import { Loading } from '../../../ui/states';
import { householdApi } from '../api';
import { text } from '../text';

type State = { kind: 'busy' } | { kind: 'done'; message: string; email: string } | { kind: 'failed'; message: string };

/**
 * Confirms a new e-mail address with the code of the link sent to it: the call is made once when the
 * page opens (a second run of the effect, as React's strict mode does, must not use the code twice).
 */
export function EmailConfirmation({ code }: { code: string }) {
  const [state, setState] = useState<State>({ kind: 'busy' });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    householdApi.confirmEmail(code).then(
      (result) => setState({ kind: 'done', message: result.message, email: result.email_address }),
      (error: unknown) => setState({ kind: 'failed', message: error instanceof ApiError ? error.message : text.failed }),
    );
  }, [code]);

  switch (state.kind) {
    case 'busy':
      return <Loading label={text.confirmBusy} />;
    case 'done':
      return <Banner tone="success" title={text.confirmDone}>{state.message} {text.confirmDoneDetail(state.email)}</Banner>;
    case 'failed':
      return <Banner tone="error" title={text.confirmFailed}>{state.message}</Banner>;
    default: {
      const never: never = state;
      return never;
    }
  }
}
