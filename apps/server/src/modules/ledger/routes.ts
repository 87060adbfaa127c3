import {
  ACCOUNT_ENTRY_TYPES,
  type AccountOwnerKind,
  bankAccountBody,
  peopleContract as contract,
  dbId,
  LEDGER_MSG,
  ledgerPolicy,
  manualEntryBody,
  payoutBody,
  type Rule,
} from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { pageQuerySchema } from '../../http/pagination';
import { replies } from '../../http/schema';
import { payOutCaptain, setBankAccount } from './payout';

const idParams = z.object({ id: dbId() });
const accountQuery = pageQuerySchema
  .pick({ page: true, perPage: true })
  .extend({ type: z.enum(ACCOUNT_ENTRY_TYPES).optional() });

const READ: Record<AccountOwnerKind, Rule> = {
  captain: ledgerPolicy.readCaptain,
  passenger: ledgerPolicy.readPassenger,
};

/**
 * GET captain|passenger/{id}/account (balance and a page of entries); POST …/account/entries (manual);
 * POST captain/{id}/account/payout (the balance paid out at the captain's cash register).
 */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of ['captain', 'passenger'] as const) {
    app.get(
      `/${kind}/:id/account`,
      {
        config: { policy: READ[kind] },
        schema: replies(contract.account, { params: idParams, querystring: accountQuery }),
      },
      async (request) => {
        const { id } = request.params;
        return ok(await app.ledger.account(kind, id, { ...request.query, url: request.url }));
      },
    );

    app.post(
      `/${kind}/:id/account/entries`,
      {
        config: { policy: ledgerPolicy.adjust },
        schema: replies(contract.accountEntry, { params: idParams, body: manualEntryBody }),
      },
      async (request) =>
        ok(
          await app.ledger.addManualEntry(request.user.id, kind, request.params.id, request.body),
          LEDGER_MSG.entryAdded,
        ),
    );
  }

  app.post(
    '/captain/:id/account/payout',
    {
      config: { policy: ledgerPolicy.adjust },
      schema: replies(contract.accountEntry, { params: idParams, body: payoutBody }),
    },
    async (request) =>
      ok(
        await payOutCaptain(
          { db: app.db, clock: app.clock, ledger: app.ledger },
          request.user.id,
          request.params.id,
          request.body?.method ?? 'cash',
        ),
        LEDGER_MSG.paidOut,
      ),
  );

  app.put(
    '/captain/:id/bank_account',
    {
      config: { policy: ledgerPolicy.adjust },
      schema: replies(contract.account, { params: idParams, body: bankAccountBody }),
    },
    async (request) => {
      await setBankAccount(app.db, request.user.id, request.params.id, request.body);
      return ok(
        await app.ledger.account('captain', request.params.id, { page: 1, perPage: 25, url: request.url }),
        LEDGER_MSG.bankAccountSaved,
      );
    },
  );
};
