import { z } from 'zod';
import { wireId, wireInt, wireVersion } from './common';

/** A category on the wire. */
export const categorySchema = z
  .object({
    id: wireId,
    name: z.string(),
    slug: z.string(),
    articleCount: wireInt.optional().describe('Published articles'),
    version: wireVersion,
  })
  .meta({ id: 'Category', description: 'An article category' });
