import type { ServerModule } from '../module';
import { surveysExportRoutes } from './export';
import { surveysRoutes } from './routes';
import { SurveyService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    surveys: SurveyService;
  }
}

/** Surveys to passengers (SMS) and captains (their app's inbox), their answers and results. */
export const surveysModule: ServerModule = {
  name: 'surveys',
  setup(app) {
    app.decorate(
      'surveys',
      new SurveyService({ db: app.db, clock: app.clock, inbox: app.inbox, messages: app.messages }),
    );
  },
  async routes(app) {
    await app.register(surveysRoutes);
    await app.register(surveysExportRoutes);
  },
};
