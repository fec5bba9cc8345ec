import { describe, expect, it } from 'vitest';
import type { Article } from '../../shared/types';
import { makeArticle } from '../../tests/helpers/wire-articles';
import { render, type RenderResult } from './entry-server';
import type { Transport } from './lib/api-client';

/**
 * Issue 23: the server's render matches the address on the app's route table, runs the matched routes'
 * loads with the transport it is given, and decides the status from what they found. The transport here
 * stands for the API in process: it answers the reads a reader page makes, each as the API would.
 */
const ORIGIN = 'https://news.example';
const emptyPage = { success: true, data: [], pagination: { total: 0, limit: 20, offset: 0 } };

/** The site settings the pages are rendered with: a newsroom's own. */
const SITE = {
  name: 'The Riverside Courier',
  tagline: 'News from the river towns.',
  description: '',
  address: '2 Quay Street',
  email: 'desk@courier.example',
  phone: '',
  social: { instagram: 'https://www.instagram.com/courier' },
  noindex: false,
  accentColor: '#1d4ed8',
  locale: 'en-GB',
  timeZone: 'Europe/London',
  menus: {
    header: [
      { kind: 'category', id: 'c1', label: 'Local', path: '/category/local' },
      { kind: 'page', id: 'p1', label: 'About us', path: '/about' },
    ],
    footer: [{ kind: 'page', id: 'p2', label: 'Privacy', path: '/privacy' }],
  },
};

/** A published static page (GET /api/pages/by-slug/about). */
const ABOUT = {
  id: 'p1',
  slug: 'about',
  title: 'About us',
  summary: 'Who we are.',
  content: '<p>We report on the river towns.</p>',
  publishedAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-04T23:30:00.000Z',
};

function api(answers: { article?: Article | number; lists?: number; site?: object } = {}) {
  const asked: string[] = [];
  const transport: Transport = async (_method, url) => {
    asked.push(url);
    const { pathname } = new URL(url, ORIGIN);
    const answer = (status: number, body: unknown) => ({ status, body });
    const failure = (status: number) => answer(status, { error: 'Error', message: `Answered ${status}` });
    if (pathname === '/api/breaking-news') return answer(200, { news: [] });
    if (pathname === '/api/categories') return answer(200, []);
    if (pathname === '/api/site') return answer(200, answers.site ?? SITE);
    if (pathname === '/api/articles/published') return answers.lists ? failure(answers.lists) : answer(200, emptyPage);
    // The home page's blocks and river, in one read (failing here only: no case renders a home page with articles).
    if (pathname === '/api/articles/home') return failure(answers.lists ?? 404);
    if (pathname.startsWith('/api/articles/')) {
      const { article = 404 } = answers;
      return typeof article === 'number' ? failure(article) : answer(200, article);
    }
    if (pathname === '/api/pages/by-slug/about') return answer(200, ABOUT);
    if (pathname.endsWith('/stats')) return answer(200, { articleId: 'a1', totalViews: 7 });
    if (pathname.startsWith('/api/comments/article/')) return answer(200, emptyPage);
    return failure(404);
  };
  return { transport, asked };
}

async function html(result: RenderResult): Promise<string> {
  if (result.type !== 'page') throw new Error(`not a page: ${result.type}`);
  return result.html;
}

