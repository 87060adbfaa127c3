import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The folder holding the root package.json (the monorepo root). */
export function repoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && existsSync(path.join(dir, 'apps')) && existsSync(path.join(dir, 'packages'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

/** proxy-addr's named ranges, accepted in TRUST_PROXY besides addresses and CIDRs. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: the proxies whose X-Forwarded-For is believed, as a comma-separated list of addresses
 * or CIDRs (or loopback, linklocal, uniquelocal). Unset: none, the socket's address is the client's.
 * (A hop count is not offered: it cannot tell a proxy from a client that sends the header itself.)
 */
export function parseTrustProxy(raw: string | undefined): false | string[] {
  const value = raw?.trim() ?? '';
  if (value === '' || value.toLowerCase() === 'false' || value.toLowerCase() === 'none') return false;
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

const trustProxySchema = z
  .string()
  .optional()
  .superRefine((raw, ctx) => {
    const parsed = parseTrustProxy(raw);
    const bad = parsed ? parsed.filter((entry) => !isProxyAddress(entry)) : [];
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `not a proxy address or CIDR: ${bad.join(', ')} (list the proxies, e.g. 10.0.0.5,10.0.1.0/24)`,
      });
    }
  });

/** A VAPID key pair in base64url: the uncompressed P-256 public point (04…: "B…") and the private scalar. */
const VAPID_PUBLIC_KEY = /^B[A-Za-z0-9_-]{86}$/;
const VAPID_PRIVATE_KEY = /^[A-Za-z0-9_-]{43}$/;

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const int = (def: number, min = 0) => z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).default(def));

export const APP_ENVS = ['development', 'preproduction', 'production'] as const;
export type AppEnv = (typeof APP_ENVS)[number];

