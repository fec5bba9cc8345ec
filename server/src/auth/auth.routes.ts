import { Router, type Request } from 'express';
import {
  forgotPasswordInputSchema,
  loginInputSchema,
  resetPasswordInputSchema,
  signupCompleteInputSchema,
  signupInitiateInputSchema,
  signupInputSchema,
  verifyOtpInputSchema,
} from '#shared/schemas/auth';
import { authResponseSchema, currentUserSchema, verifiedSchema } from '#shared/schemas/responses/auth';
import { messageSchema } from '#shared/schemas/responses/common';
import type { AppContext } from '../context';
import { clientNetwork } from '../lib/client-network';
import { HASH_QUEUE_MAX } from '../lib/passwords';
import { publicRoute, requireUser } from '../lib/policy';
import { enforce } from '../lib/rate-limit';
import { none, resourceRouter } from '../lib/route';
import { authService, LOGIN_LIMITS, warmDummyHash } from './auth.service';

export const ACCOUNT_CREATIONS_PER_HOUR = 100;
export const accountCreationKey = (ip: string) => `signup:ip:${ip}`;
/** Each code request sends a mail to an address the caller names: one network may not mail the world. */
export const CODE_REQUESTS_PER_IP_PER_HOUR = 30;
export const codeRequestKey = (ip: string) => `code:ip:${ip}`;

/** What the password hashing queue answers when it is full (lib/passwords.ts, docs/decisions/041). */
const HASH_QUEUE_429 = `${HASH_QUEUE_MAX} password checks already wait and this network has the most of them (Retry-After)`;
const HASH_QUEUE_503 = `${HASH_QUEUE_MAX} password checks already wait, one for each of ${HASH_QUEUE_MAX} other networks`;

/** What the two routes that create an account answer: a token and the account, or the limits on creating one. */
const ACCOUNT_CREATED = { schema: authResponseSchema, description: 'A token and the new account (role user)' };
const ACCOUNT_CREATION_LIMITS = {
  429: `more than ${ACCOUNT_CREATIONS_PER_HOUR} accounts from one address in an hour, or ${HASH_QUEUE_429}`,
  503: HASH_QUEUE_503,
};

