import type { ServerModule } from '../module';
import { registerChatHandlers } from './handlers';
import { chatRoutes } from './routes';
import { ChatService } from './service';
import { type ChatNamespace, chatNamespace } from './socket';

/** Conversations, messages and read receipts; the chat connection; reminders delivered as messages. */
export const chatModule: ServerModule = {
  name: 'chat',
  setup(app) {
    app.decorate('chat', new ChatService({ db: app.db, clock: app.clock, bus: app.events, files: app.files }));
  },
  handlers(bus, app) {
    let nsp: ChatNamespace | null = null;
    registerChatHandlers(bus, app, () => {
      nsp ??= chatNamespace(app);
      return nsp;
    });
    // Open the namespace now: consoles connect as soon as the server listens.
    nsp = chatNamespace(app);
  },
  routes: chatRoutes,
};
