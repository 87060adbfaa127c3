import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppBus } from '../events';

/**
 * What a module brings to the app. `buildApp` runs every module's `setup` in list order (a module may
 * use the services of those before it), then registers their event handlers, then their routes under /api.
 */
export interface ServerModule {
  name: string;
  /** Decorates the app with the module's services (and their onClose hooks). */
  setup?(app: FastifyInstance): void | Promise<void>;
  /** The module's domain event handlers. */
  handlers?(bus: AppBus, app: FastifyInstance): void;
  /** The module's routes, registered under /api. */
  routes?: FastifyPluginAsync;
  /** Routes registered only in development. */
  developmentOnly?: boolean;
}