describe('the server render', () => {
  it('reads through the transport it is given, even while another render reads through another', async () => {
    const first = api({ article: makeArticle({ id: 'a1', title: 'From the first site' }) });
    const second = api({ article: makeArticle({ id: 'a1', title: 'From the second site' }) });
    const [a, b] = await Promise.all([
      render({ url: '/article/a1', origin: ORIGIN, transport: first.transport }),
      render({ url: '/article/a1', origin: ORIGIN, transport: second.transport }),
    ]);
    expect(await html(a)).toContain('From the first site');
    expect(await html(b)).toContain('From the second site');
    expect(first.asked).toContain('/api/articles/a1');
    expect(second.asked).toContain('/api/articles/a1');
  });

  it('reads what the article page shows, around it the ticker, the categories and the site settings, and nothing else', async () => {
    const { transport, asked } = api({ article: makeArticle({ id: 'a1', totalViews: 12 }) });
    const result = await render({ url: '/article/a1?utm_source=feed', origin: ORIGIN, transport });
    expect(result).toMatchObject({ type: 'page', status: 200, page: { kind: 'article' } });
    expect(asked.map((url) => url.split('?')[0]).sort()).toEqual([
      '/api/articles/a1',
      '/api/breaking-news',
      '/api/categories',
      '/api/comments/article/a1',
      '/api/site',
    ]);
    // The view count is the article's own: no read of its own.
    const page = await html(result);
    expect(page).toContain('12 views');
    // The header and footer are the newsroom's: its name, tagline, contact and only its own account.
    expect(page).toContain('The Riverside <span class="text-brand">Courier</span>');
    // The header's and footer's menus are the settings': a category and a page in the header, a page in the footer.
    for (const link of ['href="/about"', '>About us</a>', 'href="/privacy"', '>Privacy</a>', 'href="/category/local"'])
      expect(page).toContain(link);
    expect(page).toMatch(/© \d{4} The Riverside Courier\. All rights reserved\./);
    for (const text of ['News from the river towns.', '2 Quay Street', 'mailto:desk@courier.example', 'https://www.instagram.com/courier'])
      expect(page).toContain(text);
    expect(page).not.toContain('href="https://www.facebook.com/"');
    expect(page).not.toContain('Chronicle');
  });

  it("preloads the header's logo on every page, its header rendered or kept (app/reader/kept-part.tsx)", async () => {
    const site = { ...SITE, name: 'The Logo Courier', logo: { url: '/uploads/logo-courier.png', width: 200, height: 40, crops: false } };
    const preloads = async (id: string) => {
      const { transport } = api({ article: makeArticle({ id }), site });
      const page = await html(await render({ url: `/article/${id}`, origin: ORIGIN, transport }));
      expect(page).toContain('<img src="/uploads/logo-courier.png" alt="The Logo Courier"');
      return page.match(/<link rel="preload"[^>]*href="\/uploads\/logo-courier\.png"[^>]*\/>/g);
    };
    const first = await preloads('a1');
    expect(first).toHaveLength(1);
    expect(await preloads('a2')).toEqual(first);
  });

  it.each([
    ['a missing article is its not-found page', { article: 404 }, '/article/a1', 404, 'Article Not Found'],
    ['an article that could not be read says so', { article: 500 }, '/article/a1', 503, 'Answered 500'],
    ['a home page whose lists could not be read says so', { lists: 500 }, '/', 503, 'Answered 500'],
    ['an address that is no page', {}, '/no/such/page', 404, 'Oops! Page not found'],
  ])('%s, with its status', async (_name, answers, url, status, shown) => {
    const result = await render({ url, origin: ORIGIN, transport: api(answers).transport });
    expect(result).toMatchObject({ type: 'page', status });
    expect(await html(result)).toContain(shown);
  });

  it("renders a published static page at /<slug>, dated in the newsroom's language and time zone", async () => {
    const { transport, asked } = api();
    const result = await render({ url: '/about', origin: ORIGIN, transport });
    expect(result).toMatchObject({ type: 'page', status: 200, page: { kind: 'page', page: { slug: 'about' } } });
    const page = await html(result);
    expect(page).toContain('<h1 class="font-serif text-3xl font-bold text-slate-900 md:text-4xl">About us</h1>');
    expect(page).toContain('<p>We report on the river towns.</p>');
    // 23:30 UTC on 4 March is 4 March in London, written the British way.
    expect(page).toContain('>4 March 2026</time>');
    expect(asked).toContain('/api/pages/by-slug/about');
  });

  it('an address that is no published page is the 404 page', async () => {
    const result = await render({ url: '/no-such-page', origin: ORIGIN, transport: api().transport });
    expect(result).toMatchObject({ type: 'page', status: 404 });
    expect(await html(result)).toContain('Oops! Page not found');
  });

  it('leaves the pages without a load to the browser, and reads nothing for them', async () => {
    for (const url of ['/dashboard/articles', '/auth']) {
      const { transport, asked } = api();
      expect(await render({ url, origin: ORIGIN, transport })).toEqual({ type: 'client' });
      expect(asked).toEqual([]);
    }
  });
});
