import { randomBytes } from 'node:crypto';
import type { AuthResponse, PublicUser } from '#shared/types';
import type {
  ForgotPasswordInput,
  LoginInput,
  ResetPasswordInput,
  SignupCompleteInput,
  SignupInitiateInput,
  SignupInput,
  VerifyOtpInput,
} from '#shared/schemas/auth';
import type { AppContext } from '../context';
import { badRequest, conflict, forbidden, tooManyRequests, unauthorized } from '../lib/errors';
import { likeLiteral } from '../lib/like';
import { passwordTooLong } from '#shared/schemas/password';
import { hashPassword, SERVER, verifyPassword, type Requester } from '../lib/passwords';
import { enforce } from '../lib/rate-limit';
import { reserve, settle } from '../rate-limits/rate-limits.service';
import { publicUserSelect, toPublicUser } from '../users/user.mapper';
import { codeMail, signupAttemptMail } from './auth.mails';
import { currentSite } from '../settings/settings.service';
import type { Publication } from '../seo/site';
import { checkCode, CODE_FAILURES, consumeCode, enforceSendLimits, issueCode, GENERIC_CODE_FAILURE } from './otp.service';
import { issueToken, revokeAllSessions } from './tokens.service';

export const MESSAGES = {
  signedUp: 'Account created successfully!',
  completed: 'Account created successfully! Please log in with your credentials.',
  emailTaken: 'An account with this email address already exists. Please log in instead.',
  codeSent: 'Verification code sent. Check your inbox: the code is valid for 10 minutes.',
  verified: 'Email verified successfully.',
  loggedIn: 'Login successful',
  invalidLogin: 'Invalid email or password',
  passwordTooLong: 'Passwords longer than 72 bytes can no longer be used to sign in. Please reset your password with "Forgot password?".',
  suspended: 'Your account has been suspended. Please contact an administrator.',
  tooManyLogins: 'Too many failed login attempts. Please try again later.',
  tooManyAttempts: 'Too many login attempts from your network. Please try again in a minute.',
  loginsBusy: 'Too many login attempts at once. Please try again in a moment.',
  tooManySignIns: 'This account has signed in too often in the last minute. Please try again in a minute.',
  loggedOut: 'Logged out successfully.',
  resetSent: 'If an account exists for this email address, a password reset code has been sent to it. The code is valid for 10 minutes.',
  otpVerified: 'Code verified. You can now choose a new password.',
  passwordReset: 'Password reset successful! You may now log in.',
} as const;

/**
 * docs/spec/CONTRACT.md §6 and docs/decisions/012-login-limits.md. Failures are counted per address+IP pair and per
 * IP, never per address alone, so a stranger cannot lock the owner out. Attempts of any outcome are capped
 * per IP, and successful sign-ins per account (only the password's holder can spend those).
 */
