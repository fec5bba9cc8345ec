import { createArticleInputSchema, updateArticleInputSchema } from '#shared/schemas/articles';
import { check, type FieldErrors } from '#client/lib/validation';
import { articleMessages } from './messages';

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
  /** In the byline's order, after the author. */
  coAuthorIds: string[];
}

function articleExtras(input: ArticleFormValues): FieldErrors<keyof ArticleFormValues> {
  const extra: FieldErrors<keyof ArticleFormValues> = {};
  if (isEmptyHtml(input.content)) extra.content = articleMessages.contentRequired;
  if (!input.categoryId) extra.categoryId = articleMessages.categoryRequired;
  if (!input.section) extra.section = articleMessages.sectionRequired;
  return extra;
}

export const validateNewArticle = (input: ArticleFormValues) => check(createArticleInputSchema, input, articleExtras(input));

export const validateArticleEdit = (input: ArticleFormValues) => check(updateArticleInputSchema, input, articleExtras(input));
