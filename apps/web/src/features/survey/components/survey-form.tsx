import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  SURVEY_RATING, surveyAnswerField, surveyValueField, validateSurveyV1, validateSurveyV2,
  type TSurvey, type TSurveyElement, type TSurveyPhoto, type TSurveySubmitBody, type TSurveyV1, type TSurveyV2, type TSurveyValue,
} from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { formDrafts } from '../../../lib/form-drafts';
import { errorList, namedErrors, serverFieldErrors } from '../../../lib/form-errors';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { ErrorSummary, useErrorSummary } from '../../../ui/error-summary';
import { SafeHtml } from '../../../ui/safe-html';
import { toast, toastError } from '../../../ui/toaster';
import { surveyApi, surveyKeys, type SurveyAudience } from '../api';
import { surveyTexts } from '../texts';
import {
  OpenAnswerInput, PhotoElementInput, RatingInput, ScaleElementInput, SelectElementInput, TextElementInput,
} from './survey-inputs';

type Errors = Record<string, string>;

const SURVEY_DRAFT_SECTION = 'answers';
/** The draft of one survey for one respondent: a resident's, or a visitor's of a public project. */
const surveyDraftScope = (audience: SurveyAudience, surveyId: number) =>
  audience.kind === 'public' ? `survey:public:${audience.projectId}:${surveyId}` : `survey:occupant:${surveyId}`;
const readSurveyDraft = (scope: string) => formDrafts.get(scope, SURVEY_DRAFT_SECTION);

/** The first value of an element: the default the staff set (an option's label for a choice), else empty. */
function initialValue(element: TSurveyElement): TSurveyValue {
  switch (element.type) {
    case 's_textinput':
    case 's_textareainput':
      return element.data.defaultValue ?? '';
    case 's_select': {
      if (element.data.type === 'check') return [];
      const preset = element.data.defaultValue;
      return preset && element.data.options.some((o) => o.label === preset) ? preset : null;
    }
    default:
      return null;
  }
}

/** A survey title element: staff HTML (sanitised), or its label as a heading one level below its section's. */
export function TitleElement({ element, level = 4 }: { element: Extract<TSurveyElement, { type: 's_title' }>; level?: 4 | 5 }) {
  if (element.data.wysiwyg) return <SafeHtml html={element.data.wysiwyg} />;
  return level === 4
    ? <h4 className="text-lg font-semibold text-slate-900">{element.data.label}</h4>
    : <h5 className="text-base font-semibold text-slate-800">{element.data.label}</h5>;
}

/**
 * An open survey: version 1 questions or version 2 elements. The rules are the contract's own
 * (validateSurveyV1/V2, which the server runs again on submit), so the state is kept by hand rather
 * than in a form library: every field is data-driven. A valid form asks for confirmation
 * ('Formulier verzenden.'); Ja sends it, after which the survey shows read-only.
 */
