import type { ServerModule } from '../module';
import { systemRoutes } from './routes';
import { SELF_TEST_JOB } from './self-test';

/** Probes, the debug view and the self-test (whose job the worker runs to prove it runs). */
export const systemModule: ServerModule = {
  name: 'system',
  setup(app) {
    app.jobs.register(SELF_TEST_JOB, async () => {});
  },
  routes: systemRoutes,
};
