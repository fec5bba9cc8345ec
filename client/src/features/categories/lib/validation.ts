import { categoryInputSchema } from '../../../../../shared/schemas/categories';
import { check } from '../../../lib/validation';

export const validateCategory = (input: { name: string }) => check(categoryInputSchema, input);
