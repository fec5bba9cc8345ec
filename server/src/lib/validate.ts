import type { Request } from 'express';
import { z, type ZodError, type ZodType } from 'zod';
import { validationFailed } from './errors';

/** One human sentence per problem, for `details`. */
export function zodDetails(error: ZodError): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.join('.');
    if (!field) return issue.message;
    return issue.message.toLowerCase().startsWith(field.toLowerCase()) ? issue.message : `${field}: ${issue.message}`;
  });
}

export function parse<T extends ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationFailed(zodDetails(result.error));
  return result.data;
}

export const parseBody = <T extends ZodType>(schema: T, req: Request) => parse(schema, req.body ?? {});
export const parseQuery = <T extends ZodType>(schema: T, req: Request) => parse(schema, req.query);
export const parseParams = <T extends ZodType>(schema: T, req: Request) => parse(schema, req.params);
