import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { articleSchema } from '#shared/schemas/responses/articles';
import { categorySchema } from '#shared/schemas/responses/categories';
import { commentAnswerSchema } from '#shared/schemas/responses/comments';
import { pageSchema } from '#shared/schemas/responses/common';
import { publicUserSchema } from '#shared/schemas/responses/users';
import { buildOpenApiDocument } from './openapi';
import { publicRoute } from './policy';
import { resourceRouter } from './route';

/** A few routes declared as the resources declare theirs, and the document built from them. */
const { route } = resourceRouter('/t');
const base = { guard: publicRoute, summary: 'A route of this test' } as const;
route({ ...base, method: 'get', path: '/article', returns: articleSchema }, () => undefined);
route({ ...base, method: 'get', path: '/users', returns: pageSchema(publicUserSchema) }, () => undefined);
route({ ...base, method: 'get', path: '/categories', returns: z.array(categorySchema) }, () => undefined);
route(
  { ...base, method: 'put', path: '/article', returns: { schema: articleSchema, description: 'The article, with its new ETag' } },
  () => undefined,
);
route({ ...base, method: 'get', path: '/comment', returns: commentAnswerSchema }, () => undefined);
route({ ...base, method: 'get', path: '/page', produces: 'text/html', returns: { description: 'An HTML document' } }, () => undefined);
const doc = buildOpenApiDocument('http://chronicle.test');

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; $ref?: string };
const schemas = doc.components.schemas as Record<string, Schema>;
const success = (path: string, method: string, status = '200') =>
  (doc.paths[path]?.[method] as { responses: Record<string, { description: string; content: Record<string, { schema?: Schema }> }> })
    .responses[status]!;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('the OpenAPI document from the response schemas of shared/schemas', () => {
  it('links a named schema, an array of them and a page of them to components', () => {
    expect(success('/api/t/article', 'get').content['application/json']?.schema).toEqual(ref('Article'));
    expect(success('/api/t/categories', 'get').content['application/json']?.schema).toMatchObject({
      type: 'array',
      items: ref('Category'),
    });
    expect(success('/api/t/users', 'get').content['application/json']?.schema).toMatchObject({
      properties: { data: { type: 'array', items: ref('PublicUser') }, pagination: ref('Pagination') },
    });
    expect(success('/api/t/comment', 'get').content['application/json']?.schema).toMatchObject({ properties: { data: ref('Comment') } });
  });

  it("describes a response by the route's note, else by its schema's description; a non-JSON answer by its type", () => {
    expect(success('/api/t/article', 'put').description).toBe('The article, with its new ETag');
    expect(success('/api/t/article', 'get').description).toBe(z.globalRegistry.get(articleSchema)?.description);
    expect(success('/api/t/page', 'get')).toEqual({ description: 'An HTML document', content: { 'text/html': {} } });
  });

  it('defines every schema it refers to, by its id, with the descriptions of its fields', () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    for (const name of new Set(refs)) expect(schemas, name).toHaveProperty(name);
    // Those of these routes (other files' routes may be declared in this process too: vitest.config.ts), and none that
    // nothing refers to but the error envelope, which is always there.
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining([
        'Article',
        'Comment',
        'Category',
        'Correction',
        'Error',
        'ImageInfo',
        'MediaItem',
        'Pagination',
        'PublicUser',
      ]),
    );
    expect(Object.keys(schemas).filter((name) => name !== 'Error' && !refs.includes(name))).toEqual([]);
    expect(schemas.Article?.properties?.content).toEqual({ type: 'string', description: 'Sanitised HTML' });
    expect(schemas.Article?.properties?.media).toEqual({ type: 'array', items: ref('MediaItem') });
    expect(schemas.MediaItem?.properties?.image?.anyOf).toEqual([ref('ImageInfo'), { type: 'null' }]);
    expect(schemas.ImageInfo?.description).toMatch(/Resized variants of an uploaded image/);
    expect(schemas.Comment?.properties?.replies).toEqual({ type: 'array', items: ref('Comment') });
    expect(schemas.Error).toMatchObject({ required: ['error', 'message'], properties: { details: { type: 'array' } } });
  });

  it('documents objects as closed, timestamps as date-times and integers without zod bounds', () => {
    expect(schemas.PublicUser).toMatchObject({ additionalProperties: false });
    expect(schemas.PublicUser?.required).toEqual(['id', 'name', 'email', 'role', 'suspended', 'bio', 'createdAt', 'version']);
    expect(schemas.PublicUser?.properties?.createdAt).toEqual({ type: 'string', format: 'date-time' });
    expect(schemas.PublicUser?.properties?.role).toMatchObject({ enum: ['super-admin', 'admin', 'editor', 'author', 'user'] });
    expect(schemas.Category?.properties?.version).toEqual({
      type: 'integer',
      description: 'Send it back with an edit (If-Match or body); the ETag is "v<version>"',
    });
    expect(schemas.Category?.required).not.toContain('articleCount');
  });
});
