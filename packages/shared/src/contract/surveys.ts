import { z } from 'zod';
import { QUESTION_KINDS, SURVEY_AUDIENCES, SURVEY_CHANNELS, SURVEY_STATUSES } from '../surveys';
import { envelope, pageEnvelope } from './envelope';

export const surveyQuestionSchema = z
  .object({
    id: z.number().int(),
    position: z.number().int(),
    kind: z.enum(QUESTION_KINDS),
    prompt: z.string(),
    required: z.boolean(),
    options: z.array(z.string()),
  })
  .meta({ id: 'SurveyQuestion' });

/** A survey with its questions and how many were reached and answered. */
export const surveySchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    audience: z.enum(SURVEY_AUDIENCES),
    channel: z.enum(SURVEY_CHANNELS),
    recent_days: z.number().int().nullable(),
    status: z.enum(SURVEY_STATUSES),
    questions: z.array(surveyQuestionSchema),
    recipients: z.number().int(),
    responses: z.number().int(),
    author: z.string().nullable(),
    created_at: z.string(),
    sent_at: z.string().nullable(),
    closed_at: z.string().nullable(),
  })
  .meta({ id: 'Survey' });

/** One question's results: option counts (choice), the 1–5 distribution and average (rating), the words (text). */
export const questionResultSchema = z
  .object({
    question_id: z.number().int(),
    kind: z.enum(QUESTION_KINDS),
    prompt: z.string(),
    answered: z.number().int(),
    options: z.array(z.object({ label: z.string(), count: z.number().int() })),
    ratings: z.array(z.object({ rating: z.number().int(), count: z.number().int() })),
    average: z.number().nullable(),
    texts: z.array(z.object({ text: z.string(), answered_at: z.string() })),
  })
  .meta({ id: 'SurveyQuestionResult' });

export const surveyResultsSchema = z
  .object({
    survey_id: z.number().int(),
    recipients: z.number().int(),
    responses: z.number().int(),
    /** responses / recipients, 0 when nobody was reached. */
    response_rate: z.number(),
    questions: z.array(questionResultSchema),
  })
  .meta({ id: 'SurveyResults' });

/** What the recipient's app shows for an answer code. */
export const surveyFormSchema = z
  .object({
    title: z.string(),
    questions: z.array(surveyQuestionSchema),
    answered: z.boolean(),
  })
  .meta({ id: 'SurveyForm' });

/** The recipient whose answers were stored (the dev loopback says whom it played). */
export const surveyAnsweredSchema = z
  .object({ survey_id: z.number().int(), recipient_id: z.number().int(), answered_at: z.string() })
  .meta({ id: 'SurveyAnswered' });

export const surveysContract = {
  survey: envelope(surveySchema),
  surveys: pageEnvelope(surveySchema),
  results: envelope(surveyResultsSchema),
  form: envelope(surveyFormSchema),
  answered: envelope(surveyAnsweredSchema),
};

export type SurveyQuestionDto = z.infer<typeof surveyQuestionSchema>;
export type SurveyDto = z.infer<typeof surveySchema>;
export type QuestionResultDto = z.infer<typeof questionResultSchema>;
export type SurveyResultsDto = z.infer<typeof surveyResultsSchema>;
export type SurveyFormDto = z.infer<typeof surveyFormSchema>;
export type SurveyAnsweredDto = z.infer<typeof surveyAnsweredSchema>;
