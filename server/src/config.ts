import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { passwordTooLong } from '../../shared/schemas/auth';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

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
  SEED_DEMO: bool.default(true),
  UPLOAD_DIR: z.string().default('./uploads'),
  MAX_IMAGE_MB: z.coerce.number().positive().max(100).default(10),
  MAX_VIDEO_MB: z.coerce.number().positive().max(2048).default(200),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: optionalString,
});

export type Config = ReturnType<typeof parseConfig>;

/** Parses the environment once. Everything else receives the result; nothing else reads process.env. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env) {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const c = result.data;
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
    logLevel: c.LOG_LEVEL,
    trustProxy: c.TRUST_PROXY,
    clientDist: path.resolve(root, 'client/dist'),
  };
}

export class ConfigError extends Error {}

/** Reads `.env` from the working directory if there is one (Node's own parser), before parsing. */
export function loadDotEnv(file = path.resolve(process.cwd(), '.env')) {
  if (existsSync(file)) process.loadEnvFile(file);
}
