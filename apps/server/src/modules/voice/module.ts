import type { ServerModule } from '../module';
import { kamailioRpc } from './kamailio-rpc';
import { type VoiceKeys, voiceKeys } from './keys';
import { voiceRoutes } from './routes';
import { VoiceService } from './service';
import { sipRoutes } from './sip-routes';

declare module 'fastify' {
  interface FastifyInstance {
    voice: VoiceService;
    voiceKeys: VoiceKeys;
  }
}

/** The call centre's voice connection (voice/README.md). Off, and saying so, without VOICE_WS_URL. */
export const voiceModule: ServerModule = {
  name: 'voice',
  setup(app) {
    const keys = voiceKeys(app.config);
    const rpc = app.config.voice ? kamailioRpc(app.config.voice.wsUrl, keys.api) : null;
    const voice = new VoiceService({
      db: app.db,
      config: app.config,
      clock: app.clock,
      log: app.log,
      keys,
      dropRegistration: async (sipUser) => {
        await rpc?.('ul.rm', ['location', sipUser]);
      },
    });
    app.decorate('voiceKeys', keys);
    app.decorate('voice', voice);
    // A session that ends (logout, revocation) takes its softphone's registration with it.
    app.realtime.onSessionsEnded((ids) => {
      voice.endSessions(ids).catch((error) => app.log.error({ err: error }, 'ending voice sessions failed'));
    });
  },
  async routes(api) {
    await api.register(voiceRoutes);
    await api.register(sipRoutes);
  },
};
