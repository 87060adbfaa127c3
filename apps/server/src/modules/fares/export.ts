import {
  csvExport,
  farePolicy,
  PRICE_RULE_EFFECT_LABELS,
  priceRuleConditionsText,
  EXPORT_TEXT as T,
} from '@taxi/shared';
import { tr as text } from '@taxi/shared/i18n';
import { count } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { priceRules, services } from '../../db/schema';
import { csvCityDay, csvCityTime, csvTranslator, type KeysetKey, keysetBatches, sendCsv } from '../../http/csv';
import { replies } from '../../http/schema';

/** GET priceRules' order: the order the fare engine applies them in. */
const KEYS: KeysetKey[] = [
  { expr: priceRules.order, descending: false },
  { expr: priceRules.id, descending: false },
];

/** GET priceRules/export.csv: every price rule, as the price rules page lists them, as streamed CSV. */
export const faresExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/priceRules/export.csv',
    {
      config: { policy: farePolicy.read },
      // GET priceRules takes no filter: the page lists every rule.
      schema: { ...replies(csvExport('Price rules'), { querystring: z.object({}) }), tags: ['fare'] },
    },
    async (request, reply) => {
      const [[{ n }], serviceRows] = await Promise.all([
        app.db.select({ n: count() }).from(priceRules),
        app.db.select({ id: services.id, name: services.name }).from(services),
      ]);
      const serviceNames = new Map(serviceRows.map((s) => [s.id, s.name]));
      const names = {
        service: (id: number) => serviceNames.get(id) ?? `#${id}`,
        zone: (id: number) => app.city.sector(id)?.name ?? `#${id}`,
        season: (season: string) => text(season),
      };
      const tr = csvTranslator(request);
      return sendCsv(reply, {
        name: 'price_rules',
        date: csvCityDay(app.clock),
        total: n,
        header: [T.ruleOrder, T.name, T.when, T.effect, T.amount, T.factor, T.firstMatch, T.active, T.updated].map(tr),
        batches: keysetBatches(KEYS, ({ after, order, cursor, limit }) =>
          app.db
            .select({ rule: priceRules, ...cursor })
            .from(priceRules)
            .where(after)
            .orderBy(...order)
            .limit(limit),
        ),
        row: ({ rule: r }) =>
          tr.within(() => [
            r.order,
            r.name,
            priceRuleConditionsText(r.conditions, names),
            PRICE_RULE_EFFECT_LABELS[r.effect.kind],
            r.effect.kind === 'multiplier' ? null : r.effect.amount,
            r.effect.kind === 'multiplier' ? r.effect.factor : null,
            r.stop ? T.yes : T.no,
            r.active ? T.yes : T.no,
            csvCityTime(r.updatedAt),
          ]),
      });
    },
  );
};
