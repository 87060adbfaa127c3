import {
  ACCOUNT_ENTRY_TYPES,
  APPROVAL_MSG,
  blockCaptainSchema,
  bulkResponse,
  CAPTAIN_SORT_KEYS,
  captainActivationSchema,
  captainBulkSchema,
  captainPolicy,
  peopleContract as contract,
  createCaptainSchema,
  createCarSchema,
  dbId,
  LOYALTY_CLASSES,
  PASSENGER_SORT_KEYS,
  PEOPLE_MSG,
  passengerConfirmationSchema,
  passengerPolicy,
  RESOURCE_MSG,
  removeDocumentsSchema,
  text,
} from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { HttpError } from '../../http/errors';
import { requestLanguage } from '../../http/i18n';
import { isUploadedFile, type UploadedFile } from '../../http/multipart';
import { pageQuerySchema, sortedPageQuery } from '../../http/pagination';
import { translatedResults } from '../resources/bulk';

const idParams = z.object({ id: dbId() });
/** A 1×1 PNG: the development sign-up's ID card images. */
const DEV_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const yesNo = z
  .union([z.boolean(), z.enum(['true', 'false', '0', '1', 'yes', 'no'])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'yes');
const file = z.custom<UploadedFile>(isUploadedFile, PEOPLE_MSG.fileRequired);

/** The passengers list: its own sort keys; the loyalty filter one of the classes, or none. */
export const passengerListQuery = sortedPageQuery(PASSENGER_SORT_KEYS).extend({
  loyalty_class: z.enum([...LOYALTY_CLASSES, 'none']).optional(),
  approved: yesNo.optional(),
  registered: yesNo.optional(),
  has_documents: yesNo.optional(),
});
/** The captains lists (all, blocked): their own sort keys. */
export const captainListQuery = sortedPageQuery(CAPTAIN_SORT_KEYS).extend({
  active: yesNo.optional(),
  registered: yesNo.optional(),
  online: yesNo.optional(),
  blocked: yesNo.optional(),
});

export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  const passengers = () => app.passengers;
  const captains = () => app.captains;

  // passengers -----------------------------------------------------------------------------------
  app.get(
    '/passenger',
    {
      config: { policy: passengerPolicy.list },
      schema: { querystring: passengerListQuery, response: { 200: contract.passengers } },
    },
    async (request) => {
      const { page, perPage, sortBy, descending, search, ...filters } = request.query;
      return ok(
        await passengers().listPassengers(
          { search, ...filters },
          { page, perPage, sortBy, descending, url: request.url },
        ),
      );
    },
  );

  app.get(
    '/passenger/:id',
    { config: { policy: passengerPolicy.read }, schema: { params: idParams, response: { 200: contract.passenger } } },
    async (request) => ok(await passengers().getPassenger(request.params.id)),
  );

  app.put(
    '/passenger/:id',
    {
      // The ID card's front and back, each up to UPLOAD_MAX_BYTES (the 5 MB rule answers 422 on its field).
      config: { policy: passengerPolicy.change, upload: { files: 2 } },
      schema: {
        params: idParams,
        body: passengerConfirmationSchema.extend({ id_card_front: file.optional(), id_card_back: file.optional() }),
        response: { 200: contract.passenger },
      },
    },
    async (request) => {
      const data = await passengers().updatePassenger(request.user.id, request.params.id, request.body);
      return ok(data, PEOPLE_MSG.passengerSaved);
    },
  );

  app.put(
    '/passenger/:id/remove_documents',
    {
      config: { policy: passengerPolicy.change },
      schema: {
        params: idParams,
        querystring: z.object({ no_approval: yesNo.optional() }),
        body: removeDocumentsSchema,
        response: { 200: contract.passenger },
      },
    },
    async (request) => {
      const data = await passengers().removeDocuments(
        request.user.id,
        request.params.id,
        request.body.message,
        request.query.no_approval ?? false,
      );
      return ok(data, PEOPLE_MSG.documentsRemoved);
    },
  );

  app.put(
    '/passengers/:id/active',
    { config: { policy: passengerPolicy.change }, schema: { params: idParams, response: { 200: contract.passenger } } },
    async (request) =>
      ok(await passengers().activatePassenger(request.user.id, request.params.id), PEOPLE_MSG.activationCompleted),
  );

  // the approval queue -----------------------------------------------------------------------------
  app.get(
    '/passengers/approvals',
    { config: { policy: passengerPolicy.approvals }, schema: { response: { 200: contract.approvals } } },
    async () => ok(await app.passengerApprovals.queue()),
  );

  app.post(
    '/passengers/:id/claim',
    {
      config: { policy: passengerPolicy.claim },
      schema: { params: idParams, response: { 200: contract.approvalState } },
    },
    async (request) => {
      await app.passengerApprovals.claim(request.user.id, request.params.id);
      return ok(await app.passengerApprovals.stateOf(request.params.id), APPROVAL_MSG.claimed);
    },
  );

  // The same answer as the claim's (its POST twin, `_method=DELETE`, shares the URL and its reply schema).
  app.delete(
    '/passengers/:id/claim',
    {
      config: { policy: passengerPolicy.claim },
      schema: { params: idParams, response: { 200: contract.approvalState } },
    },
    async (request) => {
      await app.passengerApprovals.release(request.user.id, request.params.id);
      return ok(await app.passengerApprovals.stateOf(request.params.id), APPROVAL_MSG.released);
    },
  );

  // Development only (loopback): a passenger signs up with ID card images as the app would, so the e2e runs see
  // Dashboard:new_passenger without the simulator.
  if (app.config.isDevelopment) {
    app.post(
      '/passengers/dev/register',
      {
        config: { policy: passengerPolicy.devRegister, localOnly: true },
        schema: {
          body: z.object({ first_name: text().optional(), last_name: text().optional() }).optional().default({}),
          response: { 200: contract.passenger },
        },
      },
      async (request) => {
        const n = Math.floor(Math.random() * 1e7);
        return ok(
          await passengers().registerPassenger({
            first_name: request.body.first_name ?? 'New',
            last_name: request.body.last_name ?? 'Passenger',
            phone_number: `+377 6${String(n).padStart(7, '0')}`,
            id_card_front: { filename: 'front.png', mimetype: 'image/png', data: DEV_PNG },
            id_card_back: { filename: 'back.png', mimetype: 'image/png', data: DEV_PNG },
          }),
        );
      },
    );
  }

  app.get(
    '/passenger/:id/account_entries',
    {
      config: { policy: passengerPolicy.read },
      schema: {
        params: idParams,
        querystring: pageQuerySchema.omit({ search: true }).extend({ type: z.enum(ACCOUNT_ENTRY_TYPES).optional() }),
        response: { 200: contract.accountEntries },
      },
    },
    async (request) => {
      const { page, perPage, type } = request.query;
      const account = await app.ledger.account('passenger', request.params.id, {
        type,
        page,
        perPage,
        url: request.url,
      });
      return ok(account.entries);
    },
  );

  // captains -------------------------------------------------------------------------------------
  app.get(
    '/captain',
    {
      config: { policy: captainPolicy.read },
      schema: { querystring: captainListQuery, response: { 200: contract.captains } },
    },
    async (request) => {
      const { page, perPage, sortBy, descending, search, ...filters } = request.query;
      return ok(
        await captains().listCaptains({ search, ...filters }, { page, perPage, sortBy, descending, url: request.url }),
      );
    },
  );

  app.get(
    '/captain/search',
    {
      config: { policy: captainPolicy.read },
      schema: {
        querystring: z.object({ search: z.string().trim().default('') }),
        response: { 200: contract.captainSearch },
      },
    },
    async (request) => {
      return ok(request.query.search ? await captains().searchCaptains(request.query.search) : []);
    },
  );

  app.get(
    '/captain/blocked',
    {
      config: { policy: captainPolicy.readBlocked },
      schema: { querystring: sortedPageQuery(CAPTAIN_SORT_KEYS), response: { 200: contract.captains } },
    },
    async (request) => {
      const { page, perPage, search, sortBy, descending } = request.query;
      return ok(
        await captains().listCaptains(
          { search, blocked: true },
          { page, perPage, sortBy: sortBy ?? 'blocked_until', descending, url: request.url },
        ),
      );
    },
  );

  app.post(
    '/captain',
    {
      config: { policy: captainPolicy.change, idempotent: true },
      schema: { body: createCaptainSchema, response: { 200: contract.captain } },
    },
    async (request) => ok(await captains().createCaptain(request.user.id, request.body), PEOPLE_MSG.captainCreated),
  );

  app.get(
    '/captain/:id',
    { config: { policy: captainPolicy.read }, schema: { params: idParams, response: { 200: contract.captain } } },
    async (request) => {
      return ok(await captains().getCaptain(request.params.id));
    },
  );

  app.get(
    '/captain/:id/cars',
    { config: { policy: captainPolicy.read }, schema: { params: idParams, response: { 200: contract.cars } } },
    async (request) => {
      return ok(await captains().captainCars(request.params.id));
    },
  );

  app.post(
    '/captain/:id/cars',
    {
      config: { policy: captainPolicy.change, idempotent: true },
      schema: { params: idParams, body: createCarSchema, response: { 200: contract.car } },
    },
    async (request) =>
      ok(await captains().createCar(request.user.id, request.params.id, request.body), PEOPLE_MSG.carCreated),
  );

  app.put(
    '/captain/:id/active',
    {
      config: { policy: captainPolicy.change },
      schema: {
        params: idParams,
        body: z.object({ cash_register_id: z.unknown() }).partial().optional(),
        response: { 200: contract.captain },
      },
    },
    async (request) => {
      // PEOPLE_MSG.chooseCashRegister for a missing or bad id (people.md §5)
      const parsed = captainActivationSchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        throw new HttpError(422, PEOPLE_MSG.chooseCashRegister, { cash_register_id: [PEOPLE_MSG.chooseCashRegister] });
      }
      const data = await captains().activateCaptain(request.user.id, request.params.id, parsed.data.cash_register_id);
      return ok(data, PEOPLE_MSG.activationCompleted);
    },
  );

  // The selected drivers' activation: the single activation's rule and command, for each of them.
  app.post(
    '/captain/bulk',
    { config: { policy: captainPolicy.change }, schema: { body: captainBulkSchema, response: { 200: bulkResponse } } },
    async (request) => {
      const { ids, cash_register_id } = request.body;
      const result = await captains().activateCaptains(request.user.id, ids, cash_register_id, request.log);
      return ok(translatedResults(result, requestLanguage(request)), RESOURCE_MSG.bulkDone(result.done, ids.length));
    },
  );

  app.put(
    '/captain/:id/block',
    {
      config: { policy: captainPolicy.punish },
      schema: { params: idParams, body: blockCaptainSchema, response: { 200: contract.captain } },
    },
    async (request) =>
      ok(
        await captains().blockCaptain(request.user.id, request.params.id, request.body.until, request.body.reason),
        PEOPLE_MSG.captainBlocked,
      ),
  );

  app.put(
    '/captain/:id/unblock',
    { config: { policy: captainPolicy.punish }, schema: { params: idParams, response: { 200: contract.captain } } },
    async (request) =>
      ok(await captains().unblockCaptain(request.user.id, request.params.id), PEOPLE_MSG.captainUnblocked),
  );

  app.get(
    '/captain/:id/bookings',
    {
      config: { policy: captainPolicy.read },
      schema: {
        params: idParams,
        querystring: pageQuerySchema.pick({ page: true, perPage: true }),
        response: { 200: contract.captainBookings },
      },
    },
    async (request) => {
      const { page, perPage } = request.query;
      return ok(await captains().captainBookings(request.params.id, { page, perPage, url: request.url }));
    },
  );

  app.get(
    '/captain/:id/monthly-bookings',
    {
      config: { policy: captainPolicy.read },
      schema: { params: idParams, response: { 200: contract.monthlyBookings } },
    },
    async (request) => {
      return ok(await captains().monthlyBookings(request.params.id));
    },
  );
};
