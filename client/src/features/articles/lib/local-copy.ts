import * as kept from '#client/lib/local-copy';
import type { ArticleFormValues } from './validation';

/** One person's edits of an article kept on this device (lib/local-copy.ts), under `article:<user id>:<article id>`. */
const FIELDS = ['title', 'summary', 'content', 'categoryId', 'section'] as const;

/** What a copy holds: the form's values; `coAuthorIds` only in copies written since co-authors came (decision 064). */
type StoredValues = Omit<ArticleFormValues, 'coAuthorIds'> & { coAuthorIds?: string[] };

const isStoredValues = (values: unknown): values is StoredValues => {
  if (!values || typeof values !== 'object') return false;
  const { coAuthorIds } = values as { coAuthorIds?: unknown };
  return (
    FIELDS.every((f) => typeof (values as Record<string, unknown>)[f] === 'string') &&
    (coAuthorIds === undefined || (Array.isArray(coAuthorIds) && coAuthorIds.every((id) => typeof id === 'string')))
  );
};

export const localCopyKey = (userId: string, articleId: string) => `article:${userId}:${articleId}`;
/** The copy kept under `key`; one written before co-authors came keeps the article's (`coAuthorIds`). */
export function readLocalCopy(key: string, coAuthorIds: string[]): kept.LocalCopy<ArticleFormValues> | null {
  const copy = kept.readLocalCopy(key, isStoredValues);
  return copy && { ...copy, values: { ...copy.values, coAuthorIds: copy.values.coAuthorIds ?? coAuthorIds } };
}
export const writeLocalCopy = (key: string, copy: kept.LocalCopy<ArticleFormValues>) => kept.writeLocalCopy(key, copy);
export const clearLocalCopy = (key: string) => kept.clearLocalCopy(key);

export const sameCoAuthors = (a: ArticleFormValues, b: ArticleFormValues) =>
  a.coAuthorIds.length === b.coAuthorIds.length && a.coAuthorIds.every((id, i) => id === b.coAuthorIds[i]);

export const sameValues = (a: ArticleFormValues, b: ArticleFormValues) => FIELDS.every((f) => a[f] === b[f]) && sameCoAuthors(a, b);
