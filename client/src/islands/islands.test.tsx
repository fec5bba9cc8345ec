// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BreakingNews, NavLink } from '#shared/types';
import { SiteHeader } from '../components/layout/site-header';
import { ShareButtons } from '../features/articles/components/share-buttons';
import { BreakingNewsTicker } from '../features/breaking-news/components/breaking-news-ticker';
import { SessionProvider } from '../lib/session';
import { SiteProvider } from '../lib/site';
import { startHeader } from './header';
import { startShare } from './share';
import { startTicker } from './ticker';

/**
 * Issue 25 (docs/decisions/054-reader-islands.md): an island works on the markup its React component renders on the
 * server. Each case renders the component to HTML as the server does, starts its island on that HTML and uses it.
 */

const links: NavLink[] = [{ kind: 'category', id: 'c1', label: 'Local', path: '/category/local' }];

function serve(element: ReactElement) {
  const html = renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <SiteProvider origin="https://news.example">
        <SessionProvider>
          <MemoryRouter>{element}</MemoryRouter>
        </SessionProvider>
      </SiteProvider>
    </QueryClientProvider>,
  );
  document.body.innerHTML = `<div data-frame="">${html}</div>`;
}

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('header island', () => {
  it('opens the mobile menu, renames its button, and closes it on Escape and on a press outside', () => {
    serve(<SiteHeader links={links} siteName="Chronicle News" />);
    startHeader();
    const button = document.querySelector<HTMLButtonElement>('button[aria-label="Open menu"]')!;
    const menu = document.querySelector<HTMLElement>('[data-testid="mobile-menu"]')!;
    expect(menu.hidden).toBe(true);

    button.click();
    expect(menu.hidden).toBe(false);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-label')).toBe('Close menu');
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(menu.hidden).toBe(true);
    expect(document.activeElement).toBe(button);

    button.click();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(menu.hidden).toBe(true);
    expect(button.getAttribute('aria-label')).toBe('Open menu');
  });

  it("shows a guest Login, and a stored staff session's menu with its name", () => {
    serve(<SiteHeader links={links} siteName="Chronicle News" />);
    const visible = () =>
      [...document.querySelectorAll<HTMLElement>('[data-account]')].filter((e) => !e.hidden).map((e) => e.dataset.account);
    expect(visible()).toEqual(['guest', 'guest']);

    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify({ id: 'u1', name: 'Eddie Editor', role: 'editor' }));
    startHeader();
    expect(visible()).toEqual(['staff', 'staff', 'staff reader']);
    expect(document.querySelector('[data-account-name]')!.textContent).toBe('Eddie Editor');
  });

  it('shows a reader their Logout only', () => {
    serve(<SiteHeader links={links} siteName="Chronicle News" />);
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify({ id: 'u2', name: 'Rita Reader', role: 'user' }));
    startHeader();
    const shown = [...document.querySelectorAll<HTMLElement>('[data-account]')].filter((e) => !e.hidden);
    expect(shown.map((e) => e.dataset.account)).toEqual(['reader', 'staff reader']);
    expect(shown.every((e) => e.textContent === 'Logout')).toBe(true);
  });

  it('reminds staff, and only staff, that the site is not set up yet', () => {
    const reminders = () =>
      [...document.querySelectorAll<HTMLElement>('[data-account]')].filter((e) => !e.hidden && e.textContent === 'This site is not set up yet');
    for (const [role, seen] of [
      ['user', 0],
      ['editor', 2],
    ] as const) {
      serve(<SiteHeader links={links} siteName="Chronicle News" setUp={false} />);
      expect(reminders()).toHaveLength(0);
      localStorage.setItem('token', 't');
      localStorage.setItem('user', JSON.stringify({ id: 'u3', name: 'Someone', role }));
      startHeader();
      // One in the wide header, one in the phone's menu.
      expect(reminders(), role).toHaveLength(seen);
      if (seen) expect(reminders()[0]!.getAttribute('href')).toBe('/dashboard');
      localStorage.clear();
    }
    serve(<SiteHeader links={links} siteName="Chronicle News" setUp />);
    expect(document.body.textContent).not.toContain('not set up');
  });
});

describe('ticker island', () => {
  const headlines = ['Bridge closed', 'Flood warning'].map(
    (headline, i) => ({ id: `b${i}`, headline, status: 'published', createdAt: '', updatedAt: '' }) as BreakingNews,
  );

  it('pauses and plays from its button, and fades one headline at a time on a wide screen', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.startsWith('(min-width'),
      addEventListener: () => {},
    }));
    vi.stubGlobal('ResizeObserver', class { observe() {} disconnect() {} });
    serve(<BreakingNewsTicker headlines={headlines} />);
    startTicker();
    const text = document.querySelector('[data-testid="ticker-text"]')!;
    expect(text.textContent).toBe('Bridge closed');
    const pause = document.querySelector<HTMLButtonElement>('[data-ticker-pause]')!;
    pause.click();
    expect(pause.getAttribute('aria-label')).toBe('Play breaking news');
    expect(pause.getAttribute('aria-pressed')).toBe('true');
    pause.click();
    expect(pause.getAttribute('aria-label')).toBe('Pause breaking news');
  });
});

describe('share island', () => {
  it('copies the article address from the server-rendered button', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    serve(<ShareButtons article={{ id: 'a1', title: 'Harbour bridge reopens' }} />);
    startShare('https://news.example');
    document.querySelector<HTMLButtonElement>('[aria-label="Copy link"]')!.click();
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('Link copied to clipboard!'));
    expect(writeText).toHaveBeenCalledWith('https://news.example/article/a1');
  });
});
