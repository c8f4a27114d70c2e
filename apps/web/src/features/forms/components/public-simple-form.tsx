import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { TFormSection } from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { publicFormSubmitted } from '../../../lib/form-drafts';
import { Banner } from '../../../ui/banner';
import { BackLink } from '../../../ui/button';
import { Card, Page } from '../../../ui/page';
import { SafeHtml } from '../../../ui/safe-html';
import { ErrorState, Loading } from '../../../ui/states';
import { formQueries, genericApi } from '../api';
import { formTexts } from '../texts';
import { ConfirmDialog } from './confirm-dialog';
import { SectionForm } from './section-form';

/**
 * The simple public form (spec 2.7, 4.5): title 'Formulier', a back button to /formulieren, the form on
 * one page and 'Indienen'. After a confirmed submission the browser remembers it and the form shows
 * read-only.
 */
export function PublicSimpleForm({ formId }: { formId: number }) {
  const query = useQuery(formQueries.publicSimple(formId));
  const [submitted, setSubmitted] = useState(() => publicFormSubmitted.get(formId));
  const [answer, setAnswer] = useState<((yes: boolean) => void) | null>(null);
  const whole = useMemo<TFormSection | null>(
    () => (query.data ? { id: 'all', label: null, elements: query.data.form.flatMap((s) => s.elements), nr_of_required_fields: 0, nr_of_required_fields_filled_in: 0 } : null),
    [query.data],
  );
  const close = (yes: boolean) => {
    answer?.(yes);
    setAnswer(null);
  };
  return (
    <Page title={formTexts.formTitle} actions={<BackLink to="/formulieren">{formTexts.back}</BackLink>}>
      <Card className="flex flex-col gap-5">
        {query.isPending ? (
          <Loading />
        ) : query.isError ? (
          query.error instanceof ApiError && query.error.status === 404 ? <Banner tone="warning">{formTexts.notFound}</Banner> : <ErrorState error={query.error} retry={() => void query.refetch()} />
        ) : (
          <>
            <h2 className="text-xl font-bold text-slate-900">{query.data.name}</h2>
            {query.data.description && <SafeHtml html={query.data.description} />}
            {submitted && <Banner tone="success">{formTexts.submitted}</Banner>}
            <SectionForm
              family="generic"
              section={whole!}
              parts={query.data.form}
              draftScope={`simple:${formId}`}
              draftSection="all"
              readOnly={submitted}
              occupants={null}
              upload={() => Promise.reject(new ApiError(422, { message: formTexts.photoNotAPhotoField }))}
              save={(values) => genericApi.submitPublicSimple(formId, values)}
              beforeSave={() => new Promise<boolean>((resolve) => setAnswer(() => resolve))}
              savedMessage={formTexts.sent}
              onSaved={() => {
                publicFormSubmitted.set(formId);
                setSubmitted(true);
              }}
              submitLabel={formTexts.submit}
            />
            <ConfirmDialog open={answer !== null} onYes={() => close(true)} onNo={() => close(false)} />
          </>
        )}
      </Card>
    </Page>
  );
}
