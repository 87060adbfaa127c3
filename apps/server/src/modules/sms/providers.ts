import type { MessageChannel } from '@taxi/shared';
import type { Clock } from '../../lib/clock';

/** One message for a provider: the channel, the recipient's E.164 number and the text. */
export interface ProviderMessage {
  channel: MessageChannel;
  to: string;
  body: string;
}

/**
 * What the provider did with it: `sent` with its id, or `failed` for good (refused: a bad number, a
 * rejected text). A failure worth trying again (the provider down, a timeout) is thrown instead, and the
 * job queue retries the send later.
 */
export interface SendResult {
  providerId: string | null;
  status: 'sent' | 'failed';
  error?: string;
}

export interface MessageProvider {
  readonly name: string;
  send(message: ProviderMessage): Promise<SendResult>;
}

/** A failure of the provider that may pass (5xx, 408, 429, network, timeout): retried by the job. */
export class TransientSendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TransientSendError';
  }
}

export interface HttpGatewayOptions {
  url: string;
  /** Sent as `Authorization: Bearer <token>`. */
  token: string;
  /** The `from` of every message (the gateway's default when absent). */
  sender?: string;
  timeoutMs: number;
}

/** At most this much of a gateway's answer is kept in the message's error. */
const ERROR_TEXT_MAX = 300;

function providerIdOf(text: string): string | null {
  try {
    const json = JSON.parse(text) as Record<string, unknown> | null;
    const id = json?.id ?? json?.message_id ?? json?.messageId;
    return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
  } catch {
    return null;
  }
}

/**
 * An HTTP SMS gateway (SMS_GATEWAY_URL): POST JSON `{to, from, channel, text}` with the bearer token.
 * 2xx: sent, with the `id` of its JSON answer. 4xx: refused for good (not retried), except 408 and 429
 * which say "later". 5xx, network errors and the timeout: thrown, so the job tries again.
 */
export class HttpSmsGateway implements MessageProvider {
  readonly name = 'http';

  constructor(private readonly options: HttpGatewayOptions) {}

  async send(message: ProviderMessage): Promise<SendResult> {
    const { url, token, sender, timeoutMs } = this.options;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({ to: message.to, from: sender, channel: message.channel, text: message.body }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
          ? `no answer within ${timeoutMs} ms`
          : error instanceof Error
            ? ((error.cause as Error | undefined)?.message ?? error.message)
            : String(error);
      throw new TransientSendError(`SMS gateway unreachable: ${reason}`);
    }
    const text = await response.text().catch(() => '');
    if (response.ok) return { providerId: providerIdOf(text), status: 'sent' };
    const error = `SMS gateway answered ${response.status}${text ? `: ${text.slice(0, ERROR_TEXT_MAX)}` : ''}`;
    const retryable = response.status >= 500 || response.status === 408 || response.status === 429;
    if (retryable) throw new TransientSendError(error);
    return { providerId: null, status: 'failed', error };
  }
}

/** A message the development outbox kept. */
export interface OutboxMessage extends ProviderMessage {
  providerId: string;
  createdAt: Date;
}

/** How many messages the development outbox keeps (the oldest go first). */
const OUTBOX_SIZE = 200;

/**
 * Development without SMS_GATEWAY_URL: messages are "sent" into memory and listed, with the e-mails, by
 * GET /api/dev/outbox. Never used in production (the configuration requires a gateway there).
 */
export class DevOutboxProvider implements MessageProvider {
  readonly name = 'dev-outbox';
  private readonly messages: OutboxMessage[] = [];
  private sequence = 0;

  constructor(private readonly clock: Clock) {}

  async send(message: ProviderMessage): Promise<SendResult> {
    const providerId = `dev-${++this.sequence}`;
    this.messages.unshift({ ...message, providerId, createdAt: new Date(this.clock.now()) });
    this.messages.length = Math.min(this.messages.length, OUTBOX_SIZE);
    return { providerId, status: 'sent' };
  }

  /** Newest first. */
  list(): readonly OutboxMessage[] {
    return this.messages;
  }
}
