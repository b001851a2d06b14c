import { useEffect, useState, type FormEvent } from 'react';
import { SURVEYS } from '@gleba/contracts';
import { useT } from '../../../lib/i18n';
import { fetchSurveyAnswers, saveSurveyAnswers } from '../api/survey';

const QUESTIONS = Object.entries(SURVEYS.ONBOARDING);

/** The optional onboarding survey: how the user heard of Gleba, what they grow, the farm's size. */
export function SurveyStep() {
  const tr = useT();
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');

  useEffect(() => {
    let live = true;
    fetchSurveyAnswers()
      .then((r) => {
        if (!live) return;
        const next: Record<string, string[]> = {};
        for (const a of r.answers) next[a.questionKey] = [...(next[a.questionKey] ?? []), a.answerKey];
        setChosen(next);
      })
      .catch(() => undefined); // no earlier answers to show: the form starts empty
    return () => {
      live = false;
    };
  }, []);

  function toggle(question: string, answer: string, multiple: boolean) {
    setState('idle');
    setChosen((c) => {
      const now = c[question] ?? [];
      if (!multiple) return { ...c, [question]: [answer] };
      return { ...c, [question]: now.includes(answer) ? now.filter((a) => a !== answer) : [...now, answer] };
    });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setState('saving');
    try {
      const answers = Object.entries(chosen).flatMap(([questionKey, keys]) =>
        keys.map((answerKey) => ({ questionKey, answerKey })),
      );
      await saveSurveyAnswers({ answers });
      setState('saved');
    } catch {
      setState('failed');
    }
  }

  return (
    <form className="onboarding-survey" aria-label={tr('onboarding.surveyTitle')} onSubmit={submit}>
      {QUESTIONS.map(([question, { multiple, answers }]) => (
        <fieldset key={question} className="onboarding-survey__question">
          <legend>{tr(`onboarding.survey_${question}`)}</legend>
          {answers.map((answer) => (
            <label key={answer} className="onboarding-survey__option">
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={`survey-${question}`}
                value={answer}
                checked={(chosen[question] ?? []).includes(answer)}
                onChange={() => toggle(question, answer, multiple)}
              />
              <span>{tr(`onboarding.survey_${question}_${answer}`)}</span>
            </label>
          ))}
        </fieldset>
      ))}
      <button type="submit" className="gl-button gl-button--secondary" disabled={state === 'saving'}>
        {tr('onboarding.surveySave')}
      </button>
      <p role="status" className={state === 'failed' ? 'onboarding__warning' : 'onboarding__ok'}>
        {state === 'saved'
          ? tr('onboarding.surveySaved')
          : state === 'failed'
            ? tr('onboarding.surveyFailed')
            : ''}
      </p>
    </form>
  );
}
