// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Article, Comment, Site } from '#shared/types';
import { SiteFooter } from '../components/layout/site-footer';
import { SiteHeader } from '../components/layout/site-header';
import { ArticleCard } from '../features/articles/components/article-card';
import { ArticleDetail } from '../features/articles/components/article-detail';
import { HeroCard } from '../features/articles/components/hero-card';
import { ShareButtons } from '../features/articles/components/share-buttons';
import { getCommentsQueryOptions, type CommentsPage } from '../features/comments/api/get-comments';
import { CommentsSection } from '../features/comments/components/comments-section';
import { SessionProvider } from '../lib/session';
import { SiteProvider } from '../lib/site';
import { makeArticle } from '#tests/helpers/wire-articles';
import { makeComment } from '#tests/helpers/wire-comments';

/**
 * Issue 10: reader components render on the server and hydrate in the browser. Each case renders to HTML,
 * changes what a browser differs in (a later clock, a scrolled window, another origin), hydrates that HTML
 * and fails on any mismatch React reports (as a recoverable error, and as console.error, which the unit
 * setup turns into a failure).
 */

// Hydration here goes through React's act() directly, which wants to be told it runs in a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const PUBLISHED = '2026-03-04T23:30:00.000Z';
const SERVER_NOW = new Date('2026-03-05T01:30:00.000Z');
const ORIGIN = 'https://news.example';
const SITE: Site = { name: 'Chronicle News', tagline: 'News.', description: '', address: '1 Market Square', email: '', phone: '', social: {}, setUp: true, noindex: false, accentColor: '#b91c1c', locale: 'en-US', timeZone: 'UTC', logo: null, icon: null, shareImage: null, menus: { header: [], footer: [] }, updatedAt: '2026-01-01T00:00:00.000Z' };

const article: Article = makeArticle({
  id: 'a1',
  title: 'Harbour bridge reopens',
  summary: 'Six months of repairs end a week early.',
  content: '<p>The bridge reopened on Wednesday.</p>',
  author: { id: 'u1', name: 'Aria Author' },
  category: { id: 'c1', name: 'Local', slug: 'local' },
  isStory: true,
  isMainStory: true,
  createdAt: PUBLISHED,
  updatedAt: PUBLISHED,
  publishedAt: PUBLISHED,
});

const comment: Comment = makeComment({
  id: 'k1',
  content: 'Finally!',
  articleId: 'a1',
  author: { id: 'u2', name: 'Rita Reader' },
  createdAt: PUBLISHED,
  updatedAt: PUBLISHED,
});

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.useRealTimers();
});

/** Renders `ui` as the server would, runs `meanwhile`, then hydrates the HTML with the same `ui`. */
async function serverThenBrowser(ui: () => ReactElement, meanwhile: () => void = () => {}) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(SERVER_NOW);
  const html = renderToString(ui());
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  meanwhile();
  const mismatches: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, ui(), { onRecoverableError: (error) => mismatches.push(error) });
  });
  expect(mismatches).toEqual([]);
  return { html, container };
}

const twoHoursLater = () => vi.setSystemTime(SERVER_NOW.getTime() + 2 * 3600_000);

describe('reader components hydrate what the server rendered', () => {
  it('cards and the hero show the UTC date on the server, then the relative time, whenever they hydrate', async () => {
    const ui = () => (
      <MemoryRouter>
        <HeroCard article={article} />
        <ArticleCard article={article} />
      </MemoryRouter>
    );
    const { html, container } = await serverThenBrowser(ui, twoHoursLater);
    expect(html).toContain(`<time dateTime="${PUBLISHED}">March 4, 2026</time>`);
    expect(html).not.toContain('ago');
    const times = [...container.querySelectorAll('time')].map((t) => t.textContent);
    expect(times).toEqual(['4 hours ago', '4 hours ago']);
  });

  it("the byline date is the UTC day on the server and the reader's day after hydration", async () => {
    // A reader in New Zealand: 23:30 UTC on March 4 is already March 5 there.
    const zone = process.env.TZ;
    process.env.TZ = 'Pacific/Auckland';
    try {
      const { html, container } = await serverThenBrowser(
        () => (
          // The byline links to the author page.
          <MemoryRouter>
            <ArticleDetail article={article} />
          </MemoryRouter>
        ),
        twoHoursLater,
      );
      expect(html).toContain('March 4, 2026');
      expect(container.querySelector('time')?.textContent).toBe('March 5, 2026');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('share links use the public address given to the page, and the copy button says it needs JavaScript', async () => {
    const ui = () => (
      <SiteProvider origin={ORIGIN}>
        <ShareButtons article={article} />
      </SiteProvider>
    );
    const { html, container } = await serverThenBrowser(ui);
    const shareUrl = encodeURIComponent(`${ORIGIN}/api/articles/share/a1`);
    expect(html).toContain(`href="https://www.facebook.com/sharer/sharer.php?u=${shareUrl}"`);
    expect(window.location.origin).not.toBe(ORIGIN);
    expect(container.querySelector('a[aria-label="Share on Facebook"]')?.getAttribute('href')).toContain(shareUrl);
    expect(html).toMatch(/<noscript>.*Turn on JavaScript to copy the link/);
  });

  it('the header starts in the page flow even when the browser hydrates it scrolled down', async () => {
    const ui = () => (
      <MemoryRouter>
        <SessionProvider>
          <SiteHeader links={[{ kind: 'category', id: 'c1', label: 'Local', path: '/category/local' }]} siteName="Chronicle News" />
        </SessionProvider>
      </MemoryRouter>
    );
    const { html } = await serverThenBrowser(ui, () => {
      Object.defineProperty(window, 'scrollY', { value: 400, configurable: true });
    });
    expect(html).toContain('data-mode="static"');
    expect(html).toMatch(/<noscript[^>]*><a href="#footer-categories"/);
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('the footer year', async () => {
    const ui = () => (
      <MemoryRouter>
        <SiteFooter categories={[]} site={SITE} />
      </MemoryRouter>
    );
    const { container } = await serverThenBrowser(ui);
    expect(container.textContent).toContain(`© ${new Date().getFullYear()} Chronicle News`);
  });

  it('comments render from the data the server used; without JavaScript the form gives way to a note', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    const page: CommentsPage = { success: true, data: [comment], pagination: { total: 1, limit: 20, offset: 0 } };
    client.setQueryData(getCommentsQueryOptions('a1').queryKey, { pages: [page], pageParams: [0] });
    const ui = () => (
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <SessionProvider>
            <CommentsSection articleId="a1" />
          </SessionProvider>
        </MemoryRouter>
      </QueryClientProvider>
    );
    const { html, container } = await serverThenBrowser(ui, twoHoursLater);
    expect(html).toContain('Finally!');
    expect(html).toMatch(/<noscript>.*Turn on JavaScript to comment\./);
    expect(container.querySelector('time')?.textContent).toBe('4 hours ago');
    expect(container.querySelector('button[type="submit"]')?.textContent).toBe('Login to Comment');
    // Typing into the server's box before hydration would be lost: it is disabled until then.
    expect(html).toMatch(/<textarea[^>]* disabled=""/);
    expect(container.querySelector('textarea')?.disabled).toBe(false);
    expect(container.querySelector<HTMLButtonElement>('button[type="submit"]')?.disabled).toBe(false);
  });
});
