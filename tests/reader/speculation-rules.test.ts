import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { SPECULATION_RULES_PATH } from '../../server/src/reader/speculation';
import { createTestApp } from '../helpers/app';
import { authorDesk } from '../helpers/testbed';

/**
 * Speculation Rules (docs/decisions/024-speculation-rules.md): the rules file, and the header that names it
 * on every HTML answer and on nothing else. The app serves the built client, as in production.
 */
const { app, db } = await createTestApp();
const desk = await authorDesk(db, { category: 'World Affairs', author: 'Ada Reporter' });
const { category } = desk;
const article = await desk.article({ title: 'Harbour bridge reopens' });

interface Rule {
  source: string;
  where: unknown;
  eagerness: string;
}

/** A header value that is a structured-field string naming the rules file (RFC 8941 sf-string). */
const NAMES_THE_RULES = `"${SPECULATION_RULES_PATH}"`;

describe('the rules file', () => {
  it('is JSON of the speculation-rules type: reader pages prerendered on intent, other same-origin links prefetched on press', async () => {
    const res = await request(app).get('/speculation-rules.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']?.split(';')[0]).toBe('application/speculationrules+json');
    const rules = JSON.parse(res.text) as { prerender: Rule[]; prefetch: Rule[] };
    expect(Object.keys(rules).sort()).toEqual(['prefetch', 'prerender']);

    expect(rules.prerender).toEqual([
      {
        source: 'document',
        where: {
          and: [
            { href_matches: ['/', '/article/*', '/category/*', '/news/*'] },
            { not: { href_matches: ['/auth{/*}?', '/dashboard{/*}?', '/api/*'] } },
          ],
        },
        eagerness: 'moderate',
      },
    ]);
    expect(rules.prefetch).toEqual([
      {
        source: 'document',
        where: {
          and: [
            { href_matches: '/*' },
            { not: { href_matches: ['/', '/article/*', '/category/*', '/news/*', '/auth{/*}?', '/dashboard{/*}?', '/api/*'] } },
          ],
        },
        eagerness: 'conservative',
      },
    ]);
  });

  it('is cached by browsers and revalidated by its ETag', async () => {
    const first = await request(app).get('/speculation-rules.json');
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    const again = await request(app).get('/speculation-rules.json').set('If-None-Match', first.headers.etag!);
    expect(again.status).toBe(304);
  });

  it('does not carry the header itself', async () => {
    const res = await request(app).get('/speculation-rules.json');
    expect(res.headers['speculation-rules']).toBeUndefined();
  });
});

describe('the Speculation-Rules header', () => {
  it.each([
    ['the home page', '/'],
    ['an article', `/article/${article.id}`],
    ['a category', `/category/${category.slug}`],
    ['a section', '/news/sports'],
  ])('names the rules on %s, rendered on the server', async (_name, path) => {
    const res = await request(app).get(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['speculation-rules']).toBe(NAMES_THE_RULES);
  });

  it('names them on a not-found page, on the shell of the auth screens and on a HEAD request', async () => {
    const missing = await request(app).get('/article/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.headers['speculation-rules']).toBe(NAMES_THE_RULES);
    const auth = await request(app).get('/auth');
    expect(auth.headers['content-type']).toMatch(/^text\/html/);
    expect(auth.headers['speculation-rules']).toBe(NAMES_THE_RULES);
    const head = await request(app).head('/');
    expect(head.headers['speculation-rules']).toBe(NAMES_THE_RULES);
  });

  it.each([
    ['the API', '/api/articles/published', /^application\/json/],
    ['a feed', '/rss.xml', /^application\/rss\+xml/],
    ['robots.txt', '/robots.txt', /^text\/plain/],
    ['a static file', '/favicon.svg', /^image\/svg\+xml/],
  ])('is not sent with %s', async (_name, path, type) => {
    const res = await request(app).get(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(type);
    expect(res.headers['speculation-rules']).toBeUndefined();
  });

  it('is not sent on an answer to a write', async () => {
    const res = await request(app).post('/api/auth/login').send({ email: 'nobody@example.test', password: 'wrong' });
    expect(res.headers['speculation-rules']).toBeUndefined();
  });
});
