import { z } from 'zod';
import { ROLES } from '../../constants';
import { wireId, wireTime, wireVersion } from './common';

/** A user on the wire: never the password hash (docs/spec/CONTRACT.md §2). */
export const publicUserSchema = z
  .object({
    id: wireId,
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    suspended: z.boolean(),
    bio: z.string().nullable(),
    createdAt: wireTime,
    version: wireVersion,
  })
  .meta({ id: 'PublicUser', description: 'A user as the API shows it (never the password hash)' });
