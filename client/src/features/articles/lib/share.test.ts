import { describe, expect, it } from 'vitest';
import { shareLinks } from './share';

describe('shareLinks', () => {
  const links = shareLinks('https://news.example', { id: 'a b', title: 'Rates & rents' });

  it('sends the networks to the share page, encoded', () => {
    expect(links.share).toBe('https://news.example/api/articles/share/a%20b');
    expect(links.facebook).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fnews.example%2Fapi%2Farticles%2Fshare%2Fa%2520b',
    );
    expect(links.twitter).toContain('text=Rates%20%26%20rents');
    expect(links.linkedin).toContain('url=https%3A%2F%2Fnews.example%2Fapi%2Farticles%2Fshare%2F');
  });

  it('copies the article address itself', () => {
    expect(links.article).toBe('https://news.example/article/a%20b');
  });
});
