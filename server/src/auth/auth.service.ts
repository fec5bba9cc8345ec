import { randomBytes } from 'node:crypto';
import type { AuthResponse, PublicUser } from '../../../shared/types';
import type {
  ForgotPasswordInput,
  LoginInput,
  ResetPasswordInput,
  SignupCompleteInput,
  SignupInitiateInput,
  SignupInput,
  VerifyOtpInput,
} from '../../../shared/schemas/auth';
import type { AppContext } from '../context';
import type { CodePurpose } from '../generated/prisma/enums';
import { badRequest, conflict, forbidden, serviceUnavailable, tooManyRequests, unauthorized } from '../lib/errors';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { clear, hit } from '../lib/rate-limit';
import { publicUserSelect, toPublicUser } from '../users/user.mapper';
import { codeMail } from './auth.mails';
import { checkCode, createCode, enforceSendLimits, GENERIC_CODE_FAILURE, VERIFIED_CODE_TTL_MS } from './otp';
import { issueToken, revokeAllSessions } from './tokens';

export const MESSAGES = {
  signedUp: 'Account created successfully!',
  completed: 'Account created successfully! Please log in with your credentials.',
  emailTaken: 'An account with this email address already exists. Please log in instead.',
  codeSent: 'Verification code sent. Check your inbox: the code is valid for 10 minutes.',
  verified: 'Email verified successfully.',
  notVerified: 'This email address has not been verified, or its verification is older than 30 minutes. Please request a new code.',
  loggedIn: 'Login successful',
  invalidLogin: 'Invalid email or password',
  suspended: 'Your account has been suspended. Please contact an administrator.',
  tooManyLogins: 'Too many failed login attempts. Please try again later.',
  loggedOut: 'Logged out successfully.',
  resetSent: 'If an account exists for this email address, a password reset code has been sent to it. The code is valid for 10 minutes.',
  otpVerified: 'Code verified. You can now choose a new password.',
  passwordReset: 'Password reset successful! You may now log in.',
  mailFailed: 'Failed to send verification email. Please try again later.',
} as const;

/** CONTRACT.md §6: 10 failed logins per 15 minutes, per address and per IP. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const loginEmailKey = (email: string) => `login-fail:email:${email}`;
export const loginIpKey = (ip: string) => `login-fail:ip:${ip}`;

/** Compared against when the address is unknown, so both answers take one bcrypt comparison. */
let dummyHash: Promise<string> | undefined;
export const warmDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

