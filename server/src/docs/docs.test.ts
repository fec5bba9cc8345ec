import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/helpers/app';

const { app } = await createTestApp();

/** Every call of docs/spec/SPEC.md §7, by method and path ({…} for any path parameter). */
const SPEC_CALLS = [
  'GET /api/articles',
  'GET /api/articles/published',
  'GET /api/articles/{}',
  'GET /api/articles/share/{}',
  'POST /api/articles',
  'PUT /api/articles/{}',
  'DELETE /api/articles/{}',
  'POST /api/articles/{}/publish',
  'POST /api/articles/{}/unpublish',
  'POST /api/articles/{}/status',
  'POST /api/articles/{}/featured',
  'POST /api/articles/{}/media',
  'GET /api/articles/{}/media',
  'DELETE /api/articles/{}/media/{}',
  'POST /api/uploads',
  'POST /api/auth/signup',
  'POST /api/auth/signup/initiate',
  'POST /api/auth/signup/verify-otp',
  'POST /api/auth/signup/complete',
  'POST /api/auth/login',
  'POST /api/auth/forgot-password',
  'POST /api/auth/verify-otp',
  'POST /api/auth/reset-password',
  'POST /api/auth/logout',
  'POST /api/view/article/{}',
  'GET /api/view/article/{}',
  'GET /api/view/article/{}/stats',
  'PUT /api/view/{}/duration',
  'GET /api/view/top-articles',
  'POST /api/comments/article/{}',
  'GET /api/comments/article/{}',
  'GET /api/comments/{}',
  'PUT /api/comments/{}',
  'DELETE /api/comments/{}',
  'GET /api/comments/admin/all',
  'GET /api/categories',
  'POST /api/categories',
  'PUT /api/categories/{}',
  'DELETE /api/categorie/{}',
  'GET /api/breaking-news',
  'POST /api/breaking-news',
  'PUT /api/breaking-news/{}',
  'DELETE /api/breaking-news/{}',
  'POST /api/breaking-news/{}/publish',
  'POST /api/breaking-news/{}/unpublish',
  'GET /api/users',
  'POST /api/users',
  'PUT /api/users/{}',
  'DELETE /api/users/{}',
  'POST /api/users/{}/suspend',
  'POST /api/users/{}/unsuspend',
];

/** Calls beyond §7 that the dashboard and this reference use. */
const OTHER_CALLS = [
  'GET /api/categories/{}',
  'DELETE /api/categories/{}',
  'GET /api/stats',
  'GET /api/stats/activity',
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/reference.js',
  'GET /api/docs/reference.css',
];

interface Operation {
  summary?: string;
  tags?: string[];
  'x-guard'?: string;
  operationId?: string;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, { maxLength?: number }> } }> };
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string; type?: string } }> }>;
}
type Doc = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

async function openapi(): Promise<Doc> {
  const res = await request(app).get('/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  return res.body as Doc;
}

function operations(doc: Doc) {
  const ops = new Map<string, Operation>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) ops.set(`${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`, op);
  }
  return ops;
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document for the public URL, open to anyone', async () => {
    const doc = await openapi();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: 'http://chronicle.test' }]);
  });

  it.each([...SPEC_CALLS, ...OTHER_CALLS])('describes %s with a summary, a tag and its guard', async (call) => {
    const op = operations(await openapi()).get(call);
    expect(op, `${call} is missing from the document`).toBeDefined();
    expect(op?.summary?.length).toBeGreaterThan(5);
    expect(op?.tags?.length).toBe(1);
    expect(op?.['x-guard']).toMatch(/^(publicRoute|requireUser|[a-z-]+:[a-z-]+)/);
  });

  it('carries request schemas with their limits and links responses to the wire types', async () => {
    const ops = operations(await openapi());
    const create = ops.get('POST /api/categories');
    expect(create?.requestBody?.content['application/json']?.schema.properties?.name?.maxLength).toBe(32);
    expect(create?.responses['201']?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Category' });
    expect(create?.responses['409']).toBeDefined();
    expect(ops.get('GET /api/users')?.['x-guard']).toBe('users:manage');
    expect(ops.get('DELETE /api/categorie/{}')?.tags).toEqual(['Categories']);
    const doc = await openapi();
    for (const name of ['Article', 'Category', 'PublicUser', 'BreakingNews', 'Comment', 'Error'])
      expect(doc.components.schemas).toHaveProperty(name);
  });

  it('gives every JSON answer a schema (the one the server checks its answers against)', async () => {
    for (const [call, op] of operations(await openapi())) {
      for (const [status, response] of Object.entries(op.responses).filter(([code]) => code.startsWith('2'))) {
        const json = response.content?.['application/json'];
        if (json) expect(Object.keys(json.schema ?? {}), `${call} ${status}`).not.toHaveLength(0);
      }
    }
  });

  it('only refers to schemas it defines', async () => {
    const doc = await openapi();
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(10);
    for (const name of new Set(refs)) expect(doc.components.schemas, name).toHaveProperty(name);
  });
});

describe('GET /api/docs', () => {
  it('answers an HTML page whose only scripts are same-origin files, under a CSP without unsafe-inline', async () => {
    const res = await request(app).get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const scripts = [...res.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]![1]).toContain('src="/api/docs/reference.js"');
    expect(scripts[0]![2]!.trim()).toBe('');
    expect(res.text).not.toMatch(/\son[a-z]+\s*=/i);
    expect(res.text).toContain('href="/api/docs/reference.css"');
    const scriptSrc = (res.headers['content-security-policy'] as string).split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
  });

  it('serves its script and stylesheet with the right types', async () => {
    const js = await request(app).get('/api/docs/reference.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toMatch(/^text\/javascript/);
    // reference-page.client.ts compiled for browsers: plain JavaScript, no TypeScript left in it.
    expect(() => new Function(js.text)).not.toThrow();
    expect(js.text).toContain('/api/openapi.json');
    expect(js.text).toContain('Could not load the API description');
    expect(js.text).not.toMatch(/\binterface\s+\w+|: HTMLElement\b/);
    const css = await request(app).get('/api/docs/reference.css');
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });
});
