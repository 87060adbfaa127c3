import { deriveKey } from '../../lib/crypto';
import { dataDirSecret } from '../../lib/secret';
import type { ServerModule } from '../module';
import { SMS_CODE_KEY, SmsCodeService } from './codes';
import { MessageService } from './messages';
import { DevOutboxProvider, HttpSmsGateway, type MessageProvider } from './providers';
import { smsRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outbound SMS and WhatsApp (stored, then sent by a job). */
    messages: MessageService;
    /** Verification codes sent to passengers and captains. */
    smsCodes: SmsCodeService;
  }
}

/** The label of the key sealing message bodies that carry a secret. */
const MESSAGE_SEAL_KEY = 'taxi/outbound-message/v1';

/**
 * SMS and WhatsApp: the HTTP gateway of SMS_GATEWAY_URL, or the in-memory development outbox (listed by
 * GET /api/dev/outbox) when none is configured; the configuration requires a gateway in production.
 */
export const smsModule: ServerModule = {
  name: 'sms',
  setup(app) {
    const { config } = app;
    const secret = config.appSecret ?? dataDirSecret(config.dataDir);
    const provider: MessageProvider = config.smsGateway
      ? new HttpSmsGateway(config.smsGateway)
      : new DevOutboxProvider(app.clock);
    if (!config.smsGateway && !config.isDevelopment) {
      app.log.warn('SMS_GATEWAY_URL is not set: SMS and WhatsApp messages are kept in memory, not sent');
    }
    const messages = new MessageService({
      db: app.db,
      jobs: app.jobs,
      provider,
      clock: app.clock,
      log: app.log,
      sealKey: deriveKey(secret, MESSAGE_SEAL_KEY),
    });
    app.decorate('messages', messages);
    app.decorate(
      'smsCodes',
      new SmsCodeService({ db: app.db, clock: app.clock, messages, codeKey: deriveKey(secret, SMS_CODE_KEY) }),
    );
  },
  routes: smsRoutes,
};
