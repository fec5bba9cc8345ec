import * as kept from '#client/lib/local-copy';
import type { ArticleFormValues } from './validation';

/** One person's edits of an article kept on this device (lib/local-copy.ts), under `article:<user id>:<article id>`. */
const FIELDS = ['title', 'summary', 'content', 'categoryId', 'section'] as const;

const isFormValues = (values: unknown): values is ArticleFormValues =>
  !!values &&
  typeof values === 'object' &&
  FIELDS.every((f) => typeof (values as Record<string, unknown>)[f] === 'string') &&
  Array.isArray((values as { coAuthorIds?: unknown }).coAuthorIds) &&
  (values as { coAuthorIds: unknown[] }).coAuthorIds.every((id) => typeof id === 'string');

export const localCopyKey = (userId: string, articleId: string) => `article:${userId}:${articleId}`;
export const readLocalCopy = (key: string) => kept.readLocalCopy(key, isFormValues);
export const writeLocalCopy = (key: string, copy: kept.LocalCopy<ArticleFormValues>) => kept.writeLocalCopy(key, copy);
export const clearLocalCopy = (key: string) => kept.clearLocalCopy(key);

export const sameCoAuthors = (a: ArticleFormValues, b: ArticleFormValues) =>
  a.coAuthorIds.length === b.coAuthorIds.length && a.coAuthorIds.every((id, i) => id === b.coAuthorIds[i]);

export const sameValues = (a: ArticleFormValues, b: ArticleFormValues) => FIELDS.every((f) => a[f] === b[f]) && sameCoAuthors(a, b);
