import { z } from 'zod';
import { messageSchema } from './common';
import { publicUserSchema } from './users';

/** Sign-up, completion and login: a bearer token and the signed-in user. */
export const authResponseSchema = z
  .object({
    message: z.string(),
    token: z.string().describe('Bearer token (JWT): send it as Authorization: Bearer <token>'),
    user: publicUserSchema,
  })
  .meta({ id: 'AuthResponse', description: 'A bearer token and the signed-in user' });

/** A code was accepted: the next step may follow. */
export const verifiedSchema = messageSchema.extend({ verified: z.literal(true) }).describe('The code is right: the next step may follow');

/** GET /api/auth/me. */
export const currentUserSchema = z.object({ user: publicUserSchema }).describe('The signed-in user');
