import {
  COMPANY_REQUEST_MSG,
  COMPANY_REQUEST_STATUSES,
  companyRequestApproveSchema,
  companyRequestCreateSchema,
  companyRequestPolicy,
  companyRequestRejectSchema,
  companyRequestsContract as contract,
  dbId,
  MSG,
} from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { replies } from '../../http/schema';

const idParams = z.object({ id: dbId(MSG.notFound) });
const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(15),
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(COMPANY_REQUEST_STATUSES).optional()),
});
const READ = { policy: companyRequestPolicy.read };
const REVIEW = { policy: companyRequestPolicy.review };

/** /company-requests and /company-request/{id}: companies asking to open an account, and their review. */
export const companyRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = () => app.companyRequests;
  app.get(
    '/company_requests',
    { config: READ, schema: replies(contract.page, { querystring: listQuery }) },
    async (request) => ok(await svc().list(request.query, request.url)),
  );
  app.get(
    '/company_requests/:id',
    { config: READ, schema: replies(contract.request, { params: idParams }) },
    async (request) => ok(await svc().show(request.params.id)),
  );
  app.post(
    '/company_requests',
    {
      config: { ...REVIEW, idempotent: true },
      schema: { body: companyRequestCreateSchema, response: { 201: contract.request } },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await svc().create(request.user.id, request.body), COMPANY_REQUEST_MSG.created)),
  );
  app.put(
    '/company_requests/:id/approve',
    { config: REVIEW, schema: replies(contract.request, { params: idParams, body: companyRequestApproveSchema }) },
    async (request) => {
      const approved = await svc().approve(request.user.id, request.params.id, request.body);
      return ok(approved, COMPANY_REQUEST_MSG.approvedInto(approved.company_name));
    },
  );
  app.put(
    '/company_requests/:id/reject',
    { config: REVIEW, schema: replies(contract.request, { params: idParams, body: companyRequestRejectSchema }) },
    async (request) =>
      ok(await svc().reject(request.user.id, request.params.id, request.body.reason), COMPANY_REQUEST_MSG.rejectedMsg),
  );
};
