import {
  CHAT_MSG,
  CONVERSATION_KINDS,
  CONVERSATIONS_PER_PAGE,
  chatPolicy,
  chatContract as contract,
  dbId,
  MESSAGES_PER_PAGE,
  SEARCH_MAX,
  text,
  UNREAD_POLL_PAGES,
} from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { isUploadedFile, type UploadedFile } from '../../http/multipart';
import { bool01, pageQuerySchema } from '../../http/pagination';

const idParams = z.object({ id: dbId() });

const listQuery = pageQuerySchema.pick({ page: true }).extend({
  perPage: z.coerce.number().int().min(1).max(100).default(CONVERSATIONS_PER_PAGE),
  kind: z.enum(CONVERSATION_KINDS).optional(),
  search: text(SEARCH_MAX).optional(),
  unread: bool01.optional(),
});
const unreadQuery = z.object({
  pages: z.coerce.number().int().min(1).max(UNREAD_POLL_PAGES).default(UNREAD_POLL_PAGES),
  perPage: z.coerce.number().int().min(1).max(100).default(CONVERSATIONS_PER_PAGE),
});
const messagesQuery = z.object({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(MESSAGES_PER_PAGE),
});
/** JSON `{body}` or multipart `body` + `file` (an image or a voice note). */
const sendBody = z
  .object({
    body: z.string().max(20_000).optional(),
    file: z.custom<UploadedFile>(isUploadedFile, CHAT_MSG.attachmentKind).optional(),
  })
  .strict();
const readBody = z.object({ message_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() });

/**
 * The inbox (/messages), the booking chat (/booking-chat/{id}) and the card's captain chat. Every
 * conversation is the staff's shared inbox; read receipts are per reader.
 */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const me = (request: { user: { id: number } }) => ({ kind: 'user' as const, id: request.user.id });

  app.get(
    '/conversations',
    {
      config: { policy: chatPolicy.inbox },
      schema: { querystring: listQuery, response: { 200: contract.conversations } },
    },
    async (request) => {
      const { page, perPage, kind, search, unread } = request.query;
      return ok(
        await app.chat.list(request.user.id, { kind, search, unreadOnly: unread }, { page, perPage, url: request.url }),
      );
    },
  );

  /** The unread poll (shell.md §4, §9): the unread messages of the first `pages` pages of the inbox, in one call. */
  app.get(
    '/conversations/unread',
    { config: { policy: chatPolicy.inbox }, schema: { querystring: unreadQuery, response: { 200: contract.unread } } },
    async (request) => {
      const { pages, perPage } = request.query;
      return ok({ unread: await app.chat.unreadCount(request.user.id, pages * perPage), pages, per_page: perPage });
    },
  );

  app.get(
    '/conversations/:id',
    { config: { policy: chatPolicy.inbox }, schema: { params: idParams, response: { 200: contract.conversation } } },
    async (request) => ok(await app.chat.get(request.user.id, request.params.id)),
  );

  app.get(
    '/conversations/:id/messages',
    {
      config: { policy: chatPolicy.inbox },
      schema: { params: idParams, querystring: messagesQuery, response: { 200: contract.messages } },
    },
    async (request) => ok(await app.chat.messages(request.params.id, request.query)),
  );

  app.post(
    '/conversations/:id/messages',
    {
      // One attachment, up to UPLOAD_MAX_BYTES (the 5 MB rule answers 422 on `file`).
      config: { policy: chatPolicy.write, idempotent: true, upload: { files: 1 } },
      schema: { params: idParams, body: sendBody, response: { 200: contract.message } },
    },
    async (request) => {
      const message = await app.chat.send(me(request), request.params.id, request.body);
      return ok(message, CHAT_MSG.messageSent);
    },
  );

  app.put(
    '/conversations/:id/read',
    {
      config: { policy: chatPolicy.inbox },
      schema: { params: idParams, body: readBody, response: { 200: contract.read } },
    },
    async (request) => {
      const receipt = await app.chat.markRead(me(request), request.params.id, request.body.message_id);
      const conversation = await app.chat.get(request.user.id, request.params.id);
      return ok({
        conversation_id: request.params.id,
        last_read_message_id: receipt.last_read_message_id,
        unread: conversation.unread,
      });
    },
  );

  /** The staff's conversation with a captain or a passenger, made on first use (a "Message" button). */
  for (const kind of ['captain', 'passenger'] as const) {
    app.post(
      `/conversations/${kind}/:id`,
      { config: { policy: chatPolicy.write }, schema: { params: idParams, response: { 200: contract.conversation } } },
      async (request) => {
        if (kind === 'captain') await app.captains.getCaptain(request.params.id);
        else await app.passengers.getPassenger(request.params.id);
        const id = await app.chat.open(
          kind,
          kind === 'captain' ? { captainId: request.params.id } : { passengerId: request.params.id },
        );
        return ok(await app.chat.get(request.user.id, id));
      },
    );
  }

  /** The card's captain chat: the ride's captain's conversation, 404 when the captain has none. */
  app.get(
    '/booking/:id/captain_conversation',
    { config: { policy: chatPolicy.inbox }, schema: { params: idParams, response: { 200: contract.conversation } } },
    async (request) => {
      const id = await app.chat.captainConversationOfBooking(request.params.id);
      return ok(await app.chat.get(request.user.id, id));
    },
  );

  /** The booking chat (bookings.md §4: not PENDING, not immediate, origin app), made on first use. */
  app.get(
    '/booking/:id/chat',
    {
      config: { policy: chatPolicy.bookingChat },
      schema: { params: idParams, response: { 200: contract.conversation } },
    },
    async (request) => {
      const id = await app.chat.openBookingChat(request.user, request.params.id);
      return ok(await app.chat.get(request.user.id, id));
    },
  );

  // Development only: plays the captain or passenger app writing (the e2e runs have no simulator).
  if (app.config.isDevelopment) {
    const appMessage = z.object({
      from: z.enum(['captain', 'passenger']),
      id: dbId(),
      body: z.string().min(1).max(2000),
      booking_id: dbId().optional(),
    });
    app.post(
      '/chat/dev/app_message',
      {
        config: { policy: chatPolicy.devAppMessage, localOnly: true },
        schema: { body: appMessage, response: { 200: contract.message } },
      },
      async (request) => {
        const { from, id, body, booking_id } = request.body;
        const conversationId = await app.chat.open(from, from === 'captain' ? { captainId: id } : { passengerId: id });
        return ok(await app.chat.send({ kind: from, id }, conversationId, { body, bookingId: booking_id }));
      },
    );
  }
};
