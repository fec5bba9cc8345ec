import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '#shared/constants';
import type { AppContext } from '../context';
import type { CodePurpose } from '../generated/prisma/enums';
import { badRequest, tooManyRequests } from '../lib/errors';
import { mailKey, queueMail } from '../jobs/mail-job';
import type { Mail } from '../lib/mailer';

/**
 * E-mailed one-time codes (docs/spec/CONTRACT.md §5): six digits from crypto.randomInt, kept only as an HMAC keyed
 * with the server secret, valid OTP_TTL, dead after OTP_MAX_ATTEMPTS wrong tries. A new code for the same
 * address and purpose replaces the old one; sends are limited per address (60 s apart, 5 an hour).
 */
export const OTP_TTL_MS = LIMITS.otpTtlMinutes * 60_000;
export const OTP_MAX_ATTEMPTS = LIMITS.otpMaxAttempts;
export const OTP_COOLDOWN_MS = LIMITS.otpResendSeconds * 1000;
export const OTP_SENDS_PER_HOUR = 5;
type Ctx = Pick<AppContext, 'db' | 'jwtSecret' | 'limits'>;
type Tx = Pick<AppContext['db'], 'emailCode'>;

export const cooldownKey = (purpose: CodePurpose, email: string) => `otp-cooldown:${purpose}:${email}`;
export const hourlyKey = (email: string) => `otp-hour:${email}`;

export function generateCode(): string {
  return String(randomInt(0, 10 ** LIMITS.otpLength)).padStart(LIMITS.otpLength, '0');
}

/** Bound to the address and purpose, so a code hash is useless for any other address or flow. */
export function hashCode(secret: string, email: string, purpose: CodePurpose, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${email}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Counts one code send for `email` or throws 429 with Retry-After: the 60 s cooldown per address and
 * purpose first (so a refused early resend does not spend the hourly budget), then 5 sends per hour per
 * address across purposes. Applied whether or not an account exists, so it reveals nothing.
 */
export async function enforceSendLimits(ctx: Ctx, email: string, purpose: CodePurpose): Promise<void> {
  const cooldown = await ctx.limits.hit(cooldownKey(purpose, email), 1, OTP_COOLDOWN_MS);
  if (!cooldown.allowed) {
    throw tooManyRequests(`Please wait ${cooldown.retryAfterSeconds} seconds before requesting a new code.`, cooldown.retryAfterSeconds);
  }
  const hourly = await ctx.limits.hit(hourlyKey(email), OTP_SENDS_PER_HOUR, 3_600_000);
  if (!hourly.allowed) {
    const minutes = Math.ceil(hourly.retryAfterSeconds / 60);
    throw tooManyRequests(
      `Too many codes were requested for this address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      hourly.retryAfterSeconds,
    );
  }
}

/**
 * Stores a fresh code (replacing every earlier one of this address and purpose) and queues its mail, in one
 * transaction: the code exists exactly when its mail is on its way (jobs/mail-job.ts), and a mail server
 * that is down delays the mail without losing it. `mailFor` writes the mail; null queues a job that sends
 * nothing, so that an address without an account costs the same work.
 */
export async function issueCode(ctx: Ctx, email: string, purpose: CodePurpose, mailFor: (code: string) => Mail | null): Promise<void> {
  const code = generateCode();
  const createdAt = new Date();
  const expiresAt = new Date(createdAt.getTime() + OTP_TTL_MS);
  await ctx.db.$transaction(async (tx) => {
    await tx.emailCode.deleteMany({ where: { email, purpose } });
    await tx.emailCode.create({
      data: { email, purpose, codeHash: hashCode(ctx.jwtSecret, email, purpose, code), createdAt, expiresAt },
    });
    await queueMail(tx, ctx.jwtSecret, { mail: mailFor(code), expiresAt, key: mailKey(ctx.jwtSecret, purpose, email) });
  });
}

export type CodeFailure = 'missing' | 'expired' | 'exhausted' | 'wrong';

export const CODE_FAILURES: Record<CodeFailure, string> = {
  missing: 'No valid code for this address. Please request a new code.',
  expired: 'This code has expired. Please request a new code.',
  exhausted: 'Too many wrong attempts: this code no longer works. Please request a new code.',
  wrong: 'Invalid verification code. Please check the code and try again.',
};

/** For flows that must not reveal whether an address has an account (password reset). */
export const GENERIC_CODE_FAILURE = 'Invalid or expired code. Please check the code or request a new one.';

/**
 * Checks `code` against the live code of `email`/`purpose` and marks it verified. A try is first reserved
 * with an atomic conditional increment (`attempts < 5`), so parallel guesses cannot exceed the limit; a
 * right code gives its try back. A code works for its stated 10 minutes and no longer, for every step that
 * presents it: checking it, completing the sign-up, setting the new password. Returns the code's id.
 */
export async function checkCode(ctx: Ctx, email: string, purpose: CodePurpose, code: string, opts: { generic: boolean }): Promise<string> {
  const fail = (reason: CodeFailure) => badRequest(opts.generic ? GENERIC_CODE_FAILURE : CODE_FAILURES[reason]);
  const now = new Date();
  const live = { consumedAt: null, expiresAt: { gt: now } };
  const row = await ctx.db.emailCode.findFirst({
    where: { email, purpose, consumedAt: null },
    orderBy: { createdAt: 'desc' },
    select: { id: true, codeHash: true, verifiedAt: true },
  });
  if (!row) throw fail('missing');
  const reserved = await ctx.db.emailCode.updateMany({
    where: { id: row.id, attempts: { lt: OTP_MAX_ATTEMPTS }, ...live },
    data: { attempts: { increment: 1 } },
  });
  if (reserved.count === 0) {
    const current = await ctx.db.emailCode.findUnique({ where: { id: row.id }, select: { attempts: true } });
    throw fail(current && current.attempts >= OTP_MAX_ATTEMPTS ? 'exhausted' : 'expired');
  }
  if (!sameHash(hashCode(ctx.jwtSecret, email, purpose, code), row.codeHash)) {
    const after = await ctx.db.emailCode.findUnique({ where: { id: row.id }, select: { attempts: true } });
    throw fail(after && after.attempts >= OTP_MAX_ATTEMPTS ? 'exhausted' : 'wrong');
  }
  await ctx.db.emailCode.update({ where: { id: row.id }, data: { attempts: { decrement: 1 }, verifiedAt: row.verifiedAt ?? now } });
  return row.id;
}

/** Marks a checked code used, inside the caller's transaction; false when it was used or expired meanwhile. */
export async function consumeCode(tx: Tx, id: string): Promise<boolean> {
  const now = new Date();
  const { count } = await tx.emailCode.updateMany({ where: { id, consumedAt: null, expiresAt: { gt: now } }, data: { consumedAt: now } });
  return count === 1;
}
