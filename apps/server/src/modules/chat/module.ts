import type { ServerModule } from '../module';
import { registerChatHandlers } from './handlers';
import { chatRoutes } from './routes';
import { ChatService } from './service';
import { chatNamespace } from './socket';

/** Conversations, messages and read receipts; the chat connection; reminders delivered as messages. */
export const chatModule: ServerModule = {
  name: 'chat',
  setup(app) {
    app.decorate(
      'chat',
      new ChatService({
        db: app.db,
        clock: app.clock,
        bus: app.events,
        files: app.files,
        bookings: app.bookings.deps,
      }),
    );
  },
  handlers(bus, app) {
    // The namespace opens with the module: consoles connect as soon as the server listens.
    registerChatHandlers(bus, app, chatNamespace(app));
  },
  routes: chatRoutes,
};
