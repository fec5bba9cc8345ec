/**
 * SQL conditions on an article row `a`, shared by the reads that filter by them in SQL sent with `pg` (search, the
 * dashboard's list); each takes the placeholders of its values (`$3`), which its caller numbers.
 */

/** Written by the user, or co-written (docs/decisions/064-co-authors.md). */
export const writtenBy = (user: string) =>
  `(a."authorId" = ${user}::uuid OR EXISTS (SELECT 1 FROM "ArticleAuthor" w WHERE w."articleId" = a.id AND w."userId" = ${user}::uuid))`;

/** `at` (an instant) falls on or after day `from` (YYYY-MM-DD) of time zone `zone`. */
export const onOrAfterDay = (at: string, from: string, zone: string) => `${at} >= (${from}::date)::timestamp AT TIME ZONE ${zone}`;

/** `at` falls on or before day `to` of time zone `zone`. */
export const onOrBeforeDay = (at: string, to: string, zone: string) => `${at} < (${to}::date + 1)::timestamp AT TIME ZONE ${zone}`;
