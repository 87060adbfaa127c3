import { z } from 'zod';
import { texts, tr } from './i18n';
import { MSG } from './messages';
import { RESOURCE_MSG } from './resources/messages';
import { text } from './validation';

/**
 * Surveys (shell.md §2.2: /surveys, /survey/{id}, /surveys/create): a title, an audience, a channel and
 * ordered questions. A draft is edited, then sent (one recipient row each, delivered through the channel,
 * each with a personal answer code), then closed. One answer set per recipient.
 */

export const SURVEY_STATUSES = ['draft', 'sent', 'closed'] as const;
export type SurveyStatus = (typeof SURVEY_STATUSES)[number];

export const SURVEY_AUDIENCES = ['passengers', 'captains'] as const;
export type SurveyAudience = (typeof SURVEY_AUDIENCES)[number];

/**
 * How a survey reaches its recipients: captains through their app's inbox (the broadcasts' delivery);
 * passengers by SMS carrying their personal answer code (the SMS gateway). Each audience has one channel.
 */
export const SURVEY_CHANNELS = ['captain_inbox', 'sms'] as const;
export type SurveyChannel = (typeof SURVEY_CHANNELS)[number];
export const CHANNEL_OF_AUDIENCE: Readonly<Record<SurveyAudience, SurveyChannel>> = {
  captains: 'captain_inbox',
  passengers: 'sms',
};

export const QUESTION_KINDS = ['choice', 'rating', 'text'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const SURVEY_TITLE_MAX = 150;
export const QUESTION_PROMPT_MAX = 300;
export const OPTION_MAX = 100;
export const OPTIONS_MIN = 2;
export const OPTIONS_MAX = 10;
export const QUESTIONS_MAX = 20;
export const TEXT_ANSWER_MAX = 1000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RECENT_DAYS_MAX = 365;
/** Length of a recipient's answer code (letters and digits a phone keyboard types without ambiguity). */
export const ANSWER_CODE_LENGTH = 10;
export const ANSWER_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const SURVEY_MSG = texts({
  atLeastOneQuestion: 'Add at least one question',
  tooManyQuestions: (max: number) => tr('At most {{max}} questions', { max }),
  optionsCount: (min: number, max: number) => tr('Give between {{min}} and {{max}} options', { min, max }),
  duplicateOption: 'Options must differ',
  wrongChannel: 'This channel does not reach this audience',
  invalidDays: (max: number) => tr('Enter a number of days between 1 and {{max}}', { max }),
  notDraft: 'Only a draft can be changed or sent',
  notSent: 'Only a sent survey can be closed',
  notOpen: 'This survey does not take answers',
  alreadyAnswered: 'This recipient has already answered',
  unknownCode: 'This answer code is not valid',
  noRecipients: 'Nobody matches this audience',
  noRecipientLeft: 'Every recipient has answered',
  answerRequired: 'This question needs an answer',
  invalidChoice: 'Choose one of the options',
  invalidRating: (min: number, max: number) => tr('Give a rating from {{min}} to {{max}}', { min, max }),
  unknownQuestion: 'This question is not part of the survey',
  wrongAnswerKind: 'This answer does not fit the question',
  created: 'Survey saved as a draft',
  updated: 'Survey updated',
  sent: (count: number) => tr('Survey sent to {{count}} recipients', { count }),
  closed: 'Survey closed',
  answered: 'Thank you for your answers',
  /** The message a recipient receives (captain inbox or SMS). */
  invitation: (title: string, code: string) =>
    tr('Survey: {{title}}. Answer in the app with the code {{code}}.', { title, code }),
});

export const SURVEY_LABELS = texts({
  statuses: { draft: 'Draft', sent: 'Sent', closed: 'Closed' },
  audiences: { passengers: 'Passengers', captains: 'Captains' },
  channels: { captain_inbox: "Captains' app inbox", sms: 'SMS with an answer code' },
  kinds: { choice: 'Choice', rating: 'Rating (1–5)', text: 'Text' },
});

/** Whom a survey asks, in the current language: its audience, narrowed to a recent ride when it says so. */
export const surveyAudienceLabel = (audience: SurveyAudience, recentDays: number | null): string =>
  recentDays === null
    ? SURVEY_LABELS.audiences[audience]
    : tr('{{audience}} with a ride in the last {{count}} days', {
        audience: SURVEY_LABELS.audiences[audience],
        count: recentDays,
      });

const questionSchema = z
  .object({
    kind: z.enum(QUESTION_KINDS, { error: RESOURCE_MSG.invalidOption }),
    prompt: text(QUESTION_PROMPT_MAX, MSG.required).min(1, MSG.required),
    required: z.boolean({ error: RESOURCE_MSG.invalidOption }).default(true),
    options: z.array(text(OPTION_MAX, MSG.required).min(1, MSG.required)).max(50).default([]),
  })
  .superRefine((q, ctx) => {
    if (q.kind !== 'choice') return;
    if (q.options.length < OPTIONS_MIN || q.options.length > OPTIONS_MAX)
      ctx.addIssue({ code: 'custom', path: ['options'], message: SURVEY_MSG.optionsCount(OPTIONS_MIN, OPTIONS_MAX) });
    else if (new Set(q.options.map((o) => o.toLowerCase())).size !== q.options.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: SURVEY_MSG.duplicateOption });
  })
  .transform((q) => ({ ...q, options: q.kind === 'choice' ? q.options : [] }));

