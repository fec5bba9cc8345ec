import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { articleSchema } from '#shared/schemas/responses/articles';
import { deletedSchema } from '#shared/schemas/responses/common';
import { makeArticle } from '#tests/helpers/wire-articles';
import { createLogger } from './logger';
import { errorMiddleware } from './error-middleware';
import { publicRoute } from './policy';
import { requireDocumentedResponse, ResponseShapeError } from './response-check';
import { resourceRouter } from './route';

const article = makeArticle({
  id: '6a1f7c1e-1b1a-4b5e-9a55-0c2f3f1d2e01',
  image: null,
  totalViews: 3,
  media: [{ id: 'm1', type: 'image', fileUrl: '/uploads/a.jpg', image: { width: 800, height: 600, widths: [400, 800] } }],
});

describe('requireDocumentedResponse: an answer against its response schema', () => {
  it('accepts what the schema describes, judged as JSON (a Date goes out as its ISO string)', () => {
    expect(() => requireDocumentedResponse(articleSchema, 'GET /a', article)).not.toThrow();
    expect(() =>
      requireDocumentedResponse(articleSchema, 'GET /a', { ...article, publishedAt: new Date('2026-01-02T03:04:05Z') }),
    ).not.toThrow();
  });

  it('refuses a missing field, a wrong type or value, and names the route and the field', () => {
    const { content: _content, ...withoutContent } = article;
    expect(() => requireDocumentedResponse(articleSchema, 'GET /a', withoutContent)).toThrow(/GET \/a[\s\S]*content/);
    expect(() => requireDocumentedResponse(articleSchema, 'GET /a', { ...article, totalViews: '3' })).toThrow(/totalViews/);
    expect(() => requireDocumentedResponse(articleSchema, 'GET /a', { ...article, section: 'Weather' })).toThrow(/section/);
    expect(() => requireDocumentedResponse(articleSchema, 'GET /a', { ...article, createdAt: 'yesterday' })).toThrow(/createdAt/);
    expect(() => requireDocumentedResponse(deletedSchema, 'DELETE /a', { success: false, message: 'x' })).toThrow(ResponseShapeError);
  });

  it('refuses a field the schema does not describe, at any depth', () => {
    expect(() => requireDocumentedResponse(articleSchema, 'GET /a', { ...article, passwordHash: 'x' })).toThrow(/passwordHash/);
    expect(() =>
      requireDocumentedResponse(articleSchema, 'GET /a', { ...article, author: { ...article.author, email: 'ann@example.org' } }),
    ).toThrow(/author\.email/);
    expect(() => requireDocumentedResponse(articleSchema, 'GET /a', { ...article, media: [{ ...article.media[0], size: 1 }] })).toThrow(
      /media\[0\]\.size/,
    );
  });
});

describe('a route with `returns`', () => {
  function app(checkResponses: boolean, answer: unknown) {
    const a = express();
    a.locals.checkResponses = checkResponses;
    const { router, route } = resourceRouter('/check');
    route(
      { method: 'get', path: '/', summary: 'A route that answers `answer`', guard: publicRoute, returns: deletedSchema },
      () => answer,
    );
    a.use('/api/check', router);
    a.use(errorMiddleware(createLogger('silent')));
    return a;
  }

  it('sends an answer its schema allows, unchanged', async () => {
    const res = await request(app(true, { success: true, message: 'Gone' })).get('/api/check');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Gone' });
  });

  it('answers 500 instead of an answer its schema does not allow, when checking', async () => {
    const res = await request(app(true, { success: true, message: 'Gone', extra: 1 })).get('/api/check');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'Internal Server Error', message: 'Something went wrong on our side' });
  });

  it('sends it as it is when not checking (production)', async () => {
    const res = await request(app(false, { success: true, message: 'Gone', extra: 1 })).get('/api/check');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Gone', extra: 1 });
  });
});
