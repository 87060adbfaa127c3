import {
  CHAT_MSG,
  type ChatMessageDto,
  type ConversationDto,
  type ConversationKind,
  MESSAGE_ATTACHMENT_MAX_BYTES,
  MESSAGE_MAX_CHARS,
  type ReadReceiptDto,
  type SenderKind,
} from '@taxi/shared';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { captains, conversationReads, conversations, messages, passengers, users } from '../../db/schema';
import type { AppBus } from '../../events';
import { HttpError, notFound, validationError } from '../../http/errors';
import { paginate } from '../../http/pagination';
import { type Clock, dateOf } from '../../lib/clock';
import { detectFileType, putUpload } from '../../lib/storage';
import { type UploadedFile, uploadSize } from '../../lib/uploaded-file';
import { isWavUpload } from '../../lib/wav';
import type { Actor as BookingActor } from '../bookings/model';
import { authorizedBooking } from '../bookings/rules';
import { type BookingDeps, captainOf } from '../bookings/store';
import { type FileService, IMAGE_MAX_PIXELS } from '../files/service';
import {
  type ConversationFilters,
  type ConversationListRow,
  countConversations,
  findConversation,
  listConversations,
  openConversation,
  unreadInNewest,
} from './queries';

type MessageRow = typeof messages.$inferSelect;
export type Reader = { kind: 'user' | 'captain' | 'passenger'; id: number };
export type Sender = { kind: SenderKind; id: number | null };

