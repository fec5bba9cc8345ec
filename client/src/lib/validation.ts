import type { z } from 'zod';

/**
 * The dashboard's forms check their input with the same zod schemas the server validates with
 * (shared/schemas), so the messages match; a few client-only rules (an empty editor document, an
 * unchosen category) come first. Each field gets its first problem.
 */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;
export type Result<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors<string> };

function fieldErrors(error: z.ZodError): FieldErrors<string> {
  const out: FieldErrors<string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    if (!out[key]) out[key] = issue.message;
  }
  return out;
}

export function check<S extends z.ZodType>(schema: S, input: unknown, extra: FieldErrors<string> = {}): Result<z.output<S>> {
  const result = schema.safeParse(input);
  const errors = { ...(result.success ? {} : fieldErrors(result.error)), ...extra };
  if (Object.keys(errors).length || !result.success) return { ok: false, errors };
  return { ok: true, value: result.data };
}