export function authService(ctx: AppContext) {
  const { db, logger, mailer, config } = ctx;

  async function assertEmailFree(email: string): Promise<void> {
    if (await db.user.findUnique({ where: { email }, select: { id: true } })) throw conflict(MESSAGES.emailTaken);
  }

  async function createReader(input: { name: string; email: string; password: string }): Promise<AuthResponse['user']> {
    const passwordHash = await hashPassword(input.password);
    const user = await db.user.create({
      data: { name: input.name, email: input.email, passwordHash, role: 'user' },
      select: publicUserSelect,
    });
    return toPublicUser(user);
  }

  async function sendCode(purpose: CodePurpose, email: string, code: string): Promise<void> {
    await mailer.send(codeMail(purpose, email, code, config.publicUrl));
  }

  return {
    /** One-step sign-up: a `user` account and a token at once. */
    async signup(input: SignupInput): Promise<AuthResponse> {
      await assertEmailFree(input.email);
      const user = await createReader(input);
      return { message: MESSAGES.signedUp, token: await issueToken(ctx, { id: user.id, role: user.role }), user };
    },

    async initiateSignup({ email }: SignupInitiateInput): Promise<{ message: string }> {
      await assertEmailFree(email);
      await enforceSendLimits(ctx, email, 'signup');
      const code = await createCode(ctx, email, 'signup');
      try {
        await sendCode('signup', email, code);
      } catch (err) {
        // The mail server is at fault, not the caller: say so plainly and leave no usable code behind.
        logger.error({ err }, 'sign-up code e-mail could not be sent');
        await db.emailCode.deleteMany({ where: { email, purpose: 'signup' } });
        throw serviceUnavailable(MESSAGES.mailFailed);
      }
      return { message: MESSAGES.codeSent };
    },

    async verifySignupCode({ email, otp }: VerifyOtpInput): Promise<{ message: string; verified: true }> {
      await checkCode(ctx, email, 'signup', otp, { generic: false });
      return { message: MESSAGES.verified, verified: true };
    },

    /** Creates the account of an address whose sign-up code was checked in the last 30 minutes, consuming the code. */
    async completeSignup(input: SignupCompleteInput): Promise<AuthResponse> {
      await assertEmailFree(input.email);
      const verifiedSince = new Date(Date.now() - VERIFIED_CODE_TTL_MS);
      const verifiedCode = { email: input.email, purpose: 'signup', consumedAt: null, verifiedAt: { gt: verifiedSince } } as const;
      if (!(await db.emailCode.findFirst({ where: verifiedCode, select: { id: true } }))) throw badRequest(MESSAGES.notVerified);
      const passwordHash = await hashPassword(input.password);
      const user = await db.$transaction(async (tx) => {
        const consumed = await tx.emailCode.updateMany({ where: verifiedCode, data: { consumedAt: new Date() } });
        if (consumed.count === 0) throw badRequest(MESSAGES.notVerified);
        return tx.user.create({ data: { name: input.name, email: input.email, passwordHash, role: 'user' }, select: publicUserSelect });
      });
      const wire = toPublicUser(user);
      return { message: MESSAGES.completed, token: await issueToken(ctx, { id: user.id, role: user.role }), user: wire };
    },

    /**
     * Failures only are counted, per address and per IP; once either counter is past the limit every attempt
     * is refused with 429 until its window ends. Each attempt first reserves a slot on each counter (one
     * atomic upsert each), so parallel guesses cannot overshoot the limit, and gives the slots back unless
     * the password was wrong. Unknown address and wrong password get the same answer after the same bcrypt work.
     */
    async login({ email, password }: LoginInput, ip: string): Promise<AuthResponse> {
      const keys = [loginEmailKey(email), loginIpKey(ip)];
      const refund = (held: string[]) =>
        db.rateLimit.updateMany({ where: { key: { in: held }, hits: { gt: 0 } }, data: { hits: { decrement: 1 } } });
      for (const [i, key] of keys.entries()) {
        const slot = await hit(db, key, LOGIN_FAILURE_LIMIT, LOGIN_WINDOW_MS);
        if (!slot.allowed) {
          await refund(keys.slice(0, i + 1));
          throw tooManyRequests(MESSAGES.tooManyLogins, slot.retryAfterSeconds);
        }
      }
      const user = await db.user.findUnique({ where: { email }, select: { ...publicUserSelect, passwordHash: true } });
      const matches = await verifyPassword(password, user?.passwordHash ?? (await warmDummyHash()));
      if (!user || !matches) throw unauthorized(MESSAGES.invalidLogin);
      await refund(keys);
      if (user.suspended) throw forbidden(MESSAGES.suspended);
      await clear(db, loginEmailKey(email));
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
     * The same answer, limits and database work for every address; a code is stored and mailed only when
     * an account exists. The mail goes out after the answer so its delivery time reveals nothing.
     */
    async forgotPassword({ email }: ForgotPasswordInput): Promise<{ message: string }> {
      await enforceSendLimits(ctx, email, 'reset');
      const user = await db.user.findUnique({ where: { email }, select: { id: true } });
      if (user) {
        const code = await createCode(ctx, email, 'reset');
        sendCode('reset', email, code).catch((err: unknown) => logger.error({ err }, 'password reset e-mail could not be sent'));
      }
      return { message: MESSAGES.resetSent };
    },

    async verifyResetCode({ email, otp }: VerifyOtpInput): Promise<{ message: string; verified: true }> {
      await checkCode(ctx, email, 'reset', otp, { generic: true });
      return { message: MESSAGES.otpVerified, verified: true };
    },

    /** Sets the password, consumes the code and revokes every earlier token, all in one transaction. */
    async resetPassword({ email, otp, newPassword }: ResetPasswordInput): Promise<{ message: string }> {
      const codeId = await checkCode(ctx, email, 'reset', otp, { generic: true });
      const passwordHash = await hashPassword(newPassword);
      await db.$transaction(async (tx) => {
        const consumed = await tx.emailCode.updateMany({ where: { id: codeId, consumedAt: null }, data: { consumedAt: new Date() } });
        const user = await tx.user.findUnique({ where: { email }, select: { id: true } });
        if (consumed.count === 0 || !user) throw badRequest(GENERIC_CODE_FAILURE);
        await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
        await revokeAllSessions(tx, user.id);
      });
      await clear(db, loginEmailKey(email));
      return { message: MESSAGES.passwordReset };
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