/** Sign-up (one step or three), login, logout, password reset and the current user: docs/api.md "Auth". */
export function authRouter(ctx: AppContext): Router {
  const { router, route } = resourceRouter('/auth');
  const auth = authService(ctx);
  void warmDummyHash();

  /**
   * Each new account costs a bcrypt hash (~250 ms of CPU): cap them per client address. Answers the network the
   * account is created from, once the cap let it through.
   */
  const admitAccountCreation = async (req: Request) => {
    const network = clientNetwork(req);
    await enforce(
      ctx.limits,
      accountCreationKey(network),
      ACCOUNT_CREATIONS_PER_HOUR,
      3_600_000,
      'Too many accounts were created from your network. Please try again later.',
    );
    return network;
  };

  const limitCodeRequests = (req: Request) =>
    enforce(
      ctx.limits,
      codeRequestKey(clientNetwork(req)),
      CODE_REQUESTS_PER_IP_PER_HOUR,
      3_600_000,
      'Too many codes were requested from your network. Please try again later.',
    );

  route(
    {
      method: 'post',
      path: '/signup',
      summary: 'Create a reader account in one step and sign in',
      guard: publicRoute,
      body: signupInputSchema,
      status: 201,
      returns: ACCOUNT_CREATED,
      errors: {
        409: 'An account with this email address already exists',
        ...ACCOUNT_CREATION_LIMITS,
      },
      purges: none,
    },
    async ({ body }, req) => auth.signup(body, await admitAccountCreation(req)),
  );

  route(
    {
      method: 'post',
      path: '/signup/initiate',
      summary:
        'Start a sign-up: e-mail a 6-digit code to a new address (the owner of an existing account is told of the attempt instead; same answer). The mail is queued with its code and retried while the mail server is down.',
      guard: publicRoute,
      body: signupInitiateInputSchema,
      returns: messageSchema,
      errors: {
        429: `A code was sent to this address less than 60 s ago, 5 codes were sent to it in the last hour, or ${CODE_REQUESTS_PER_IP_PER_HOUR} codes were requested from this IP in the last hour (Retry-After)`,
      },
      purges: none,
    },
    async ({ body }, req) => {
      await limitCodeRequests(req);
      return auth.initiateSignup(body);
    },
  );

  route(
    {
      method: 'post',
      path: '/signup/verify-otp',
      summary: 'Check a sign-up code (5 wrong tries end the code)',
      guard: publicRoute,
      body: verifyOtpInputSchema,
      returns: verifiedSchema,
      purges: none,
    },
    ({ body }) => auth.verifySignupCode(body),
  );

  route(
    {
      method: 'post',
      path: '/signup/complete',
      summary: 'Finish a sign-up with the code of the address (within its 10 minutes; the code is used up)',
      guard: publicRoute,
      body: signupCompleteInputSchema,
      status: 201,
      returns: ACCOUNT_CREATED,
      errors: {
        400: 'Wrong, expired or used code',
        409: 'An account with this email address already exists (said only to the holder of a right code)',
        ...ACCOUNT_CREATION_LIMITS,
      },
      purges: none,
    },
    async ({ body }, req) => auth.completeSignup(body, await admitAccountCreation(req)),
  );

  route(
    {
      method: 'post',
      path: '/login',
      summary: 'Sign in with e-mail and password',
      guard: publicRoute,
      body: loginInputSchema,
      returns: authResponseSchema,
      errors: {
        401: 'Invalid email or password',
        403: 'The account is suspended',
        429: `${LOGIN_LIMITS.failuresPerPair} failures in 15 minutes for this address from this IP, ${LOGIN_LIMITS.failuresPerIp} from this IP, ${LOGIN_LIMITS.attemptsPerIp} attempts a minute from this IP, ${LOGIN_LIMITS.successesPerAccount} sign-ins a minute to this account, or ${HASH_QUEUE_429}`,
        503: HASH_QUEUE_503,
      },
      purges: none,
    },
    ({ body }, req) => auth.login(body, clientNetwork(req)),
  );

  route(
    {
      method: 'post',
      path: '/logout',
      summary: 'Sign out: revoke the presented token (other sessions stay)',
      guard: requireUser,
      returns: messageSchema,
      purges: none,
    },
    ({ user }) => auth.logout(user.sessionId),
  );

  route(
    {
      method: 'get',
      path: '/me',
      summary: 'The signed-in user',
      guard: requireUser,
      returns: currentUserSchema,
    },
    ({ user }) => auth.me(user.id),
  );

  route(
    {
      method: 'post',
      path: '/forgot-password',
      summary: 'E-mail a password reset code (same answer whether or not the address has an account)',
      guard: publicRoute,
      body: forgotPasswordInputSchema,
      returns: messageSchema,
      errors: {
        429: `A code was requested for this address less than 60 s ago, 5 in the last hour, or ${CODE_REQUESTS_PER_IP_PER_HOUR} codes from this IP in the last hour (Retry-After)`,
      },
      purges: none,
    },
    async ({ body }, req) => {
      await limitCodeRequests(req);
      return auth.forgotPassword(body);
    },
  );

  route(
    {
      method: 'post',
      path: '/verify-otp',
      summary: 'Check a password reset code (5 wrong tries end the code)',
      guard: publicRoute,
      body: verifyOtpInputSchema,
      returns: verifiedSchema,
      purges: none,
    },
    ({ body }) => auth.verifyResetCode(body),
  );

  route(
    {
      method: 'post',
      path: '/reset-password',
      summary: 'Set a new password with a reset code (within its 10 minutes); revokes every earlier token of the account',
      guard: publicRoute,
      body: resetPasswordInputSchema,
      returns: messageSchema,
      errors: { 429: HASH_QUEUE_429, 503: HASH_QUEUE_503 },
      purges: none,
    },
    ({ body }, req) => auth.resetPassword(body, clientNetwork(req)),
  );

  return router;
}
