import useSWR from 'swr';
import type { TSurveyCounts } from '@gleba/contracts';
import { api } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';

/** The onboarding survey counted: each question, each answer and how many people gave it. */
export function SurveyCounts() {
  const tr = useT();
  const { data, error } = useSWR<TSurveyCounts>('users/survey/ONBOARDING', (path: string) =>
    api.get<TSurveyCounts>(path),
  );
  return (
    <section className="survey-counts" aria-labelledby="survey-counts-title">
      <h2 id="survey-counts-title">{tr('admin.surveyTitle')}</h2>
      {error ? (
        <p role="alert">{tr('admin.surveyFailed')}</p>
      ) : !data ? (
        <p className="muted">{tr('admin.surveyLoading')}</p>
      ) : (
        <>
          <p>{tr('admin.surveyRespondents', { count: data.respondents })}</p>
          <div className="survey-counts__questions">
            {data.questions.map((q) => (
              <table key={q.questionKey} className="gl-table survey-counts__table">
                <caption>{tr(`onboarding.survey_${q.questionKey}`)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{tr('admin.surveyAnswer')}</th>
                    <th scope="col">{tr('admin.surveyCount')}</th>
                  </tr>
                </thead>
                <tbody>
                  {q.answers.map((a) => (
                    <tr key={a.answerKey}>
                      <td>{tr(`onboarding.survey_${q.questionKey}_${a.answerKey}`)}</td>
                      <td>{a.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