/** Voice notes as browsers record them (WebM/Ogg Opus), WAV and MP3; checked by their bytes. */
const AUDIO_EXT: Record<string, string> = {
  'audio/wav': 'wav',
  'audio/webm': 'webm',
  'video/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/opus': 'ogg',
  'audio/mpeg': 'mp3',
};
const IMAGE_RULE = {
  maxBytes: MESSAGE_ATTACHMENT_MAX_BYTES,
  mimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
  maxPixels: IMAGE_MAX_PIXELS,
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export interface ChatDeps {
  db: Db;
  clock: Clock;
  bus: AppBus;
  files: FileService;
  /** The bookings' rules (the booking chat's). */
  bookings: BookingDeps;
}

/**
 * Conversations between the staff and captains, passengers, and per booking; their messages (text,
 * image, voice note) and read receipts. Writes record `message.created`; the chat connection and the
 * notifications follow from it (handlers.ts).
 */
export class ChatService {
  constructor(private readonly deps: ChatDeps) {}

  private get db() {
    return this.deps.db;
  }

  list(userId: number, filters: ConversationFilters, opts: { page: number; perPage: number; url?: string }) {
    return paginate(
      {
        count: () => countConversations(this.db, userId, filters),
        rows: async (limit, offset) => this.present(await listConversations(this.db, userId, filters, limit, offset)),
      },
      opts,
    );
  }

  /** One conversation with its read receipts; 404 when there is none. */
  async get(userId: number, id: number): Promise<ConversationDto & { reads: ReadReceiptDto[] }> {
    const row = await findConversation(this.db, userId, id);
    if (!row) throw notFound(CHAT_MSG.unknownConversation);
    const [dto] = await this.present([row]);
    return { ...dto, reads: await this.reads(id) };
  }

  async reads(conversationId: number): Promise<ReadReceiptDto[]> {
    const rows = await this.db
      .select()
      .from(conversationReads)
      .where(eq(conversationReads.conversationId, conversationId));
    const names = await this.names(rows.map((r) => ({ kind: r.readerKind, id: r.readerId })));
    return rows.map((r) => ({
      reader_kind: r.readerKind,
      reader_id: r.readerId,
      name: names.get(`${r.readerKind}:${r.readerId}`) ?? null,
      last_read_message_id: r.lastReadMessageId,
      read_at: r.readAt.toISOString(),
    }));
  }

  /** Messages in order, the newest `limit` before `before` (a message id), and whether older ones exist. */
  async messages(conversationId: number, opts: { before?: number; limit: number }) {
    await this.requireConversation(conversationId);
    const rows = await this.db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, conversationId),
          opts.before === undefined ? undefined : lt(messages.id, opts.before),
        ),
      )
      .orderBy(desc(messages.id))
      .limit(opts.limit + 1);
    const hasMore = rows.length > opts.limit;
    const page = rows.slice(0, opts.limit).reverse();
    return { data: await this.presentMessages(page), has_more: hasMore };
  }

  /** The captain's, the passenger's or the booking's conversation, made on first use. */
  open(kind: ConversationKind, ids: { captainId?: number; passengerId?: number; bookingId?: number }, db?: DbOrTx) {
    return openConversation(db ?? this.db, kind, ids);
  }

  /** The captain's conversation if one exists (the card's captain chat action), else null. */
  async captainConversation(captainId: number): Promise<number | null> {
    const [row] = await this.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.kind, 'captain'), eq(conversations.captainId, captainId)));
    return row?.id ?? null;
  }

  /** The conversation of a booking's ride's captain; 404 when the booking has no captain or they have none. */
  async captainConversationOfBooking(bookingId: number): Promise<number> {
    const captainId = await captainOf(this.db, bookingId);
    const id = captainId === null ? null : await this.captainConversation(captainId);
    if (id === null) throw new HttpError(404, CHAT_MSG.noCaptainConversation);
    return id;
  }

  /**
   * The booking chat (bookings.md §4: not PENDING, not immediate, origin app; never the Goverment role),
   * made on first use with the booking's passenger and captain.
   */
  async openBookingChat(actor: BookingActor, bookingId: number): Promise<number> {
    const booking = await authorizedBooking(this.deps.bookings, actor, bookingId, 'bookingChat');
    const captainId = await captainOf(this.db, booking.id);
    return this.open('booking', {
      bookingId: booking.id,
      passengerId: booking.passengerId,
      captainId: captainId ?? undefined,
    });
  }

  /** Checks a message's text and file before anything is stored (422 with the field). */
  private checkInput(input: { body?: string; file?: UploadedFile }): void {
    const body = input.body?.trim() ?? '';
    if (!body && !input.file) throw validationError('body', CHAT_MSG.emptyMessage);
    if (body.length > MESSAGE_MAX_CHARS) throw validationError('body', CHAT_MSG.messageTooLong(MESSAGE_MAX_CHARS));
  }

  /** Stores an image (re-encoded, no metadata) or a voice note; 422 on `file` for anything else. */
  private async storeAttachment(file: UploadedFile): Promise<{ name: string; kind: 'image' | 'audio' }> {
    if (uploadSize(file) > MESSAGE_ATTACHMENT_MAX_BYTES)
      throw validationError('file', CHAT_MSG.attachmentTooLarge(MESSAGE_ATTACHMENT_MAX_BYTES / 1048576));
    const type = await detectFileType(file);
    if (type?.mime.startsWith('image/'))
      return { name: await this.deps.files.storeImage('file', file, IMAGE_RULE), kind: 'image' };
    const ext = (await isWavUpload(file)) ? 'wav' : type ? AUDIO_EXT[type.mime] : undefined;
    if (!ext) throw validationError('file', CHAT_MSG.attachmentKind);
    return { name: await putUpload(this.deps.files.storage, file, ext), kind: 'audio' };
  }

  /** Writes a message (and the sender's own read receipt) in one transaction; `message.created` follows. */
  async send(
    sender: Sender,
    conversationId: number,
    input: { body?: string; file?: UploadedFile; bookingId?: number },
  ): Promise<ChatMessageDto> {
    this.checkInput(input);
    await this.requireConversation(conversationId);
    const attachment = input.file ? await this.storeAttachment(input.file) : null;
    try {
      const { result } = await this.deps.bus.transact(async (tx, record) => {
        const row = await this.insertMessage(tx, sender, conversationId, {
          body: input.body?.trim() ?? '',
          attachment,
          bookingId: input.bookingId ?? null,
        });
        record('message.created', { messageId: row.id, conversationId });
        return row;
      });
      const [dto] = await this.presentMessages([result]);
      return dto;
    } catch (error) {
      if (attachment) await this.deps.files.storage.remove(attachment.name);
      throw error;
    }
  }

  /** The message row, the conversation's newest-message pointer and the sender's receipt (inside `tx`). */
  async insertMessage(
    tx: DbOrTx,
    sender: Sender,
    conversationId: number,
    input: { body: string; attachment?: { name: string; kind: 'image' | 'audio' } | null; bookingId?: number | null },
  ): Promise<MessageRow> {
    const now = dateOf(this.deps.clock);
    const inbound = sender.kind === 'captain' || sender.kind === 'passenger';
    // The conversation's row first: its lock orders concurrent writers, so ids and counts agree.
    const [counted] = await tx
      .update(conversations)
      .set({ inboundCount: inbound ? sql`${conversations.inboundCount} + 1` : sql`${conversations.inboundCount}` })
      .where(eq(conversations.id, conversationId))
      .returning({ inboundCount: conversations.inboundCount });
    if (!counted) throw notFound(CHAT_MSG.unknownConversation);
    const [row] = await tx
      .insert(messages)
      .values({
        conversationId,
        senderKind: sender.kind,
        senderId: sender.id,
        body: input.body,
        attachment: input.attachment?.name ?? null,
        attachmentKind: input.attachment?.kind ?? null,
        bookingId: input.bookingId ?? null,
        inboundSeq: counted.inboundCount,
        createdAt: now,
      })
      .returning();
    await tx
      .update(conversations)
      .set({ lastMessageId: row.id, lastMessageAt: now })
      .where(eq(conversations.id, conversationId));
    if (sender.kind !== 'system' && sender.id !== null)
      await this.upsertRead(tx, conversationId, { kind: sender.kind, id: sender.id }, row.id, row.inboundSeq);
    return row;
  }

  /** Moves the reader's receipt forward to `messageId` (never back); the newest message when omitted. */
  async markRead(reader: Reader, conversationId: number, messageId?: number): Promise<ReadReceiptDto> {
    const conversation = await this.requireConversation(conversationId);
    const upTo = messageId ?? conversation.lastMessageId ?? 0;
    const [read] = await this.db
      .select({ id: messages.id, inboundSeq: messages.inboundSeq })
      .from(messages)
      .where(and(eq(messages.id, upTo), eq(messages.conversationId, conversationId)));
    if (!read && messageId !== undefined) throw validationError('message_id', CHAT_MSG.unknownConversation);
    await this.upsertRead(this.db, conversationId, reader, upTo, read?.inboundSeq ?? 0);
    await this.deps.bus.publish([
      { name: 'message.read', payload: { conversationId, readerKind: reader.kind, readerId: reader.id } },
    ]);
    const receipt = (await this.reads(conversationId)).find(
      (r) => r.reader_kind === reader.kind && r.reader_id === reader.id,
    );
    return receipt as ReadReceiptDto;
  }

  private async upsertRead(db: DbOrTx, conversationId: number, reader: Reader, messageId: number, seen: number) {
    const now = dateOf(this.deps.clock);
    await db
      .insert(conversationReads)
      .values({
        conversationId,
        readerKind: reader.kind,
        readerId: reader.id,
        lastReadMessageId: messageId,
        inboundSeen: seen,
        readAt: now,
      })
      .onConflictDoUpdate({
        target: [conversationReads.conversationId, conversationReads.readerKind, conversationReads.readerId],
        set: {
          lastReadMessageId: sql`greatest(${conversationReads.lastReadMessageId}, excluded.last_read_message_id)`,
          inboundSeen: sql`greatest(${conversationReads.inboundSeen}, excluded.inbound_seen)`,
          readAt: now,
        },
      });
  }

  /** The unread poll: unread messages in the reader's newest `count` conversations (the first pages). */
  unreadCount(userId: number, count: number): Promise<number> {
    return unreadInNewest(this.db, userId, count);
  }

  async requireConversation(id: number) {
    const [row] = await this.db.select().from(conversations).where(eq(conversations.id, id));
    if (!row) throw notFound(CHAT_MSG.unknownConversation);
    return row;
  }

  async message(id: number): Promise<ChatMessageDto | null> {
    const [row] = await this.db.select().from(messages).where(eq(messages.id, id));
    return row ? (await this.presentMessages([row]))[0] : null;
  }

  /** Names of staff users, captains and passengers, in three queries whatever the count. */
  async names(refs: readonly { kind: string; id: number | null }[]): Promise<Map<string, string>> {
    const ids = (kind: string) => [
      ...new Set(refs.filter((r) => r.kind === kind && r.id !== null).map((r) => r.id as number)),
    ];
    const out = new Map<string, string>();
    const [u, c, p] = [ids('user'), ids('captain'), ids('passenger')];
    const full = (first: string, last: string | null) => `${first} ${last ?? ''}`.trim();
    if (u.length)
      for (const r of await this.db
        .select({ id: users.id, first: users.firstName, last: users.lastName })
        .from(users)
        .where(inArray(users.id, u)))
        out.set(`user:${r.id}`, full(r.first, r.last));
    if (c.length)
      for (const r of await this.db
        .select({ id: captains.id, first: captains.firstName, last: captains.lastName })
        .from(captains)
        .where(inArray(captains.id, c)))
        out.set(`captain:${r.id}`, full(r.first, r.last));
    if (p.length)
      for (const r of await this.db
        .select({ id: passengers.id, first: passengers.firstName, last: passengers.lastName })
        .from(passengers)
        .where(inArray(passengers.id, p)))
        out.set(`passenger:${r.id}`, full(r.first, r.last));
    return out;
  }

  async presentMessages(rows: readonly MessageRow[]): Promise<ChatMessageDto[]> {
    const names = await this.names(rows.map((r) => ({ kind: r.senderKind, id: r.senderId })));
    return rows.map((r) => ({
      id: r.id,
      conversation_id: r.conversationId,
      sender_kind: r.senderKind,
      sender_id: r.senderId,
      sender_name: r.senderKind === 'system' ? null : (names.get(`${r.senderKind}:${r.senderId}`) ?? null),
      body: r.body,
      attachment: r.attachment,
      attachment_kind: r.attachmentKind,
      booking_id: r.bookingId,
      created_at: r.createdAt.toISOString(),
    }));
  }

  private async present(rows: readonly ConversationListRow[]): Promise<ConversationDto[]> {
    const lastIds = rows.map((r) => r.last_message_id).filter((id): id is number => id !== null);
    const last = lastIds.length
      ? await this.presentMessages(
          await this.db
            .select()
            .from(messages)
            .where(inArray(messages.id, lastIds.map(Number))),
        )
      : [];
    const byId = new Map(last.map((m) => [m.id, m]));
    return rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      title:
        r.kind === 'captain'
          ? (r.captain_name ?? '')
          : r.kind === 'passenger'
            ? (r.passenger_name ?? '')
            : `#${r.booking_id}`,
      captain_id: r.captain_id === null ? null : Number(r.captain_id),
      passenger_id: r.passenger_id === null ? null : Number(r.passenger_id),
      booking_id: r.booking_id === null ? null : Number(r.booking_id),
      phone: r.kind === 'captain' ? r.captain_phone : r.kind === 'passenger' ? r.passenger_phone : null,
      last_message: r.last_message_id === null ? null : (byId.get(Number(r.last_message_id)) ?? null),
      last_message_at: iso(r.last_message_at),
      unread: Number(r.unread),
    }));
  }
}
