import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { passwordTooLong } from '../../shared/schemas/password';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** Names Express's `trust proxy` knows for address ranges, besides literal IPs and CIDRs. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [ip, bits, extra] = entry.split('/');
  if (extra !== undefined || !ip) return false;
  const family = isIP(ip);
  if (!family) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as people write it: `true`/`false`, a number of proxy hops, or a comma-separated list of
 * addresses, CIDRs and the names loopback, linklocal, uniquelocal. The result is what Express's
 * `trust proxy` setting takes.
 */
const trustProxy = optionalString.transform((value, ctx): boolean | number | string[] => {
  if (value === undefined) return false;
  const lower = value.toLowerCase();
  if (['true', 'yes', 'on'].includes(lower)) return true;
  if (['false', 'no', 'off'].includes(lower)) return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = lower
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isProxyAddress(e));
  if (bad.length || !entries.length) {
    ctx.addIssue({
      code: 'custom',
      message: `must be true, false, a number of proxy hops, or addresses/CIDRs/loopback/linklocal/uniquelocal separated by commas (not understood: ${bad.join(', ') || value})`,
    });
    return z.NEVER;
  }
  return entries;
});

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATA_DIR: z.string().default('.data'),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Chronicle News <no-reply@chronicle.local>'),
  SUPERADMIN_EMAIL: z.email().default('admin@chronicle.local'),
  SUPERADMIN_PASSWORD: optionalString.refine(
    (v) => v === undefined || !passwordTooLong(v),
    'must be at most 72 bytes (bcrypt reads no more)',
  ),
  SUPERADMIN_NAME: z.string().min(2).default('Chronicle Admin'),
  SEED_DEMO: bool.default(false),
  UPLOAD_DIR: z.string().default('./uploads'),
  MAX_IMAGE_MB: z.coerce.number().positive().max(100).default(10),
  MAX_VIDEO_MB: z.coerce.number().positive().max(2048).default(200),
  UPLOAD_QUOTA_MB: z.coerce.number().positive().default(1024),
  UPLOADS_PER_HOUR: z.coerce.number().int().positive().default(100),
  SEARCHES_PER_MINUTE: z.coerce.number().int().positive().default(120),
  READ_BEACONS_PER_MINUTE: z.coerce.number().int().positive().default(600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy,
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
  ),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'letters, digits and _ : . - only')
    .default('chronicle:'),
  /** Media in an S3-compatible bucket (docs/decisions/033-object-storage.md): on when S3_BUCKET is set. */
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lower-case letters, digits, . and -)')
      .optional(),
  ),
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Names in the bucket start with it: several sites can share one bucket. */
  S3_PREFIX: z
    .string()
    .regex(/^([\w.-]+\/)*$/, 'folder names ending in /, or empty')
    .default(''),
  /**
   * Where browsers fetch media from instead of the app: the bucket's public address or a CDN in front of it
   * (object names are appended, S3_PREFIX included). Unset: the app serves media itself.
   */
  S3_PUBLIC_URL: optionalString.pipe(
    z
      .url()
      .regex(/^https?:\/\//, 'must start with http:// or https://')
      .optional(),
  ),
  RESPONSE_CACHE: optionalString.pipe(z.enum(['off', 'memory', 'redis']).optional()),
  /** Where the rate limits count: Redis (with REDIS_URL, by default) or PostgreSQL (docs/decisions/037-rate-limits.md). */
  RATE_LIMITS: optionalString.pipe(z.enum(['postgres', 'redis']).optional()),
  RESPONSE_CACHE_MB: z.coerce.number().positive().max(65536).default(64),
  /** Check every JSON answer against its route's response schema (lib/route.ts); off in production unless set. */
  CHECK_RESPONSES: optionalString.pipe(bool.optional()),
  /**
   * On a stop signal, how long /readyz answers 503 while the process still serves, so that a balancer or
   * Kubernetes takes it out of rotation before it stops accepting connections. 0 on a laptop.
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /**
   * Background jobs (e-mail, docs/decisions/036-background-jobs.md): worked by every app process unless false,
   * when `node server/dist/main.js worker` processes do it instead.
   */
  RUN_JOBS: bool.default(true),
  /** Jobs one process runs at once. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** Newsletter messages sent a second, across every replica (docs/decisions/069-newsletters.md). */
  NEWSLETTER_SEND_RATE: z.coerce.number().int().min(1).max(1000).default(20),
  /**
   * Seconds an issue's sending may stand still before another worker takes it over (its worker died): longer than the
   * mail server's longest wait for one message (10 s to connect, 30 s of silence), or a slow send would be taken for dead.
   */
  NEWSLETTER_STALL_SECONDS: z.coerce.number().int().min(45).max(3600).default(60),
  /** Set by `npm run dev`: the client is served and rendered from its sources by Vite, with hot reload. */
  VITE_DEV: bool.default(false),
});

/** Every setting the app reads (deployment files are checked against it). */
export const CONFIG_KEYS = Object.keys(configSchema.shape);

export type Config = ReturnType<typeof parseConfig>;

