import path from 'node:path';
import { LocalFileStorage } from '../../lib/storage';
import type { ServerModule } from '../module';
import { filesRoutes } from './routes';
import { FileService } from './service';

/** Uploaded files under DATA_DIR/uploads, checked by content and size. */
export const filesModule: ServerModule = {
  name: 'files',
  setup(app) {
    const { config } = app;
    app.decorate(
      'files',
      new FileService(new LocalFileStorage(path.join(config.dataDir, 'uploads')), config.uploadMaxBytes),
    );
  },
  routes: filesRoutes,
};
