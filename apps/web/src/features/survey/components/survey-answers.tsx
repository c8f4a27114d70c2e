import { forwardRef } from 'react';
import { SURVEY_RATING, surveyScaleLabels, type TSurvey, type TSurveyElement } from '@portal/contract';
import { Banner } from '../../../ui/banner';
import { surveyTexts } from '../texts';
import { moodOf, SmileyIcon, StarIcon } from './scale-icons';
import { TitleElement } from './survey-form';

const Answer = ({ children }: { children: React.ReactNode }) => <dd className="whitespace-pre-line text-base text-slate-900">{children}</dd>;
const Missing = () => <dd className="text-base italic text-slate-600">{surveyTexts.noAnswer}</dd>;
const Row = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <div className="flex flex-col gap-1 border-b border-slate-200 pb-3 last:border-b-0">
    <dt className="font-semibold text-slate-800">{label}</dt>
    {children}
  </div>
);

function ElementAnswer({ element }: { element: TSurveyElement }) {
  const { value } = element;
  switch (element.type) {
    case 's_title':
      return null; // shown between the answer lists (see chunks)
    case 's_textinput':
    case 's_textareainput':
      return <Row label={element.data.label}>{typeof value === 'string' && value ? <Answer>{value}</Answer> : <Missing />}</Row>;
    case 's_select': {
      const chosen = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
      return <Row label={element.data.label}>{chosen.length ? <Answer>{chosen.join(', ')}</Answer> : <Missing />}</Row>;
    }
    case 's_smileyinput': {
      const labels = surveyScaleLabels(element.data);
      if (typeof value !== 'number') return <Row label={element.data.label}><Missing /></Row>;
      return (
        <Row label={element.data.label}>
          <Answer>
            <span className="flex items-center gap-2">
              <span className="flex text-slate-700">
                {element.data.icon === 'star'
                  ? labels.map((_, i) => <StarIcon key={i} filled={i < value} />)
                  : <SmileyIcon mood={moodOf(value - 1, labels.length)} filled />}
              </span>
              <span>{value} van {labels.length}: {labels[value - 1]}</span>
            </span>
          </Answer>
        </Row>
      );
    }
    case 's_photoinput':
      return (
        <Row label={element.data.label}>
          {element.photo
            ? (
              <dd>
                <img
                  src={element.photo.url}
                  alt={surveyTexts.photoAlt(element.data.label)}
                  width={element.photo.image_width}
                  height={element.photo.image_height}
                  className="h-auto max-h-64 w-auto max-w-full rounded-md border border-slate-300 object-contain"
                />
              </dd>
            )
            : <Missing />}
        </Row>
      );
    default: {
      const never: never = element;
      return never;
    }
  }
}

type Title = Extract<TSurveyElement, { type: 's_title' }>;
/** Title elements between lists of answers (a <dl> holds only term/answer pairs). */
function chunks(elements: TSurveyElement[]): Array<{ title: Title; answers?: undefined } | { title?: undefined; answers: TSurveyElement[] }> {
  const out: Array<{ title: Title; answers?: undefined } | { title?: undefined; answers: TSurveyElement[] }> = [];
  for (const element of elements) {
    if (element.type === 's_title') out.push({ title: element });
    else {
      const last = out[out.length - 1];
      if (last?.answers) last.answers.push(element);
      else out.push({ answers: [element] });
    }
  }
  return out;
}

/**
 * A survey that was sent: a notice that it was already filled in, and the answers read-only. The
 * notice takes focus right after sending (it is what changed on the page).
 */
export const SurveyAnswers = forwardRef<HTMLDivElement, { survey: TSurvey }>(function SurveyAnswers({ survey }, ref) {
  return (
    <div className="flex flex-col gap-5">
      <div ref={ref} tabIndex={-1} className="outline-none">
        <Banner tone="success" title={surveyTexts.alreadyFilledIn}>
          {survey.submitted_at ? `${surveyTexts.filledInOn(survey.submitted_at)} ` : null}
          {surveyTexts.readOnly}
        </Banner>
      </div>
      <h3 className="text-lg font-bold text-slate-900">{surveyTexts.yourAnswers}</h3>
      {survey.version === 1 ? (
        <dl className="flex flex-col gap-3">
          {survey.questions.map((q) => (
            <Row key={q.id} label={q.question}>
              {q.answer === null || q.answer === ''
                ? <Missing />
                : <Answer>{q.type === 'rating' ? `${q.answer} van ${SURVEY_RATING.max}` : q.answer}</Answer>}
            </Row>
          ))}
        </dl>
      ) : (
        survey.form.map((section) => (
          <section key={section.id} className="flex flex-col gap-3" aria-label={section.label || undefined}>
            {section.label && <h4 className="border-b border-slate-200 pb-1 text-lg font-bold text-slate-900">{section.label}</h4>}
            {chunks(section.elements).map((chunk) =>
              chunk.title
                ? <TitleElement key={chunk.title.id} element={chunk.title} level={5} />
                : (
                  <dl key={chunk.answers[0]!.id} className="flex flex-col gap-3">
                    {chunk.answers.map((element) => <ElementAnswer key={element.id} element={element} />)}
                  </dl>
                ))}
          </section>
        ))
      )}
    </div>
  );
});
