import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { publicRoute } from '../../server/src/lib/policy';
import { registeredRoutes } from '../../server/src/lib/route';
import { preferencesToken } from '../../server/src/newsletters/links';
import { createTestApp } from '../helpers/app';
import { createArticle, createBreakingNews, createCategory, createComment, createUser, login } from '../helpers/factories';

/**
 * Caching of the public reads: every public GET says how long it may be kept, and a read whose answer depends on
 * the caller (drafts for staff) is never stored for a signed-in caller and varies on Authorization.
 */
const { app, ctx, db } = await createTestApp();
const category = await createCategory(db);
const author = await createUser(db, { role: 'author' });
const published = await createArticle(db, { authorId: author.id, categoryId: category.id, status: 'published' });
const draft = await createArticle(db, { authorId: author.id, categoryId: category.id, status: 'draft' });
const comment = await createComment(db, { articleId: published.id, authorId: author.id });
await createBreakingNews(db, { authorId: author.id, status: 'published' });
const editor = await login(ctx, 'editor');
const subscriber = await db.newsletterSubscriber.create({
  data: { email: 'cached@example.test', consentedAt: new Date(), source: 'import' },
});

/** Reads that need a query to answer 200 (a search needs its words). */
const QUERIES: Record<string, string> = {
  '/api/search': '?q=article',
  // A subscriber's preferences, by the token of their e-mails' links.
  '/api/newsletters/preferences': `?token=${preferencesToken(ctx.jwtSecret, subscriber.id)}`,
};

const fill = (fullPath: string) =>
  fullPath.replace(/:(\w+)/g, (_m, name: string) =>
    name === 'idOrSlug'
      ? category.slug
      : name === 'slug'
        ? fullPath.startsWith('/api/pages/')
          ? 'privacy'
          : author.slug
        : fullPath.startsWith('/api/comments/:')
          ? comment.id
          : published.id,
  );

/** Every public GET of the route table, but the live ticker's event stream (no-store, live-feed.test.ts). */
const publicGets = registeredRoutes().filter(
  (r) => r.spec.method === 'get' && r.spec.guard === publicRoute && r.spec.produces !== 'text/event-stream',
);

describe('Cache-Control on public reads', () => {
  it.each(publicGets.map((r) => [r.fullPath]))('GET %s says how long it may be kept', async (fullPath) => {
    const res = await request(app).get(fill(fullPath) + (QUERIES[fullPath] ?? ''));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toMatch(/max-age=\d+|no-cache|no-store/);
  });

  it.each([`/api/articles/:id`, `/api/articles/:id/media`, '/api/breaking-news', '/api/categories'])(
    'GET %s: public for readers, never stored for a signed-in caller, and varies on Authorization',
    async (fullPath) => {
      const path = fill(fullPath);
      const anonymous = await request(app).get(path);
      const signedIn = await request(app).get(path).set(editor.auth);
      expect(anonymous.headers['cache-control']).toMatch(/^public, max-age=\d+/);
      expect(signedIn.headers['cache-control']).toBe('private, no-store');
      for (const res of [anonymous, signedIn]) expect(res.headers.vary).toMatch(/Authorization/i);
    },
  );

  it('never lets a cache keep a draft: an editor reading one gets private, no-store; readers get an uncached 404', async () => {
    const staff = await request(app).get(`/api/articles/${draft.id}`).set(editor.auth);
    expect(staff.status).toBe(200);
    expect(staff.headers['cache-control']).toBe('private, no-store');
    const reader = await request(app).get(`/api/articles/${draft.id}`);
    expect(reader.status).toBe(404);
    expect(reader.headers['cache-control'] ?? '').not.toMatch(/public/);
  });
});
