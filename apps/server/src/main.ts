import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseLockedError, openDatabase } from './db/client';
import { DEMO_PARTNER_USERS, DEMO_PASSWORD, DEMO_USERS, isNewDatabase, seedBase, seedDemo } from './db/seed';
import { createShutdown } from './ops/shutdown';
import { Simulator } from './simulator';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { db } = database;
  await database.migrate();
  await seedBase(db);

  // Seed before building the app: services load what they keep in memory (the city) at build time.
  const seeded = !config.isProduction && (await isNewDatabase(db));
  if (seeded) await seedDemo(db, { log: (m) => console.log(`[seed] ${m}`), scale: config.demoScale });
  const app = await buildApp({ config, db, serveWeb: true });

  let stopSimulator = async () => {};
  const shutdown = createShutdown({
    app,
    before: () => stopSimulator(),
    closeDatabase: () => database.close(),
    timeoutMs: config.shutdownTimeoutMs,
  });
  let stopping = false;
  const onSignal = (signal: string) => {
    // A second signal while closing: stop waiting.
    if (stopping) process.exit(1);
    stopping = true;
    shutdown(signal).then(
      ({ forced }) => process.exit(forced ? 1 : 0),
      (error) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  await app.bonuses.ensureScheduled();
  app.jobs.start(config.jobPollMs);
  app.ai.start();
  let simLine = '  Simulator: off';
  if (config.simulator && !config.isProduction) {
    const sim = new Simulator(app, { captains: config.sim.captains, bookingsPerHour: config.sim.bookingsPerHour });
    simLine = `  ${await sim.init()}`;
    sim.start();
    stopSimulator = () => sim.stop();
    app.simulatorStatus = () => sim.status();
  }

  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = ['', `  Taxi console (${config.appEnv}, ${database.kind}) on http://${shown}:${config.port}`];
  if (!config.isProduction) {
    lines.push(`  Demo logins (password ${DEMO_PASSWORD}):`);
    for (const u of [...DEMO_USERS, ...DEMO_PARTNER_USERS]) lines.push(`    ${u.email}`);
    if (config.isDevelopment) lines.push(`  Login codes: http://${shown}:${config.port}/api/dev/outbox`);
  }
  lines.push(simLine);
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
