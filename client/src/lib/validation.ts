import type { z } from 'zod';
import type { Role } from '../../../shared/constants';
import { createArticleInputSchema, updateArticleInputSchema } from '../../../shared/schemas/articles';
import { breakingNewsInputSchema } from '../../../shared/schemas/breaking-news';
import { categoryInputSchema } from '../../../shared/schemas/categories';
import { createUserInputSchema, updateUserInputSchema } from '../../../shared/schemas/users';
import { MESSAGES } from './error-text';

/**
 * The dashboard's forms check their input with the same zod schemas the server validates with
 * (shared/schemas), so the messages match; a few client-only rules (an empty editor document, an
 * unchosen category) come first. Each field gets its first problem.
 */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;
type Result<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors<string> };

function fieldErrors(error: z.ZodError): FieldErrors<string> {
  const out: FieldErrors<string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    if (!out[key]) out[key] = issue.message;
  }
  return out;
}

function check<S extends z.ZodType>(schema: S, input: unknown, extra: FieldErrors<string> = {}): Result<z.output<S>> {
  const result = schema.safeParse(input);
  const errors = { ...(result.success ? {} : fieldErrors(result.error)), ...extra };
  if (Object.keys(errors).length || !result.success) return { ok: false, errors };
  return { ok: true, value: result.data };
}

export const validateCategory = (input: { name: string }) => check(categoryInputSchema, input);

export const validateBreakingNews = (input: { headline: string }) => check(breakingNewsInputSchema, input);

export interface UserFormValues {
  name: string;
  email: string;
  password: string;
  role: Role;
  bio: string;
}

export const validateNewUser = (input: UserFormValues) => check(createUserInputSchema, input);

/** Editing leaves the password alone. */
export const validateUserEdit = ({ password: _password, ...rest }: UserFormValues) => check(updateUserInputSchema, rest);

/** True when the editor's HTML holds no text and no image or video (TipTap's empty document is `<p></p>`). */
export function isEmptyHtml(html: string): boolean {
  if (/<(img|video|iframe)\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  );
}

/** The first image uploaded into the text (`/uploads/…`), used as the article's card image when no media is attached. */
export function firstUploadedImage(html: string): string | null {
  const match = /<img\b[^>]*\bsrc="(\/uploads\/[^"]+)"/i.exec(html);
  return match ? match[1]! : null;
}

export interface ArticleFormValues {
  title: string;
  summary: string;
  content: string;
  categoryId: string;
  section: string;
}

function articleExtras(input: ArticleFormValues): FieldErrors<keyof ArticleFormValues> {
  const extra: FieldErrors<keyof ArticleFormValues> = {};
  if (isEmptyHtml(input.content)) extra.content = MESSAGES.articles.contentRequired;
  if (!input.categoryId) extra.categoryId = MESSAGES.articles.categoryRequired;
  if (!input.section) extra.section = MESSAGES.articles.sectionRequired;
  return extra;
}

export const validateNewArticle = (input: ArticleFormValues) => check(createArticleInputSchema, input, articleExtras(input));

export const validateArticleEdit = (input: ArticleFormValues) => check(updateArticleInputSchema, input, articleExtras(input));
