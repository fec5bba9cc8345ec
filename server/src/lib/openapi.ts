import { z, type ZodType } from 'zod';
import { apiErrorBodySchema } from '#shared/schemas/responses/common';
import { PERMISSIONS, type Permission } from './policy';
import { registeredRoutes, responseSchema, type RegisteredRoute } from './route';

/** Tag per first path segment; a few segments are spelt differently from the resource they belong to. */
const TAGS: Record<string, string> = {
  auth: 'Auth',
  articles: 'Articles',
  uploads: 'Uploads',
  comments: 'Comments',
  view: 'Views',
  categories: 'Categories',
  categorie: 'Categories',
  'breaking-news': 'Breaking news',
  users: 'Users',
  stats: 'Stats',
  'openapi.json': 'Reference',
  docs: 'Reference',
};

const TAG_DESCRIPTIONS: Record<string, string> = {
  Auth: 'Sign-up with e-mailed codes, login, logout, password reset.',
  Articles: 'Articles, their media, story and featured flags, share pages.',
  Uploads: 'Image and video uploads, recognised by their bytes.',
  Comments: 'Threaded comments on articles.',
  Views: 'Read-depth view logs and view counts.',
  Categories: 'Article categories (the singular /categorie path is the spelling the client uses for delete).',
  'Breaking news': 'The breaking-news ticker.',
  Users: 'User management for admins and super-admins.',
  Stats: 'Dashboard numbers and recent activity.',
  Reference: 'This reference.',
};

function jsonSchema(schema: ZodType, io: 'input' | 'output' = 'input') {
  try {
    const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
    return rest;
  } catch {
    return {};
  }
}

/**
 * The JSON Schema of a response: the schemas it uses that have an id (`.meta({ id })` in shared/schemas/responses)
 * are linked as `#/components/schemas/<id>` and added to `components`.
 */
function responseJsonSchema(schema: ZodType, components: Record<string, unknown>): Record<string, unknown> {
  const converted = z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'any',
    // A timestamp reads better as `string (date-time)` than as zod's long regular expression for it, an
    // integer without the bounds of a safe integer that zod adds.
    override: ({ jsonSchema: js }) => {
      if (js.format === 'date-time' || js.format === 'date') delete js.pattern;
      if (js.minimum === Number.MIN_SAFE_INTEGER) delete js.minimum;
      if (js.maximum === Number.MAX_SAFE_INTEGER) delete js.maximum;
    },
  });
  const linked = JSON.parse(JSON.stringify(converted).replaceAll('"#/$defs/', '"#/components/schemas/')) as Record<string, unknown>;
  const { $schema: _drop, $defs, ...rest } = linked as { $schema?: string; $defs?: Record<string, unknown> };
  for (const [name, def] of Object.entries($defs ?? {})) components[name] ??= def;
  return rest;
}

/** The reference's words for a success body: the route's note, else its schema's description. */
function returnsDescription(spec: RegisteredRoute['spec'], schema: ZodType | undefined): string {
  const note = spec.returns instanceof z.ZodType ? undefined : spec.returns?.description;
  const described = schema ? z.globalRegistry.get(schema)?.description : undefined;
  return note ?? described ?? 'OK';
}

function parameters(schema: ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const js = jsonSchema(schema) as { properties?: Record<string, { description?: string }>; required?: string[] };
  return Object.entries(js.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (js.required ?? []).includes(name),
    ...(s.description ? { description: s.description } : {}),
    schema: s,
  }));
}

interface GuardLike {
  permission?: string;
  name?: string;
}

function guardList(guard: unknown): GuardLike[] {
  return (Array.isArray(guard) ? guard : [guard]) as GuardLike[];
}

function guardName(guard: unknown): string {
  return guardList(guard)
    .map((g) => g.permission ?? g.name ?? 'guard')
    .join(', ');
}

/** Who passes the guard, in words: "author (own), editor, admin, super-admin". */
function whoMay(guard: unknown): string {
  const g = guardList(guard)[0];
  if (g?.permission && g.permission in PERMISSIONS) {
    return Object.entries(PERMISSIONS[g.permission as Permission])
      .map(([role, grant]) => `${role}${grant === 'own' ? ' (own records)' : ''}`)
      .join(', ');
  }
  if (g?.name === 'publicRoute') return 'anyone, signed in or not';
  if (g?.name === 'requireUser') return 'any signed-in user';
  return 'see the guard';
}

const operationId = (method: string, fullPath: string) =>
  method +
  fullPath
    .replace(/^\/api/, '')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `By${part[1]!.toUpperCase()}${part.slice(2)}` : part[0]!.toUpperCase() + part.slice(1)))
    .join('');

/** The OpenAPI 3.1 document, built from the same route declarations and zod schemas the server validates with. */
export function buildOpenApiDocument(publicUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const tagsUsed = new Set<string>();
  const components: Record<string, unknown> = {};
  responseJsonSchema(apiErrorBodySchema, components);
  for (const { fullPath, spec } of registeredRoutes().sort((a, b) => a.fullPath.localeCompare(b.fullPath))) {
    const path = fullPath.replace(/:([A-Za-z]+)/g, '{$1}');
    const guard = guardName(spec.guard);
    const isPublic = guard === 'publicRoute';
    const status = String(spec.status ?? 200);
    const schema = spec.produces ? undefined : responseSchema(spec);
    const description = returnsDescription(spec, schema);
    const responses: Record<string, unknown> = {
      // 204: no body at all.
      [status]:
        status === '204'
          ? { description }
          : spec.produces
            ? { description, content: { [spec.produces]: {} } }
            : { description, content: { 'application/json': { schema: schema ? responseJsonSchema(schema, components) : {} } } },
    };
    const err = (description: string) => ({
      description,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
    if (spec.body || spec.query || spec.params || spec.file) responses['400'] = err('Validation failed (details lists each problem)');
    if (!isPublic) {
      responses['401'] = err('Not signed in, or the token expired or was revoked');
      responses['403'] = err('Signed in without the permission');
    }
    for (const [code, description] of Object.entries(spec.errors ?? {})) responses[code] = err(description);
    const segment = fullPath.split('/')[2] ?? 'api';
    const tag = TAGS[segment] ?? segment;
    tagsUsed.add(tag);
    const op: Record<string, unknown> = {
      operationId: operationId(spec.method, fullPath),
      summary: spec.summary,
      tags: [tag],
      description: `Guard: \`${guard}\`. Allowed: ${whoMay(spec.guard)}.`,
      'x-guard': guard,
      parameters: [...parameters(spec.params, 'path'), ...parameters(spec.query, 'query')],
      responses,
      ...(isPublic ? {} : { security: [{ bearer: [] }] }),
    };
    if (spec.file) {
      const fields = spec.body ? (jsonSchema(spec.body) as { properties?: Record<string, unknown> }).properties : {};
      op.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', required: [spec.file], properties: { [spec.file]: { type: 'string', format: 'binary' }, ...fields } },
          },
        },
      };
    } else if (spec.body) {
      op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(spec.body) } } };
    }
    (paths[path] ??= {})[spec.method] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Chronicle News API',
      version: '1.0.0',
      description:
        'The REST API of Chronicle News. JSON in and out under /api; errors use the envelope { error, message, details? }; ' +
        'send the header Authorization: Bearer <token> (from POST /api/auth/login).',
    },
    servers: [{ url: publicUrl }],
    tags: Object.keys(TAG_DESCRIPTIONS)
      .filter((name) => tagsUsed.has(name))
      .concat([...tagsUsed].filter((name) => !(name in TAG_DESCRIPTIONS)))
      .map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}) })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: components,
    },
  };
}