export function SurveyForm({ audience, survey, onSent, preview }: {
  audience: SurveyAudience;
  survey: TSurvey;
  onSent?: () => void;
  /**
   * The console builder's live preview: the same form on an unsaved definition. Nothing is sent or
   * uploaded: a valid form says so in `preview.checked`, a photo is shown from the browser.
   */
  preview?: { checked: string; upload: (file: File) => Promise<TSurveyPhoto> };
}) {
  const queryClient = useQueryClient();
  // What was answered and not yet sent stays in the browser, as the forms' drafts do: a reload or a closed
  // tab keeps the answers and the uploaded photos (not in the console's preview).
  const draftScope = preview ? null : surveyDraftScope(audience, survey.id);
  const [draft] = useState(() => (draftScope ? readSurveyDraft(draftScope) : null));
  const [answers, setAnswers] = useState<Record<number, number | string>>(() =>
    survey.version === 1
      ? Object.fromEntries(survey.questions.map((q) => {
        const kept = draft?.values[String(q.id)];
        const fallback = q.type === 'rating' ? SURVEY_RATING.default : '';
        return [q.id, typeof kept === typeof fallback ? (kept as number | string) : fallback];
      }))
      : {},
  );
  const [values, setValues] = useState<Record<string, TSurveyValue>>(() =>
    survey.version === 2
      ? Object.fromEntries(survey.form.flatMap((s) => s.elements).filter((e) => e.type !== 's_title').map((e) => [e.id, draft && e.id in draft.values ? draft.values[e.id] as TSurveyValue : initialValue(e)]))
      : {},
  );
  const [photos, setPhotos] = useState<Record<string, TSurveyPhoto>>(() => (draft?.photos as Record<string, TSurveyPhoto> | undefined) ?? {});
  const touched = useRef(false);
  useEffect(() => {
    // Written only after a change, so that a survey only looked at leaves no draft; a send removes it.
    if (!draftScope || !touched.current) return;
    const kept = survey.version === 1 ? Object.fromEntries(Object.entries(answers)) : values;
    formDrafts.set(draftScope, SURVEY_DRAFT_SECTION, { values: kept, photos, pending: false, savedAt: Date.now() });
  }, [draftScope, survey.version, answers, values, photos]);
  const [errors, setErrors] = useState<Errors>({});
  const summary = useErrorSummary();
  const [confirming, setConfirming] = useState(false);
  const [checked, setChecked] = useState('');

  const body = (): Omit<TSurveySubmitBody, 'language'> =>
    survey.version === 1
      ? { answers: survey.questions.map((q) => ({ question_id: q.id, answer: answers[q.id] ?? '' })) }
      : { values: Object.fromEntries(Object.entries(values).map(([id, v]) => [id, typeof v === 'string' && !v.trim() ? null : v])) };

  const validate = (): Errors => {
    const found = survey.version === 1
      ? validateSurveyV1(survey.questions, body().answers ?? [])
      : validateSurveyV2(survey.form, body().values ?? {}, (elementId, photoId) => photos[elementId]?.id === photoId);
    return Object.fromEntries(found.map((e) => [e.field, e.message]));
  };

  // The summary names the question of each message ('Naam van de hoofdbewoner: Dit veld is verplicht').
  const labels = useMemo(() => new Map<string, string>(survey.version === 1
    ? survey.questions.map((q) => [surveyAnswerField(q.id), q.question])
    : survey.form.flatMap((s) => s.elements).flatMap((e) => (e.type === 's_title' ? [] : [[surveyValueField(e.id), e.data.label ?? '']] as const))), [survey]);

  const showErrors = (found: Errors) => {
    setErrors(found);
    summary.focusSummary();
  };

  const send = useMutation({
    mutationFn: () => surveyApi.submit(audience, survey.id, body()),
    onSuccess: async () => {
      if (draftScope) formDrafts.set(draftScope, SURVEY_DRAFT_SECTION, null);
      toast(surveyTexts.sent, 'success');
      onSent?.();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: surveyKeys.detail(audience, survey.id) }),
        queryClient.invalidateQueries({ queryKey: surveyKeys.list(audience) }),
      ]);
    },
    onError: (error) => {
      toastError(error, surveyTexts.failed, { useServerMessage: false });
      const fields = serverFieldErrors(error);
      if (fields.length) showErrors(Object.fromEntries(fields.map((e) => [e.field, e.message])));
      // Answered meanwhile (another device, another household member): show what was sent.
      if (error instanceof ApiError && error.status === 409) {
        if (draftScope) formDrafts.set(draftScope, SURVEY_DRAFT_SECTION, null);
        void queryClient.invalidateQueries({ queryKey: surveyKeys.all });
      }
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate();
    if (Object.keys(found).length) {
      setChecked('');
      return showErrors(found);
    }
    setErrors({});
    if (preview) setChecked(preview.checked);
    else setConfirming(true);
  };

  const clear = (field: string) => {
    if (!errors[field]) return;
    const next = { ...errors };
    delete next[field];
    setErrors(next);
  };
  const setAnswer = (id: number, value: number | string) => {
    touched.current = true;
    setAnswers((current) => ({ ...current, [id]: value }));
    clear(surveyAnswerField(id));
  };
  const setValue = (id: string, value: TSurveyValue) => {
    touched.current = true;
    setValues((current) => ({ ...current, [id]: value }));
    clear(surveyValueField(id));
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label={survey.name}>
      {/* 'Formulier niet goed ingevuld' (the spec's text) heads the list of what to correct. */}
      <ErrorSummary errors={namedErrors(errorList(errors), labels)} focusKey={summary.focusKey} title={surveyTexts.invalid} headingLevel={3} />
      <p className="text-sm text-slate-700">{surveyTexts.requiredHint}</p>
      {survey.version === 1
        ? <QuestionsV1 survey={survey} answers={answers} errors={errors} onAnswer={setAnswer} />
        : (
          <ElementsV2
            survey={survey}
            values={values}
            photos={photos}
            errors={errors}
            onValue={setValue}
            onUpload={(elementId, file, onProgress) => (preview ? preview.upload(file) : surveyApi.uploadPhoto(audience, survey.id, elementId, file, onProgress))}
            onPhoto={(elementId, photo) => {
              setPhotos((current) => ({ ...current, [elementId]: photo }));
              setValue(elementId, photo.id);
            }}
            onPhotoError={(elementId, message) => setErrors((current) => {
              const next = { ...current };
              if (message) next[surveyValueField(elementId)] = message;
              else delete next[surveyValueField(elementId)];
              return next;
            })}
          />
        )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={send.isPending}>{surveyTexts.submit}</Button>
      </div>
      {preview && <p role="status" className="text-sm text-slate-800">{checked}</p>}

      <Dialog open={confirming} title={surveyTexts.confirmTitle} onClose={() => setConfirming(false)}>
        <p className="text-slate-800">{surveyTexts.confirmText}</p>
        <div className="flex justify-end gap-3">
          <Button
            onClick={() => {
              setConfirming(false);
              send.mutate();
            }}
          >
            {surveyTexts.yes}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(false)}>{surveyTexts.no}</Button>
        </div>
      </Dialog>
    </form>
  );
}