const envSchema = z
  .object({
    PORT: int(8080, 0).pipe(z.number().max(65535)),
    HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    REDIS_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
        .optional(),
    ),
    /** Namespace of this deployment's keys and channels in Redis (several deployments may share one). */
    REDIS_PREFIX: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,40}$/, 'letters, digits, - and _ only (1–40)')
        .default('taxi'),
    ),
    APP_ENV: z.preprocess(emptyToUndefined, z.enum(APP_ENVS).default('development')),
    SMTP_URL: optionalString,
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Taxi console <no-reply@example.com>')),
    /** The HTTP SMS gateway (POST JSON with a bearer token); the development outbox when unset (never in production). */
    SMS_GATEWAY_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
    SMS_GATEWAY_TOKEN: optionalString,
    /** The sender name or number the gateway shows (its own default when unset). */
    SMS_SENDER: optionalString,
    SMS_GATEWAY_TIMEOUT_MS: int(10_000, 100),
    /** The console's public address, for links in e-mails (password reset); http://localhost:PORT when unset. */
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
    SIMULATOR: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).default('on')),
    SIM_CAPTAINS: int(150, 1),
    SIM_BOOKINGS_PER_HOUR: int(240, 0),
    TILE_URL: z.preprocess(emptyToUndefined, z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')),
    /**
     * Sign-in and code limits (modules/auth/service.ts): attempts per client address in one fixed window, and
     * wrong attempts per account from one address before that pair must wait (LOGIN_BACKOFF_*).
     */
    LOGIN_RATE_WINDOW_SECONDS: int(60, 1),
    LOGIN_RATE_MAX_PER_IP: int(30, 1),
    LOGIN_RATE_MAX_PER_ACCOUNT: int(10, 1),
    /** The first wait of an (account, address) pair past its wrong attempts; each further one doubles it. */
    LOGIN_BACKOFF_BASE_MS: int(1000, 1),
    LOGIN_BACKOFF_MAX_SECONDS: int(900, 1),
    /** A pair's wrong attempts are forgotten this long after the last one (or at its next success). */
    LOGIN_BACKOFF_FORGET_SECONDS: int(3600, 1),
    UPLOAD_MAX_BYTES: int(10 * 1024 * 1024, 1),
    /** Key of the chat tokens; a random one is kept in DATA_DIR/secret when unset. */
    CHAT_TOKEN_SECRET: optionalString,
    /**
     * Server secret keying the login-code HMACs; a random one is kept in DATA_DIR/secret when unset.
     * Several nodes must share it (one value everywhere, or one DATA_DIR).
     */
    APP_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
    CHAT_TOKEN_TTL_SECONDS: int(300, 1),
    /**
     * The SIP server's WebSocket address as the browser reaches it (ws:// or wss://). Unset: voice is off and
     * the console says so. voice/README.md tells how `npm run voice` starts Kamailio with the same settings.
     */
    VOICE_WS_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^wss?$/ }).optional()),
    /** The SIP domain of the operators' addresses. */
    VOICE_DOMAIN: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-z0-9.-]{1,100}$/, 'a domain name: a-z, 0-9, dots and dashes')
        .default('voice.taxi.local'),
    ),
    /** The key of the softphones' short-lived credentials, shared with Kamailio; derived from APP_SECRET when unset. */
    VOICE_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
    /** The inbound number: calls to it queue for the operators. */
    VOICE_QUEUE_NUMBER: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^\d{2,15}$/, 'digits only')
        .default('1000'),
    ),
    /** How the queue rings: every available operator at once, or one at a time from the longest idle. */
    VOICE_RING_STRATEGY: z.preprocess(emptyToUndefined, z.enum(['ring_all', 'round_robin']).default('round_robin')),
    /** Seconds an operator (or, ring-all, the whole group) rings before the queue moves on. */
    VOICE_RING_SECONDS: int(15, 3),
    /** How long a softphone's credentials last; the console fetches new ones before. */
    VOICE_CREDENTIAL_TTL_SECONDS: int(3600, 60),
    /** Where Kamailio listens for plain SIP (trunks) on its host; the WebSocket port is VOICE_WS_URL's. */
    VOICE_SIP_PORT: int(5060, 1),
    /**
     * The carrier's SIP trunk calls to numbers go out through (`sip:host[:port][;transport=udp|tcp]`); unset,
     * Kamailio refuses them (503 "No Trunk Configured"). Inbound calls from a trunk need no setting.
     */
    VOICE_TRUNK: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(
          /^sips?:[A-Za-z0-9.-]+(:\d{1,5})?(;transport=(udp|tcp|tls))?$/,
          'sip:host[:port][;transport=udp|tcp|tls]',
        )
        .optional(),
    ),
    /**
     * rtpengine's control socket (`udp:host:port`): the media of calls between the softphones (WebRTC) and the
     * trunk (plain RTP) goes through it (voice/README.md). Unset: no media relay, as on a console-only setup.
     */
    VOICE_RTPENGINE: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^udp6?:[A-Za-z0-9.-]+:\d{1,5}$/, 'udp:host:port')
        .optional(),
    ),
    /** The address rtpengine relays media on (`npm run voice` starts it there): the host's public address in a deployment. */
    VOICE_MEDIA_ADDRESS: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
    /**
     * Web push VAPID key pair (base64url, as `web-push generate-vapid-keys` prints them); a pair is generated
     * and kept in DATA_DIR/vapid.json when unset. Several nodes must share it (one value everywhere, or one
     * DATA_DIR): browsers subscribed with one public key only accept messages signed with its private key.
     */
    VAPID_PUBLIC_KEY: z.preprocess(
      emptyToUndefined,
      z.string().regex(VAPID_PUBLIC_KEY, 'must be a base64url P-256 public key (65 bytes, 87 characters)').optional(),
    ),
    VAPID_PRIVATE_KEY: z.preprocess(
      emptyToUndefined,
      z.string().regex(VAPID_PRIVATE_KEY, 'must be a base64url P-256 private key (32 bytes, 43 characters)').optional(),
    ),
    /** The contact push services may use about this sender: a mailto: or https: URL. */
    VAPID_SUBJECT: z.preprocess(emptyToUndefined, z.url({ protocol: /^(mailto|https)$/ }).optional()),
    CORS_ORIGIN: optionalString,
    /** Proxies trusted to set X-Forwarded-For (addresses or CIDRs); none when unset. */
    TRUST_PROXY: trustProxySchema,
    JOB_POLL_MS: int(1000, 10),
    DEMO_SCALE: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(100).default(1)),
    /** Where the built console is served from (default apps/web/dist). */
    WEB_DIST: z.string().optional(),
    /** Bearer token for GET /metrics from other hosts (loopback clients need none); unset: loopback only. */
    METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
    /** How long a shutdown waits for in-flight requests before closing their connections. */
    SHUTDOWN_TIMEOUT_MS: int(10_000, 0),
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.APP_ENV === 'production' && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required when APP_ENV=production' });
    }
    if (!env.VAPID_PUBLIC_KEY !== !env.VAPID_PRIVATE_KEY) {
      const missing = env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together' });
    }
    if (env.APP_ENV === 'production' && !env.SMS_GATEWAY_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMS_GATEWAY_URL'], message: 'is required when APP_ENV=production' });
    }
    if (env.SMS_GATEWAY_URL && !env.SMS_GATEWAY_TOKEN) {
      ctx.addIssue({ code: 'custom', path: ['SMS_GATEWAY_TOKEN'], message: 'is required with SMS_GATEWAY_URL' });
    }
  });