/** Parses the environment once. Everything else receives the result; nothing else reads process.env. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env) {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const c = result.data;
  if (c.RESPONSE_CACHE === 'redis' && !c.REDIS_URL) throw new ConfigError('Invalid configuration: RESPONSE_CACHE=redis needs REDIS_URL');
  if (c.RATE_LIMITS === 'redis' && !c.REDIS_URL) throw new ConfigError('Invalid configuration: RATE_LIMITS=redis needs REDIS_URL');
  if (!c.S3_BUCKET && (c.S3_ENDPOINT || c.S3_ACCESS_KEY_ID || c.S3_SECRET_ACCESS_KEY || c.S3_PUBLIC_URL)) {
    throw new ConfigError(
      'Invalid configuration: S3_BUCKET must be set with S3_ENDPOINT and the S3 credentials (media stay on local disk without it)',
    );
  }
  if (!c.S3_ACCESS_KEY_ID !== !c.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  // Shared state means several processes: each would otherwise generate its own secret in its own DATA_DIR,
  // and a login through one would be refused by the others (docs/decisions/034-many-replicas.md).
  if (c.REDIS_URL && !c.JWT_SECRET) {
    throw new ConfigError(
      'Invalid configuration: JWT_SECRET must be set when REDIS_URL is (replicas sharing Redis must share the secret that signs logins)',
    );
  }
  // Mails are sealed in the queue with the secret: the processes that work it must have the same one.
  if (!c.RUN_JOBS && !c.JWT_SECRET) {
    throw new ConfigError(
      'Invalid configuration: JWT_SECRET must be set when RUN_JOBS=false (the worker processes must open the mails this process queues)',
    );
  }
  if (c.S3_BUCKET && !c.JWT_SECRET) {
    throw new ConfigError(
      'Invalid configuration: JWT_SECRET must be set when S3_BUCKET is (replicas sharing a bucket must share the secret that signs logins)',
    );
  }
  const root = process.cwd();
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    databaseUrl: c.DATABASE_URL,
    dataDir: path.resolve(root, c.DATA_DIR),
    jwtSecret: c.JWT_SECRET,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    superAdmin: { email: c.SUPERADMIN_EMAIL.toLowerCase(), password: c.SUPERADMIN_PASSWORD, name: c.SUPERADMIN_NAME },
    seedDemo: c.SEED_DEMO,
    uploadDir: path.resolve(root, c.UPLOAD_DIR),
    maxImageBytes: Math.round(c.MAX_IMAGE_MB * 1024 * 1024),
    maxVideoBytes: Math.round(c.MAX_VIDEO_MB * 1024 * 1024),
    /** Bytes one user may upload in any 24 hours, and upload requests per user per hour. */
    uploadQuotaBytes: Math.round(c.UPLOAD_QUOTA_MB * 1024 * 1024),
    uploadsPerHour: c.UPLOADS_PER_HOUR,
    /** Searches one network may make a minute that the response cache does not answer (docs/decisions/065-search.md). */
    searchesPerMinute: c.SEARCHES_PER_MINUTE,
    readBeaconsPerMinute: c.READ_BEACONS_PER_MINUTE,
    logLevel: c.LOG_LEVEL,
    trustProxy: c.TRUST_PROXY,
    clientDist: path.resolve(root, 'client/dist'),
    /** The server's render bundle of the client (vite build --ssr). */
    clientRenderer: path.resolve(root, 'client/dist-server/entry-server.js'),
    clientRoot: path.resolve(root, 'client'),
    viteDev: c.VITE_DEV,
    redisUrl: c.REDIS_URL,
    /** Every key this app writes in Redis starts with it: several sites (or test runs) can share one Redis. */
    redisPrefix: c.REDIS_PREFIX,
    /** The response cache of anonymous public reads (docs/decisions/026-response-cache.md); shared in Redis when it is configured. */
    responseCache: {
      store: c.RESPONSE_CACHE ?? (c.REDIS_URL ? 'redis' : 'memory'),
      maxBytes: Math.round(c.RESPONSE_CACHE_MB * 1024 * 1024),
    },
    /**
     * Every JSON answer is checked against the response schema its route declares, and one the schema does not
     * allow is a 500: the test suites then check every answer they get. Off in production, where it would only cost.
     */
    checkResponses: c.CHECK_RESPONSES ?? c.NODE_ENV !== 'production',
    shutdownDelayMs: c.SHUTDOWN_DELAY_MS,
    /** Where the rate limits count (lib/rate-limit.ts, rate-limits/); the login failure counters are always in PostgreSQL. */
    rateLimits: c.RATE_LIMITS ?? (c.REDIS_URL ? 'redis' : 'postgres'),
    runJobs: c.RUN_JOBS,
    jobConcurrency: c.JOB_CONCURRENCY,
    newsletterSendRate: c.NEWSLETTER_SEND_RATE,
    newsletterStallSeconds: c.NEWSLETTER_STALL_SECONDS,
    /** Media in a bucket when S3_BUCKET is set; otherwise on local disk only (storage/media-storage.ts). */
    s3: c.S3_BUCKET
      ? {
          bucket: c.S3_BUCKET,
          endpoint: c.S3_ENDPOINT,
          region: c.S3_REGION,
          accessKeyId: c.S3_ACCESS_KEY_ID,
          secretAccessKey: c.S3_SECRET_ACCESS_KEY,
          prefix: c.S3_PREFIX,
          publicUrl: c.S3_PUBLIC_URL?.replace(/\/+$/, ''),
        }
      : undefined,
  };
}

export class ConfigError extends Error {}

/** Reads `.env` from the working directory if there is one (Node's own parser), before parsing. */
export function loadDotEnv(file = path.resolve(process.cwd(), '.env')) {
  if (existsSync(file)) process.loadEnvFile(file);
}
