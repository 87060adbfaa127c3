import { z } from 'zod';
import { texts, tr } from './i18n';

/**
 * The administrators' self-test (/test): each part of the system is made to do its real work once —
 * the database writes, the job worker runs a job, the disk keeps a file, the street graph routes, the
 * mail server takes a message, the live connection delivers an event — and says how it went.
 */
export const SELF_TEST_CHECKS = ['database', 'jobs', 'storage', 'routing', 'mail', 'realtime'] as const;
export type SelfTestCheck = (typeof SELF_TEST_CHECKS)[number];

export const SELF_TEST_STATUSES = ['ok', 'failed', 'skipped'] as const;
export type SelfTestStatus = (typeof SELF_TEST_STATUSES)[number];

/** How long a check may take before it counts as failed (ms); the job worker polls, so it gets longer. */
export const SELF_TEST_TIMEOUT_MS = 5000;
/** How long the page waits for the live event the server sent it (ms). */
export const SELF_TEST_EVENT_WAIT_MS = 5000;

export const selfTestResultSchema = z.object({
  check: z.enum(SELF_TEST_CHECKS),
  status: z.enum(SELF_TEST_STATUSES),
  /** How long the check took (ms). */
  ms: z.number(),
  /** What happened, in the caller's language. */
  detail: z.string(),
});
export type SelfTestResult = z.infer<typeof selfTestResultSchema>;

export const selfTestSchema = z
  .object({
    ran_at: z.string(),
    /** Carried by the live event the server sent the caller's consoles: the page waits for it. */
    nonce: z.string(),
    results: z.array(selfTestResultSchema),
  })
  .meta({ id: 'SelfTest' });
export type SelfTestDto = z.infer<typeof selfTestSchema>;

/** The self-test's texts (ours: the spec names the route and its SETTINGS permission only). */
export const SELF_TEST_UI = texts({
  intro: 'Makes each part of the system do its real work once and says how it went.',
  run: 'Run the checks',
  running: 'Running the checks…',
  never: 'No check has run yet. Running them sends you a test e-mail when a mail server is configured.',
  ranAt: (time: string) => tr('Last run at {{time}}', { time }),
  allPassed: 'Every check passed',
  someFailed: (count: number) => tr('{{count}} checks failed', { count }),
  check: 'Check',
  result: 'Result',
  time: 'Duration',
  detail: 'Detail',
  checks: {
    database: 'Database write',
    jobs: 'Background jobs',
    storage: 'File storage',
    routing: 'Street routing',
    mail: 'E-mail',
    realtime: 'Live connection',
  },
  statuses: { ok: 'Passed', failed: 'Failed', skipped: 'Skipped', waiting: 'Waiting for it…' },
  milliseconds: (ms: string) => tr('{{ms}} ms', { ms }),
  // what each check says
  databaseOk: 'A row was written, read back and rolled back',
  databaseMismatch: 'The row read back differs from the one written',
  jobsOk: 'A test job was scheduled and run by a worker',
  jobsOff: "This server's job worker is not running",
  jobsLate: (seconds: number) => tr('No worker ran the test job within {{seconds}} s', { seconds }),
  storageOk: 'A file was written to the upload folder, read back and removed',
  storageMismatch: 'The file read back differs from the one written',
  routingOk: (km: string, minutes: number) =>
    tr('{{km}} km in {{minutes}} min by the streets between two places of the city', { km, minutes }),
  routingStraight: 'No street route joins two places of the city: distances are straight lines',
  routingNoPlaces: 'The city has fewer than two places to route between',
  mailOk: (email: string) => tr('A test e-mail was handed to the mail server for {{email}}', { email }),
  mailOff: 'No mail server is configured (SMTP_URL): e-mails are not sent',
  mailSubject: 'Test e-mail from the console',
  mailText: (time: string) => tr('This e-mail was sent by the self-test at {{time}}. Nothing to do.', { time }),
  realtimeSent: (count: number) => tr('Sent to your open consoles: {{count}}', { count }),
  realtimeNoSocket: 'None of your consoles holds a live connection',
  realtimeReceived: 'This console received it',
  realtimeMissed: (seconds: number) => tr('This console did not receive it within {{seconds}} s', { seconds }),
  timedOut: (seconds: number) => tr('No answer within {{seconds}} s', { seconds }),
  error: (message: string) => tr('Error: {{message}}', { message }),
});
