import { type Language, pickLanguage } from '@taxi/shared/i18n';
import { CATALOGUES } from '@taxi/shared/i18n/catalogues';
import { translateRendered } from '@taxi/shared/i18n/rendered';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';

/**
 * Answers speak the caller's language (Accept-Language; the console sends its own). The server builds
 * and stores every text in English; the `message` and `errors` of a JSON answer are translated on the
 * way out from the shared catalogues, so a toast or a 422's field errors read in French or Arabic.
 */
export function requestLanguage(request: FastifyRequest): Language {
  return pickLanguage(request.headers['accept-language']);
}

export function translateMessage(language: Language, text: string): string {
  return language === 'en' ? text : translateRendered(CATALOGUES[language], text);
}

type ZodLocale = { localeError: (issue: never) => unknown };
const zodEnglish = z.locales.en() as ZodLocale;
const zodLocales: Record<Exclude<Language, 'en'>, ZodLocale> = {
  fr: z.locales.fr() as ZodLocale,
  ar: z.locales.ar() as ZodLocale,
};

function localeText(locale: ZodLocale, issue: object): string | undefined {
  const out = locale.localeError(issue as never);
  if (typeof out === 'string') return out;
  return (out as { message?: string } | undefined)?.message;
}

/**
 * A validation issue's message in the caller's language: ours from the catalogue; zod's own English
 * wording ("Too small: expected …") re-rendered by zod's locale for that language.
 */
export function localiseIssue(language: Language, issue: { code?: string; message: string }): string {
  if (language === 'en') return issue.message;
  const ours = translateMessage(language, issue.message);
  if (ours !== issue.message || !issue.code) return ours;
  try {
    if (localeText(zodEnglish, issue) !== issue.message) return issue.message;
    return localeText(zodLocales[language], issue) ?? issue.message;
  } catch {
    return issue.message;
  }
}

function translateErrors(language: Language, errors: unknown): unknown {
  if (!errors || typeof errors !== 'object') return errors;
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [
      field,
      Array.isArray(messages)
        ? messages.map((m) => (typeof m === 'string' ? translateMessage(language, m) : m))
        : messages,
    ]),
  );
}

export const i18nPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preSerialization', async (request, _reply, payload) => {
    const language = requestLanguage(request);
    if (language === 'en' || !payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
    const body = payload as { message?: unknown; errors?: unknown };
    if (typeof body.message !== 'string' && !body.errors) return payload;
    return {
      ...body,
      ...(typeof body.message === 'string' ? { message: translateMessage(language, body.message) } : {}),
      ...(body.errors ? { errors: translateErrors(language, body.errors) } : {}),
    };
  });
});
