/**
 * Prisma turns `contains` and case-insensitive `equals` into SQL LIKE/ILIKE patterns on PostgreSQL, where `_` and `%`
 * are wildcards: escape them (and the escape character itself) so the text is matched exactly as typed.
 */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, '\\$&');
