import { isDeepStrictEqual } from 'node:util';
import { z, type ZodType } from 'zod';

/** An answer its route's response schema does not allow: the server broke its own contract. */
export class ResponseShapeError extends Error {
  override name = 'ResponseShapeError';
}

/**
 * Throws unless `result`, as it goes on the wire (JSON), is what `schema` describes: every field of the
 * right type, and no field the schema leaves out (an undocumented field is a mismatch too).
 */
export function requireDocumentedResponse(schema: ZodType, route: string, result: unknown): void {
  const wire: unknown = JSON.parse(JSON.stringify(result));
  const parsed = schema.safeParse(wire);
  if (!parsed.success)
    throw new ResponseShapeError(`${route} answered what its response schema does not allow:\n${z.prettifyError(parsed.error)}`);
  // Object schemas drop the fields they do not name: whatever the parse dropped is undocumented.
  if (!isDeepStrictEqual(parsed.data, wire)) {
    const extra = undocumentedPaths(wire, parsed.data).slice(0, 5).join(', ');
    throw new ResponseShapeError(`${route} answered fields its response schema does not describe: ${extra || '(a changed value)'}`);
  }
}

/** Paths of `wire` missing from `kept` (what the schema kept of it), e.g. `data[0].author.email`. */
function undocumentedPaths(wire: unknown, kept: unknown, at = ''): string[] {
  if (Array.isArray(wire) && Array.isArray(kept)) return wire.flatMap((item, i) => undocumentedPaths(item, kept[i], `${at}[${i}]`));
  if (!isRecord(wire) || !isRecord(kept)) return [];
  return Object.keys(wire).flatMap((key) => {
    const path = at ? `${at}.${key}` : key;
    return key in kept ? undocumentedPaths(wire[key], kept[key], path) : [path];
  });
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
