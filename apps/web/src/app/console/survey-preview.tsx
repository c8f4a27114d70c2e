import { useEffect, useRef, type ReactNode } from 'react';
import type { TSurvey, TSurveyPhoto } from '@portal/contract';
import { SurveyForm } from '../../features/survey/components/survey-form';
import { SurveyBuilderPage } from '../../features/console-surveys/builder-page';

export const surveyPreviewTexts = {
  checked: 'Voorbeeld: de antwoorden voldoen aan de regels. Een bewoner krijgt nu de vraag om te bevestigen; hier wordt niets verstuurd.',
} as const;

/**
 * The survey builder's live preview: the resident's own survey form (features/survey: SurveyForm with its
 * inputs, rules and messages) on the unsaved draft. Composed here because features never import each
 * other. Nothing is sent: a valid preview says so; a photo is shown from the browser, never uploaded.
 */
function SurveyPreview({ survey }: { survey: TSurvey }) {
  const urls = useRef<string[]>([]);
  const nextId = useRef(0);
  useEffect(() => () => urls.current.forEach((url) => URL.revokeObjectURL(url)), []);
  const upload = async (file: File): Promise<TSurveyPhoto> => {
    const url = URL.createObjectURL(file);
    urls.current.push(url);
    nextId.current -= 1;
    return { id: nextId.current, url, image_width: 0, image_height: 0 };
  };
  // A new shape (questions added, types changed) starts a fresh form; typing in the preview keeps its answers otherwise.
  const shape = survey.version === 1
    ? survey.questions.map((q) => `${q.id}:${q.type}`).join(',')
    : survey.form.map((s) => s.elements.map((e) => `${e.id}:${e.type}:${e.type === 's_select' ? e.data.type : ''}`).join(',')).join('|');
  return (
    <SurveyForm
      key={`${survey.version}-${shape}`}
      audience={{ kind: 'occupant', projectId: null }}
      survey={survey}
      preview={{ checked: surveyPreviewTexts.checked, upload }}
    />
  );
}

export function renderSurveyPreview(survey: TSurvey): ReactNode {
  return <SurveyPreview survey={survey} />;
}

/** The survey builder's screen: the console-surveys page with the resident's renderer as its live preview. */
export default function SurveyBuilderScreen() {
  return <SurveyBuilderPage renderPreview={renderSurveyPreview} />;
}