/** POST surveys and PUT surveys/{id}: a draft. */
export const surveyInputSchema = z
  .object({
    title: text(SURVEY_TITLE_MAX, MSG.required).min(1, MSG.required),
    audience: z.enum(SURVEY_AUDIENCES, { error: RESOURCE_MSG.invalidOption }),
    channel: z.enum(SURVEY_CHANNELS, { error: RESOURCE_MSG.invalidOption }),
    /** Only people with a ride in the last N days; null for every active passenger or captain. */
    recent_days: z
      .union([
        z
          .number({ error: SURVEY_MSG.invalidDays(RECENT_DAYS_MAX) })
          .int(SURVEY_MSG.invalidDays(RECENT_DAYS_MAX))
          .min(1, SURVEY_MSG.invalidDays(RECENT_DAYS_MAX))
          .max(RECENT_DAYS_MAX, SURVEY_MSG.invalidDays(RECENT_DAYS_MAX)),
        z.null(),
      ])
      .optional()
      .transform((v) => v ?? null),
    questions: z
      .array(questionSchema, { error: SURVEY_MSG.atLeastOneQuestion })
      .min(1, SURVEY_MSG.atLeastOneQuestion)
      .max(QUESTIONS_MAX, SURVEY_MSG.tooManyQuestions(QUESTIONS_MAX)),
  })
  .superRefine((s, ctx) => {
    if (CHANNEL_OF_AUDIENCE[s.audience] !== s.channel)
      ctx.addIssue({ code: 'custom', path: ['channel'], message: SURVEY_MSG.wrongChannel });
  });
export type SurveyInput = z.input<typeof surveyInputSchema>;
export type SurveyData = z.output<typeof surveyInputSchema>;

/** One answer: the option's index for a choice, 1–5 for a rating, words for a text. */
export const answerItemSchema = z.object({
  question_id: z.number({ error: SURVEY_MSG.unknownQuestion }).int(SURVEY_MSG.unknownQuestion).min(1),
  choice: z.number({ error: SURVEY_MSG.invalidChoice }).int(SURVEY_MSG.invalidChoice).min(0).max(100).optional(),
  rating: z
    .number({ error: SURVEY_MSG.invalidRating(RATING_MIN, RATING_MAX) })
    .int(SURVEY_MSG.invalidRating(RATING_MIN, RATING_MAX))
    .min(RATING_MIN, SURVEY_MSG.invalidRating(RATING_MIN, RATING_MAX))
    .max(RATING_MAX, SURVEY_MSG.invalidRating(RATING_MIN, RATING_MAX))
    .optional(),
  text: text(TEXT_ANSWER_MAX).optional(),
});
export type AnswerItem = z.infer<typeof answerItemSchema>;

export const answerSetSchema = z.object({
  answers: z.array(answerItemSchema, { error: SURVEY_MSG.answerRequired }).max(QUESTIONS_MAX),
});
export type AnswerSetInput = z.input<typeof answerSetSchema>;

/** A recipient's answer code as typed: spaces and case do not matter. */
export const normaliseAnswerCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
export const answerCodeSchema = z
  .string({ error: SURVEY_MSG.unknownCode })
  .transform(normaliseAnswerCode)
  .refine(
    (c) => c.length === ANSWER_CODE_LENGTH && [...c].every((ch) => ANSWER_CODE_ALPHABET.includes(ch)),
    SURVEY_MSG.unknownCode,
  );

/** Share of recipients who answered, 0 when nobody was reached. */
export const responseRate = (responses: number, recipients: number) => (recipients === 0 ? 0 : responses / recipients);
