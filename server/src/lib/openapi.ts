import { z, type ZodType } from 'zod';
import { registeredRoutes } from './route';

const ERROR_SCHEMA = {
  type: 'object',
  required: ['error', 'message'],
  properties: { error: { type: 'string' }, message: { type: 'string' }, details: { type: 'array', items: { type: 'string' } } },
};

function jsonSchema(schema: ZodType, io: 'input' | 'output' = 'input') {
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  } catch {
    return {};
  }
}

function parameters(schema: ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const js = jsonSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(js.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (js.required ?? []).includes(name),
    schema: s,
  }));
}

function guardName(guard: unknown): string {
  const list = Array.isArray(guard) ? guard : [guard];
  return list.map((g: { permission?: string; name?: string }) => g.permission ?? g.name ?? 'guard').join(', ');
}

/** The OpenAPI 3.1 document, built from the same route declarations and zod schemas the server validates with. */
export function buildOpenApiDocument(publicUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { fullPath, spec } of registeredRoutes().sort((a, b) => a.fullPath.localeCompare(b.fullPath))) {
    const path = fullPath.replace(/:([A-Za-z]+)/g, '{$1}');
    const guard = guardName(spec.guard);
    const isPublic = guard === 'publicRoute';
    const status = String(spec.status ?? 200);
    const responses: Record<string, unknown> = {
      [status]: spec.produces
        ? { description: spec.returns ?? 'OK', content: { [spec.produces]: {} } }
        : { description: spec.returns ?? 'OK', content: { 'application/json': { schema: {} } } },
    };
    const err = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
    if (spec.body || spec.query || spec.params) responses['400'] = err('Validation failed (details lists each problem)');
    if (!isPublic) {
      responses['401'] = err('Not signed in, or the token expired or was revoked');
      responses['403'] = err('Signed in without the permission');
    }
    for (const [code, description] of Object.entries(spec.errors ?? {})) responses[code] = err(description);
    const op: Record<string, unknown> = {
      summary: spec.summary,
      tags: [fullPath.split('/')[2] ?? 'api'],
      description: `Guard: ${guard}`,
      parameters: [...parameters(spec.params, 'path'), ...parameters(spec.query, 'query')],
      responses,
      ...(isPublic ? {} : { security: [{ bearer: [] }] }),
    };
    if (spec.file) {
      const fields = spec.body ? (jsonSchema(spec.body) as { properties?: Record<string, unknown> }).properties : {};
      op.requestBody = {
        required: true,
        content: { 'multipart/form-data': { schema: { type: 'object', required: [spec.file], properties: { [spec.file]: { type: 'string', format: 'binary' }, ...fields } } } },
      };
    } else if (spec.body) {
      op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(spec.body) } } };
    }
    (paths[path] ??= {})[spec.method] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Chronicle News API', version: '1.0.0', description: 'The REST API of Chronicle News. Errors use the envelope { error, message, details? }.' },
    servers: [{ url: publicUrl }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: ERROR_SCHEMA },
    },
  };
}
