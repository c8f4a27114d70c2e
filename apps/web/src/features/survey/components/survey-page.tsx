import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { pagePath } from '../../../lib/audience';
import { MasterDetail } from '../../../ui/master-detail';
import { Card } from '../../../ui/page';
import { EmptyState, ErrorState, Loading } from '../../../ui/states';
import { surveyQueries, type SurveyAudience } from '../api';
import { surveyTexts } from '../texts';
import { SurveyAnswers } from './survey-answers';
import { SurveyForm } from './survey-form';

/**
 * Surveys: the list (a tick for each survey this address or visitor filled in; a dropdown below
 * 640 px) beside the open survey; without an id the first survey not yet filled in opens (the first when all are). A survey that was sent shows
 * read-only with its answers, on every device.
 */
export function SurveyPage({ audience, surveyId, onSent }: { audience: SurveyAudience; surveyId: number | null; onSent?: () => void }) {
  const list = useQuery(surveyQueries.list(audience));
  const surveys = list.data ?? [];
  // Without an id the first survey still to fill in opens (the tile's 'n nieuw' leads to one), else the first;
  // it stays open once sent (so that its answers show), rather than moving on to the next open survey.
  const firstOpen = surveys.find((s) => !s.done) ?? surveys[0];
  const [chosen, setChosen] = useState<number | null>(null);
  if (surveyId === null && chosen === null && firstOpen) setChosen(firstOpen.id);
  const listed = surveyId === null ? (surveys.find((s) => s.id === chosen) ?? firstOpen) : surveys.find((s) => s.id === surveyId);
  const detail = useQuery({ ...surveyQueries.detail(audience, listed?.id ?? 0), enabled: !!listed });

  // Right after sending, focus goes to the 'already filled in' notice that replaces the form.
  const [justSent, setJustSent] = useState<number | null>(null);
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (justSent !== null && detail.data?.id === justSent && detail.data.done) {
      notice.current?.focus();
      setJustSent(null);
    }
  }, [justSent, detail.data]);

  if (list.isPending) return <Loading />;
  if (list.isError) return <ErrorState error={list.error} retry={() => void list.refetch()} />;
  if (!surveys.length) return <EmptyState>{surveyTexts.empty}</EmptyState>;

  return (
    <MasterDetail
      label={surveyTexts.list}
      placeholder={surveyTexts.choose}
      selectedId={listed?.id ?? null}
      groups={[{
        key: 'surveys',
        name: '',
        items: surveys.map((s) => ({ id: s.id, title: s.name, href: pagePath(audience, 'enquete', s.id), done: s.done, doneLabel: surveyTexts.done })),
      }]}
    >
      <Card>
        {!listed ? (
          <p>{surveyTexts.notFound}</p>
        ) : detail.isPending ? (
          <Loading />
        ) : detail.isError ? (
          <ErrorState error={detail.error} retry={() => void detail.refetch()} />
        ) : (
          <article className="flex flex-col gap-4" aria-labelledby={`survey-title-${detail.data.id}`}>
            <h2 id={`survey-title-${detail.data.id}`} className="text-xl font-bold text-slate-900">{detail.data.name}</h2>
            {detail.data.done
              ? <SurveyAnswers ref={notice} survey={detail.data} />
              : (
                <SurveyForm
                  key={detail.data.id}
                  audience={audience}
                  survey={detail.data}
                  onSent={() => {
                    setJustSent(detail.data.id);
                    onSent?.();
                  }}
                />
              )}
          </article>
        )}
      </Card>
    </MasterDetail>
  );
}