export const LOGIN_LIMITS = {
  failuresPerPair: 10,
  failuresPerIp: 50,
  failureWindowMs: 15 * 60_000,
  attemptsPerIp: 30,
  successesPerAccount: 30,
  attemptWindowMs: 60_000,
  /** How long an attempt waits for a slot held by checks in flight (never by failures) before 429. */
  maxWaitMs: 30_000,
} as const;
export const loginPairKey = (email: string, ip: string) => `login-fail:pair:${email} ${ip}`;
export const loginIpKey = (ip: string) => `login-fail:ip:${ip}`;
export const loginAttemptKey = (ip: string) => `login-try:ip:${ip}`;
export const loginSuccessKey = (email: string) => `login-ok:${email}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Compared against when the address is unknown, so both answers take one bcrypt comparison. */
let dummyHash: Promise<string> | undefined;
export const warmDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex'), SERVER));

export function authService(ctx: AppContext) {
  const { db, config } = ctx;
  /** The site as its e-mails name it (a setting: server/src/settings). */
  const publication = async (): Promise<Publication> => ({ publicUrl: config.publicUrl, name: (await currentSite(db, ctx.cache)).name });

  async function assertEmailFree(email: string): Promise<void> {
    if (await db.user.findUnique({ where: { email }, select: { id: true } })) throw conflict(MESSAGES.emailTaken);
  }

  /**
   * Holds one check on each login failure counter, or throws 429 once a counter's failures reach its limit.
   * A counter that is only busy with checks in flight (parallel right passwords, say) makes the attempt wait
   * its turn instead: those checks may still succeed, and a success must never cost anyone a 429.
   */
  async function reserveLoginCheck(counters: { key: string; limit: number }[]): Promise<string[]> {
    const deadline = Date.now() + LOGIN_LIMITS.maxWaitMs;
    for (;;) {
      const held: string[] = [];
      let refused: { full: boolean; retryAfterSeconds: number } | undefined;
      for (const { key, limit } of counters) {
        const result = await reserve(db, key, limit, LOGIN_LIMITS.failureWindowMs);
        if (!result.reserved) {
          refused = result;
          break;
        }
        held.push(key);
      }
      if (!refused) return held;
      await settle(db, held, false);
      if (refused.full) throw tooManyRequests(MESSAGES.tooManyLogins, refused.retryAfterSeconds);
      if (Date.now() > deadline) throw tooManyRequests(MESSAGES.loginsBusy, 1);
      await sleep(50 + Math.random() * 150);
    }
  }

  return {
    /** One-step sign-up: a `user` account and a token at once. The address stays unproven (emailVerifiedAt null). */
    async signup(input: SignupInput, network: Requester): Promise<AuthResponse> {
      await assertEmailFree(input.email);
      const passwordHash = await hashPassword(input.password, network);
      const user = await db.user.create({
        data: { name: input.name, email: input.email, passwordHash, role: 'user' },
        select: publicUserSelect,
      });
      return { message: MESSAGES.signedUp, token: await issueToken(ctx, user), user: toPublicUser(user) };
    },

    /**
     * The same answer, limits and work for every address: a code is stored and one mail queued either way.
     * A new address gets the code; the owner of an existing account gets word of the attempt instead (the
     * stored code never leaves the server), so the answer reveals nothing about who has an account.
     */
    async initiateSignup({ email }: SignupInitiateInput): Promise<{ message: string }> {
      await enforceSendLimits(ctx, email, 'signup');
      const owner = await db.user.findUnique({ where: { email }, select: { id: true } });
      const site = await publication();
      await issueCode(ctx, email, 'signup', (code) => (owner ? signupAttemptMail(email, site) : codeMail('signup', email, code, site)));
      return { message: MESSAGES.codeSent };
    },

    async verifySignupCode({ email, otp }: VerifyOtpInput): Promise<{ message: string; verified: true }> {
      await checkCode(ctx, email, 'signup', otp, { generic: false });
      return { message: MESSAGES.verified, verified: true };
    },

    /**
     * Creates the account of the address whose code the caller presents (the one just verified), consuming
     * the code with the creation. The code is checked before the address, so without it nobody learns
     * whether the address has an account.
     */
    async completeSignup(input: SignupCompleteInput, network: Requester): Promise<AuthResponse> {
      const codeId = await checkCode(ctx, input.email, 'signup', input.otp, { generic: false });
      const passwordHash = await hashPassword(input.password, network);
      const user = await db.$transaction(async (tx) => {
        if (!(await consumeCode(tx, codeId))) throw badRequest(CODE_FAILURES.missing);
        if (await tx.user.findUnique({ where: { email: input.email }, select: { id: true } })) throw conflict(MESSAGES.emailTaken);
        return tx.user.create({
          data: { name: input.name, email: input.email, passwordHash, role: 'user', emailVerifiedAt: new Date() },
          select: publicUserSelect,
        });
      });
      return { message: MESSAGES.completed, token: await issueToken(ctx, user), user: toPublicUser(user) };
    },

    /**
     * LOGIN_LIMITS, in order: attempts per IP (any outcome), then one held check on each failure counter
     * (settled as a failure only when the password was wrong), then successes per account. Unknown address
     * and wrong password get the same answer after the same bcrypt work.
     */
    async login({ email, password }: LoginInput, ip: string): Promise<AuthResponse> {
      const { attemptsPerIp, attemptWindowMs, failuresPerPair, failuresPerIp, successesPerAccount } = LOGIN_LIMITS;
      await enforce(ctx.limits, loginAttemptKey(ip), attemptsPerIp, attemptWindowMs, MESSAGES.tooManyAttempts);
      const pairKey = loginPairKey(email, ip);
      const held = await reserveLoginCheck([
        { key: pairKey, limit: failuresPerPair },
        { key: loginIpKey(ip), limit: failuresPerIp },
      ]);
      let failed = false;
      let user;
      try {
        user = await db.user.findUnique({ where: { email }, select: { ...publicUserSelect, passwordHash: true } });
        const matches = await verifyPassword(password, user?.passwordHash ?? (await warmDummyHash()), ip);
        failed = !user || !matches;
      } finally {
        await settle(db, held, failed);
      }
      if (!user || failed) throw unauthorized(MESSAGES.invalidLogin);
      // Accounts from before the 72-byte rule: bcrypt matched only the first 72 bytes of what was typed, which
      // proves nothing about the rest. The holder is sent to a reset instead of being refused without a word.
      if (passwordTooLong(password)) throw unauthorized(MESSAGES.passwordTooLong);
      if (user.suspended) throw forbidden(MESSAGES.suspended);
      await enforce(ctx.limits, loginSuccessKey(email), successesPerAccount, attemptWindowMs, MESSAGES.tooManySignIns);
      // The owner's own typos from this network are forgiven; failures in flight keep their slots.
      await db.rateLimit.updateMany({ where: { key: pairKey }, data: { hits: 0 } });
      const { passwordHash: _hash, ...row } = user;
      return { message: MESSAGES.loggedIn, token: await issueToken(ctx, user), user: toPublicUser(row) };
    },

    async logout(sessionId: string): Promise<{ message: string }> {
      await db.session.deleteMany({ where: { id: sessionId } });
      return { message: MESSAGES.loggedOut };
    },

    async me(userId: string): Promise<{ user: PublicUser }> {
      const user = await db.user.findUnique({ where: { id: userId }, select: publicUserSelect });
      if (!user) throw unauthorized();
      return { user: toPublicUser(user) };
    },

    /**
     * The same answer, limits and database work for every address: a code is stored and a mail job queued
     * either way, and the job mails the code only to an account's address (its payload is sealed, so even the
     * queue's rows do not tell which), after the answer has gone.
     */
    async forgotPassword({ email }: ForgotPasswordInput): Promise<{ message: string }> {
      await enforceSendLimits(ctx, email, 'reset');
      const user = await db.user.findUnique({ where: { email }, select: { id: true } });
      const site = await publication();
      await issueCode(ctx, email, 'reset', (code) => (user ? codeMail('reset', email, code, site) : null));
      return { message: MESSAGES.resetSent };
    },

    async verifyResetCode({ email, otp }: VerifyOtpInput): Promise<{ message: string; verified: true }> {
      await checkCode(ctx, email, 'reset', otp, { generic: true });
      return { message: MESSAGES.otpVerified, verified: true };
    },

    /**
     * Sets the password, consumes the code (still within its 10 minutes) and revokes every earlier token, all
     * in one transaction. The code proves the address, so a one-step account counts as verified from here on.
     */
    async resetPassword({ email, otp, newPassword }: ResetPasswordInput, network: Requester): Promise<{ message: string }> {
      const codeId = await checkCode(ctx, email, 'reset', otp, { generic: true });
      const passwordHash = await hashPassword(newPassword, network);
      await db.$transaction(async (tx) => {
        const user = await tx.user.findUnique({ where: { email }, select: { id: true, emailVerifiedAt: true } });
        if (!(await consumeCode(tx, codeId)) || !user) throw badRequest(GENERIC_CODE_FAILURE);
        await tx.user.update({ where: { id: user.id }, data: { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? new Date() } });
        await revokeAllSessions(tx, user.id);
      });
      await db.rateLimit.updateMany({ where: { key: { startsWith: likeLiteral(loginPairKey(email, '')) } }, data: { hits: 0 } });
      return { message: MESSAGES.passwordReset };
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
