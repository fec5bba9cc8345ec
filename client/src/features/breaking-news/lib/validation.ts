import { breakingNewsInputSchema } from '../../../../../shared/schemas/breaking-news';
import { check } from '../../../lib/validation';

export const validateBreakingNews = (input: { headline: string }) => check(breakingNewsInputSchema, input);
