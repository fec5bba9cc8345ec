import { z, type ZodError, type ZodType } from 'zod';
import { validationFailed } from './errors';

/** Zod's own wording, which does not say which field it means (schemas' custom messages do). */
const GENERIC_MESSAGE =
  /^(Invalid input|Invalid option|Invalid (string|UUID|uuid|ISO|format|url|URL|date|element|key|value|union|type|number|literal)\b|Too (small|big)|Unrecognized key|Expected )/;

/**
 * One human sentence per problem, for `details`. A schema's own message (for example docs/spec/SPEC.md's
 * 'Invalid email address') is kept exactly; Zod's generic wording is prefixed with the field.
 */
export function zodDetails(error: ZodError): string[] {
  const details = error.issues.map((issue) => {
    const field = issue.path.join('.');
    return field && GENERIC_MESSAGE.test(issue.message) ? `${field}: ${issue.message}` : issue.message;
  });
  return [...new Set(details)];
}

/**
 * Whether a string holds U+0000, which PostgreSQL text can neither store nor compare (the query fails: a 500). Input is
 * checked for it before the database is asked: the API's by `parse`, addresses outside the API (feeds) by their router.
 */
export const holdsNul = (value: string): boolean => value.includes('\u0000');

/** Where the accepted input holds a string with U+0000 (see holdsNul). */
export function nulCharacterFields(value: unknown, path: string[] = [], found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (holdsNul(value)) found.push(path.join('.'));
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => nulCharacterFields(item, [...path, String(i)], found));
  } else if (value && typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value))) {
    for (const [key, item] of Object.entries(value)) nulCharacterFields(item, [...path, key], found);
  }
  return found;
}

export function parse<T extends ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationFailed(zodDetails(result.error));
  const nul = nulCharacterFields(result.data);
  if (nul.length) throw validationFailed(nul.map((field) => `${field || 'value'}: must not contain the NUL character (\\u0000)`));
  return result.data;
}

