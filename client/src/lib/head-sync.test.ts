// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HEAD_MARKERS } from '#shared/page-head';
import { syncHead } from './head-sync';

/** The head after in-app navigation (docs/decisions/051-head-on-navigation.md, 057): the site's icons and accent stay. */
const PREVIOUS = [
  '<link rel="icon" href="/uploads/icon-1x1.jpg">',
  '<link rel="apple-touch-icon" href="/uploads/icon-1x1.jpg">',
  '<meta name="description" content="The previous page">',
  '<link rel="canonical" href="https://news.example/article/1">',
  '<style>:root{--color-brand:#1d4ed8}</style>',
].join('');

function headOf(inner: string) {
  document.head.innerHTML = `<!--${HEAD_MARKERS.start}--><title>Next page | Courier</title>${inner}<!--${HEAD_MARKERS.end}-->`;
}

afterEach(() => vi.unstubAllGlobals());

describe('syncHead', () => {
  it('puts the next page’s tags in place of the previous page’s', async () => {
    headOf(PREVIOUS);
    const next = '<title>About | Courier</title><link rel="icon" href="/uploads/icon-1x1.jpg"><link rel="canonical" href="https://news.example/about">';
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ head: next }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    await syncHead('/about');
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe('https://news.example/about');
    expect(document.head.querySelector('meta[name="description"]')).toBeNull();
  });

  it('without an answer drops the previous page’s tags but keeps the title, the site’s icons and its accent', async () => {
    headOf(PREVIOUS);
    document.title = 'Next page | Courier';
    vi.stubGlobal('fetch', async () => new Response('', { status: 503 }));
    await syncHead('/somewhere');
    expect(document.head.querySelector('meta[name="description"]')).toBeNull();
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelector('link[rel="icon"]')!.getAttribute('href')).toBe('/uploads/icon-1x1.jpg');
    expect(document.head.querySelector('link[rel="apple-touch-icon"]')).not.toBeNull();
    expect(document.head.querySelector('style')!.textContent).toContain('--color-brand:#1d4ed8');
    expect(document.title).toBe('Next page | Courier');
  });
});
