import { describe, expect, it } from 'vitest';
import { pageTags } from './pages.service';

/** What a write to a static page purges (docs/decisions/057-pages-and-navigation.md). */
describe('pageTags', () => {
  const page = (status: 'draft' | 'published', title = 'About', slug = 'about') => ({ status, title, slug });

  it('a draft’s edit touches only its address', () => {
    expect(pageTags(page('draft'), page('draft', 'About us'))).toEqual(['page:about']);
  });

  it('a published page’s body: its address and the sitemaps’ dates, not every reader page', () => {
    expect(pageTags(page('published'), page('published'))).toEqual(['page:about', 'pages:dates']);
  });

  it('a published page’s title or address, a publish, an unpublish, a create or a delete: the menus too', () => {
    expect(pageTags(page('published'), page('published', 'About us'))).toContain('pages');
    expect(pageTags(page('published'), page('published', 'About', 'who-we-are'))).toEqual([
      'page:about',
      'page:who-we-are',
      'pages:dates',
      'pages',
    ]);
    expect(pageTags(page('draft'), page('published'))).toContain('pages');
    expect(pageTags(page('published'), page('draft'))).toContain('pages');
    expect(pageTags(null, page('published'))).toContain('pages');
    expect(pageTags(page('published'), null)).toContain('pages');
    expect(pageTags(null, page('draft'))).toEqual(['page:about']);
  });

  it('its earlier addresses, which answer it, whatever changed', () => {
    const moved = { ...page('published'), formerSlugs: ['about-us', 'who'] };
    expect(pageTags(moved, page('draft'))).toEqual(expect.arrayContaining(['page:about', 'page:about-us', 'page:who']));
    expect(pageTags(moved, null)).toEqual(expect.arrayContaining(['page:about-us', 'page:who']));
  });
});
