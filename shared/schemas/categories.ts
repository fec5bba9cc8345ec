import { z } from 'zod';
import { LIMITS } from '../constants';
import { hasVisibleText } from './text';
import { versionSchema } from './version';

/** The exact form messages of docs/spec/SPEC.md §5, shared by the server's validation and the dashboard's form. */
export const CATEGORY_MESSAGES = {
  nameRequired: 'Category name is required.',
  nameTooLong: `Max ${LIMITS.categoryNameMax} characters.`,
} as const;

export const categoryNameSchema = z
  .string({ error: CATEGORY_MESSAGES.nameRequired })
  .trim()
  .refine(hasVisibleText, CATEGORY_MESSAGES.nameRequired)
  .max(LIMITS.categoryNameMax, CATEGORY_MESSAGES.nameTooLong);

/** POST /api/categories and PUT /api/categories/:id. */
export const categoryInputSchema = z.object({ name: categoryNameSchema });
export type CategoryInput = z.infer<typeof categoryInputSchema>;

/** PUT /api/categories/:id: the new name and the version the edit is based on. */
export const updateCategoryInputSchema = categoryInputSchema.extend({ version: versionSchema.optional() });
export type UpdateCategoryInput = z.infer<typeof updateCategoryInputSchema>;
