import path from 'node:path';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { type Database, DatabaseLockedError, openDatabase } from './db/client';
import { DEMO_PARTNER_USERS, DEMO_PASSWORD, DEMO_USERS, isNewDatabase, seedBase, seedDemo } from './db/seed';
import { captureProcessOutput } from './ops/log-sink';
import { createShutdown, openResources, SHUTDOWN_GRACE_MS } from './ops/shutdown';
import { Simulator } from './simulator';

// First: nothing the server writes can stop it. stdout and stderr are written without ever blocking the event
// loop, and once their reader has gone (EPIPE) the lines go to DATA_DIR/logs/server.log (or nowhere).
const output = captureProcessOutput();

/**
 * What a signal stops, filled in as the start-up goes. A signal during the start-up is honoured at its next
 * step; once the app is built it runs the shutdown (ops/shutdown.ts). Either way the process ends within
 * SHUTDOWN_TIMEOUT_MS and SHUTDOWN_GRACE_MS: past that a watchdog logs what is still open and exits with 1.
 */
const life = {
  stopping: false,
  timeoutMs: 10_000,
  database: null as Database | null,
  shutdown: null as ((reason: string) => Promise<{ forced: boolean }>) | null,
  log: (message: string) => console.log(message),
};

async function exit(code: number): Promise<never> {
  await output.drain(300);
  process.exit(code);
}

function runShutdown(reason: string): void {
  const shutdown = life.shutdown;
  if (!shutdown) return;
  shutdown(reason).then(
    ({ forced }) => exit(forced ? 1 : 0),
    (error) => {
      console.error('shutdown failed:', error);
      void exit(1);
    },
  );
}

function onSignal(signal: NodeJS.Signals): void {
  if (life.stopping) {
    life.log(`${signal} again: exiting now`);
    void exit(1);
    return;
  }
  life.stopping = true;
  // The last resort; it keeps the process alive until it fires or the shutdown exits first.
  setTimeout(() => {
    console.error(
      `shutdown did not end within ${life.timeoutMs + SHUTDOWN_GRACE_MS} ms: exiting; still open: ${openResources()}`,
    );
    void exit(1);
  }, life.timeoutMs + SHUTDOWN_GRACE_MS);
  if (life.shutdown) runShutdown(signal);
  else life.log(`${signal}: stopping once the current start-up step ends`);
}
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));

/** A signal came during the start-up: stop here (the shutdown once the app exists). */
async function stopIfAsked(): Promise<boolean> {
  if (!life.stopping) return false;
  if (life.shutdown) {
    runShutdown('SIGTERM during start-up');
    return true;
  }
  await life.database?.close().catch(() => {});
  await exit(0);
  return true;
}

async function main() {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return exit(1);
    }
    throw error;
  }
  life.timeoutMs = config.shutdownTimeoutMs;
  output.fallbackTo(path.join(config.dataDir, 'logs', 'server.log'));

  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      console.error(error.message);
      return exit(1);
    }
    throw error;
  }
  life.database = database;
  const { db } = database;
  if (await stopIfAsked()) return;
  await database.migrate();
  await seedBase(db);

  // Seed before building the app: services load what they keep in memory (the city) at build time.
  const seeded = !config.isProduction && (await isNewDatabase(db));
  if (seeded) await seedDemo(db, { log: (m) => console.log(`[seed] ${m}`), scale: config.demoScale });
  if (await stopIfAsked()) return;
  const app = await buildApp({ config, db, serveWeb: true, logger: { level: config.logLevel, stream: output.out } });
  life.log = (message) => app.log.info(message);

  // The simulator: stopped first, once its start (which writes the fleet's first states) has ended.
  let simulator: Simulator | null = null;
  let simulatorStarting: Promise<unknown> = Promise.resolve();
  life.shutdown = createShutdown({
    app,
    before: async () => {
      await simulatorStarting.catch(() => {});
      await simulator?.stop();
    },
    closeDatabase: () => database.close(),
    timeoutMs: config.shutdownTimeoutMs,
  });
  if (await stopIfAsked()) return;

  await app.listen({ port: config.port, host: config.host });
  if (await stopIfAsked()) return;
  await app.bonuses.ensureScheduled();
  if (await stopIfAsked()) return;
  app.jobs.start(config.jobPollMs);
  app.ai.start();
  let simLine = '  Simulator: off';
  if (config.simulator && !config.isProduction) {
    const sim = new Simulator(app, { captains: config.sim.captains, bookingsPerHour: config.sim.bookingsPerHour });
    simulator = sim;
    const init = sim.init();
    simulatorStarting = init;
    simLine = `  ${await init}`;
    if (await stopIfAsked()) return;
    sim.start();
    app.simulatorStatus = () => sim.status();
  }

  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = ['', `  Taxi console (${config.appEnv}, ${database.kind}) on http://${shown}:${port}`];
  if (!config.isProduction) {
    lines.push(`  Demo logins (password ${DEMO_PASSWORD}):`);
    for (const u of [...DEMO_USERS, ...DEMO_PARTNER_USERS]) lines.push(`    ${u.email}`);
    if (config.isDevelopment) lines.push(`  Login codes: http://${shown}:${port}/api/dev/outbox`);
  }
  lines.push(simLine);
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  console.error(error);
  void exit(1);
});
