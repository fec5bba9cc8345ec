import * as kept from '#client/lib/local-copy';
import type { ArticleFormValues } from './validation';

/** An article's edits kept on this device (lib/local-copy.ts), under `article:<id>`. */
const FIELDS = ['title', 'summary', 'content', 'categoryId', 'section'] as const;

const isFormValues = (values: unknown): values is ArticleFormValues =>
  !!values && typeof values === 'object' && FIELDS.every((f) => typeof (values as Record<string, unknown>)[f] === 'string');

export const readLocalCopy = (articleId: string) => kept.readLocalCopy(`article:${articleId}`, isFormValues);
export const writeLocalCopy = (articleId: string, copy: kept.LocalCopy<ArticleFormValues>) => kept.writeLocalCopy(`article:${articleId}`, copy);
export const clearLocalCopy = (articleId: string) => kept.clearLocalCopy(`article:${articleId}`);

export const sameValues = (a: ArticleFormValues, b: ArticleFormValues) => FIELDS.every((f) => a[f] === b[f]);