function QuestionsV1({ survey, answers, errors, onAnswer }: { survey: TSurveyV1; answers: Record<number, number | string>; errors: Errors; onAnswer: (id: number, value: number | string) => void }) {
  return (
    <>
      {survey.questions.map((q) => {
        const field = surveyAnswerField(q.id);
        const value = answers[q.id];
        return q.type === 'rating'
          ? <RatingInput key={q.id} field={field} error={errors[field]} question={q.question} value={typeof value === 'number' ? value : SURVEY_RATING.default} onChange={(v) => onAnswer(q.id, v)} />
          : <OpenAnswerInput key={q.id} field={field} error={errors[field]} question={q.question} value={typeof value === 'string' ? value : ''} onChange={(v) => onAnswer(q.id, v)} />;
      })}
    </>
  );
}

function ElementsV2({ survey, values, photos, errors, onValue, onUpload, onPhoto, onPhotoError }: {
  survey: TSurveyV2;
  values: Record<string, TSurveyValue>;
  photos: Record<string, TSurveyPhoto>;
  errors: Errors;
  onValue: (id: string, value: TSurveyValue) => void;
  onUpload: (elementId: string, file: File, onProgress: (fraction: number) => void) => ReturnType<typeof surveyApi.uploadPhoto>;
  onPhoto: (elementId: string, photo: TSurveyPhoto) => void;
  onPhotoError: (elementId: string, message: string | undefined) => void;
}) {
  return (
    <>
      {survey.form.map((section) => (
        <section key={section.id} className="flex flex-col gap-5" aria-label={section.label || undefined}>
          {section.label && <h3 className="border-b border-slate-200 pb-1 text-lg font-bold text-slate-900">{section.label}</h3>}
          {section.elements.map((element) => {
            const field = surveyValueField(element.id);
            const error = errors[field];
            const value = values[element.id] ?? null;
            switch (element.type) {
              case 's_title':
                return <TitleElement key={element.id} element={element} />;
              case 's_textinput':
              case 's_textareainput':
                return <TextElementInput key={element.id} field={field} error={error} element={element} value={typeof value === 'string' ? value : ''} onChange={(v) => onValue(element.id, v)} />;
              case 's_select':
                return <SelectElementInput key={element.id} field={field} error={error} element={element} value={typeof value === 'number' ? null : value} onChange={(v) => onValue(element.id, v)} />;
              case 's_smileyinput':
                return <ScaleElementInput key={element.id} field={field} error={error} element={element} value={typeof value === 'number' ? value : null} onChange={(v) => onValue(element.id, v)} />;
              case 's_photoinput':
                return (
                  <PhotoElementInput
                    key={element.id}
                    field={field}
                    error={error}
                    element={element}
                    photo={photos[element.id] ?? null}
                    onUpload={(file, onProgress) => onUpload(element.id, file, onProgress)}
                    onPhoto={(photo) => onPhoto(element.id, photo)}
                    onError={(message) => onPhotoError(element.id, message)}
                  />
                );
              default: {
                const never: never = element;
                return never;
              }
            }
          })}
        </section>
      ))}
    </>
  );
}