type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  redisPrefix: string;
  appEnv: AppEnv;
  isProduction: boolean;
  isDevelopment: boolean;
  smtpUrl?: string;
  mailFrom: string;
  /** The HTTP SMS gateway; absent: the development outbox (never in production). */
  smsGateway?: { url: string; token: string; sender?: string; timeoutMs: number };
  /** PUBLIC_URL without a trailing slash: the base of links sent by e-mail. */
  publicUrl: string;
  simulator: boolean;
  /** Fleet size and booking rate of the world simulator. */
  sim: { captains: number; bookingsPerHour: number };
  tileUrl: string;
  /**
   * Sign-in limits: `maxPerIp` attempts per address and window; `maxPerAccount` wrong attempts per (account,
   * address) pair, then a wait of `backoffBaseMs` doubling up to `backoffMaxMs`, forgotten after `backoffForgetMs`.
   */
  loginRate: {
    windowSeconds: number;
    maxPerIp: number;
    maxPerAccount: number;
    backoffBaseMs: number;
    backoffMaxMs: number;
    backoffForgetMs: number;
  };
  uploadMaxBytes: number;
  chatTokenSecret?: string;
  chatTokenTtlSeconds: number;
  /** The voice connection; absent when VOICE_WS_URL is unset (voice off). */
  voice?: {
    wsUrl: string;
    domain: string;
    secret?: string;
    queueNumber: string;
    ringStrategy: 'ring_all' | 'round_robin';
    ringSeconds: number;
    credentialTtlSeconds: number;
    sipPort: number;
    /** The carrier's trunk for calls to numbers (VOICE_TRUNK); none: refused. */
    trunk?: string;
    /** The media relay between WebRTC and the trunk (VOICE_RTPENGINE, its control socket) and its media address. */
    rtpengine?: { control: string; mediaAddress: string };
  };
  /** APP_SECRET: keys the login-code HMACs (DATA_DIR/secret when unset). */
  appSecret?: string;
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: the web push key pair (DATA_DIR/vapid.json when unset). */
  vapidKeys?: { publicKey: string; privateKey: string };
  /** VAPID_SUBJECT, else mailto: the MAIL_FROM address. */
  vapidSubject: string;
  corsOrigin?: string;
  /** Fastify's trustProxy: false (default) or the proxies' addresses and CIDRs (TRUST_PROXY). */
  trustProxy: false | string[];
  jobPollMs: number;
  /** Scales the demo booking history (DEMO_SCALE, default 1). */
  demoScale: number;
  logLevel: Env['LOG_LEVEL'];
  webDist: string;
  /** METRICS_TOKEN: bearer token for /metrics from other hosts. */
  metricsToken?: string;
  /** SHUTDOWN_TIMEOUT_MS: the grace given to in-flight requests on SIGTERM/SIGINT. */
  shutdownTimeoutMs: number;
}

/** The address of a From header (`Name <a@b.c>` or `a@b.c`). */
function mailAddress(from: string): string {
  return (/<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from).trim();
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses and validates every environment variable in one place; throws ConfigError naming each bad one. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        return `${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  const root = repoRoot();
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(root, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    appEnv: e.APP_ENV,
    isProduction: e.APP_ENV === 'production',
    isDevelopment: e.APP_ENV === 'development',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsGateway:
      e.SMS_GATEWAY_URL && e.SMS_GATEWAY_TOKEN
        ? {
            url: e.SMS_GATEWAY_URL,
            token: e.SMS_GATEWAY_TOKEN,
            sender: e.SMS_SENDER,
            timeoutMs: e.SMS_GATEWAY_TIMEOUT_MS,
          }
        : undefined,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    simulator: e.SIMULATOR === 'on',
    sim: { captains: e.SIM_CAPTAINS, bookingsPerHour: e.SIM_BOOKINGS_PER_HOUR },
    tileUrl: e.TILE_URL,
    loginRate: {
      windowSeconds: e.LOGIN_RATE_WINDOW_SECONDS,
      maxPerIp: e.LOGIN_RATE_MAX_PER_IP,
      maxPerAccount: e.LOGIN_RATE_MAX_PER_ACCOUNT,
      backoffBaseMs: e.LOGIN_BACKOFF_BASE_MS,
      backoffMaxMs: e.LOGIN_BACKOFF_MAX_SECONDS * 1000,
      backoffForgetMs: e.LOGIN_BACKOFF_FORGET_SECONDS * 1000,
    },
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    chatTokenSecret: e.CHAT_TOKEN_SECRET,
    chatTokenTtlSeconds: e.CHAT_TOKEN_TTL_SECONDS,
    voice: e.VOICE_WS_URL
      ? {
          wsUrl: e.VOICE_WS_URL,
          domain: e.VOICE_DOMAIN,
          secret: e.VOICE_SECRET,
          queueNumber: e.VOICE_QUEUE_NUMBER,
          ringStrategy: e.VOICE_RING_STRATEGY,
          ringSeconds: e.VOICE_RING_SECONDS,
          credentialTtlSeconds: e.VOICE_CREDENTIAL_TTL_SECONDS,
          sipPort: e.VOICE_SIP_PORT,
          trunk: e.VOICE_TRUNK,
          rtpengine: e.VOICE_RTPENGINE
            ? { control: e.VOICE_RTPENGINE, mediaAddress: e.VOICE_MEDIA_ADDRESS }
            : undefined,
        }
      : undefined,
    appSecret: e.APP_SECRET,
    vapidKeys:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${mailAddress(e.MAIL_FROM)}`,
    corsOrigin: e.CORS_ORIGIN,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    jobPollMs: e.JOB_POLL_MS,
    demoScale: e.DEMO_SCALE,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(root, e.WEB_DIST) : path.join(root, 'apps/web/dist'),
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  };
}
