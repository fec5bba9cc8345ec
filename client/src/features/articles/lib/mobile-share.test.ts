import { describe, expect, it } from 'vitest';
import { appLinks } from './mobile-share';
import { shareLinks } from './share';

describe('appLinks (docs/spec/SPEC.md §4: the app first on a phone)', () => {
  it("hands each network's app the server's share page, encoded", () => {
    const links = shareLinks('https://news.example', { id: 'a1', title: 'Rates & rents' });
    const apps = appLinks(links, 'Rates & rents');
    expect(apps.facebook).toBe(`fb://facewebmodal/f?href=${encodeURIComponent(links.facebook)}`);
    expect(apps.twitter).toBe('twitter://post?message=Rates%20%26%20rents%20https%3A%2F%2Fnews.example%2Fapi%2Farticles%2Fshare%2Fa1');
    expect(apps.linkedin).toBe('linkedin://shareArticle?mini=true&url=https%3A%2F%2Fnews.example%2Fapi%2Farticles%2Fshare%2Fa1');
  });
});
