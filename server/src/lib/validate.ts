import type { Request } from 'express';
import { z, type ZodError, type ZodType } from 'zod';
import { validationFailed } from './errors';

/** Zod's own wording, which does not say which field it means (schemas' custom messages do). */
const GENERIC_MESSAGE = /^(Invalid input|Invalid option|Invalid (string|UUID|uuid|ISO|format|url|URL|date|element|key|value|union|type|number|literal)\b|Too (small|big)|Unrecognized key|Expected )/;

/**
 * One human sentence per problem, for `details`. A schema's own message (for example SPEC.md's
 * 'Invalid email address') is kept exactly; Zod's generic wording is prefixed with the field.
 */
export function zodDetails(error: ZodError): string[] {
  const details = error.issues.map((issue) => {
    const field = issue.path.join('.');
    return field && GENERIC_MESSAGE.test(issue.message) ? `${field}: ${issue.message}` : issue.message;
  });
  return [...new Set(details)];
}

export function parse<T extends ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationFailed(zodDetails(result.error));
  return result.data;
}

export const parseBody = <T extends ZodType>(schema: T, req: Request) => parse(schema, req.body ?? {});
export const parseQuery = <T extends ZodType>(schema: T, req: Request) => parse(schema, req.query);
export const parseParams = <T extends ZodType>(schema: T, req: Request) => parse(schema, req.params);
