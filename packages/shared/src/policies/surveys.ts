import { holds, mayChange, publicRule, rule } from './core';

/** Surveys (shell.md §2.2, permission SURVEYS). Writing and sending change something: never the Goverment role's. */
export const surveyPolicy = {
  /** The list, a survey and its results. */
  read: rule('surveys.read', (a) => holds(a, 'SURVEYS')),
  /** Create or edit a draft, send it, close it. */
  change: rule('surveys.change', (a) => mayChange(a, 'SURVEYS')),
  /** Development only: answer as a recipient would. */
  devAnswer: rule('surveys.devAnswer', (a) => mayChange(a, 'SURVEYS')),
  /** The recipient's app: read the questions and answer with the personal answer code (no staff token). */
  answer: publicRule('surveys.answer'),
} as const;
