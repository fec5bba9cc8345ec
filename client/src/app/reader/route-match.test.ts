import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../routes';
import { routePatterns } from '#client/config/paths';
import { matchReachable, readableAddress } from './route-match';

/** What a match is made of, its route by identity. */
const seen = (matches: ReturnType<typeof matchRoutes> | null) =>
  matches?.map(({ route, params, pathname, pathnameBase }) => ({ route, params, pathname, pathnameBase })) ?? null;

function expectSameMatches(routes: RouteObject[], addresses: string[]) {
  for (const address of addresses) {
    const ours = seen(matchReachable(routes, address));
    const theirs = seen(matchRoutes(routes, address));
    expect(ours, address).toEqual(theirs);
    ours?.forEach((match, i) => expect(match.route, address).toBe(theirs![i]!.route));
  }
}

/** Addresses in every spelling react-router reads alike, and some it reads apart. */
const spellings = (address: string) => [
  address,
  address.toUpperCase(),
  `${address}/`,
  `${address}//`,
  `${address}/more/segments`,
  address.replace(/^\/(.)/, (_, c: string) => `/%${c.charCodeAt(0).toString(16)}`),
];

describe('matching an address on the routes its first segment reaches', () => {
  it('matches every address of the app as react-router does over the whole table', () => {
    // react-router warns of each address it cannot decode (and matches none of them).
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fromPatterns = Object.values(routePatterns).map((pattern) => pattern.replace(/:\w+/g, 'x-1').replace('*', 'a/b'));
    const odd = [
      '/',
      '',
      'article/x',
      '/%',
      '/%E0%A4%A',
      '/a%2Fb',
      '/article%2Fx',
      '//article/x',
      '/article',
      '/dashboard',
      '/unknown/deep/path',
      '/sitemap.xml',
      '/ARTICLE/Ab',
    ];
    expectSameMatches(appRoutes as RouteObject[], [...fromPatterns, ...odd].flatMap(spellings));
  });

  it('keeps the ranking of routes that tie, in nested layouts, case-sensitive routes and index routes', () => {
    const routes: RouteObject[] = [
      {
        path: '/',
        children: [
          { index: true },
          { path: 'news/:section' },
          { path: 'news/latest' },
          { path: ':slug/:part' },
          { path: 'News/Exact', caseSensitive: true },
          {
            children: [{ path: 'news/:a/:b' }, { path: 'shop?/:item' }, { path: 'x/*' }],
          },
        ],
      },
      { path: 'news', children: [{ path: 'archive' }, { index: true }] },
      // Segments react-router reads as patterns: a `?` inside one, letters it compares beyond lower-casing.
      { path: 'colou?r' },
      { path: 'ειδήσεις' },
      // A layout without a path (as the reader's): equal scores, the earlier sibling ranks first.
      { children: [{ path: ':a/y' }, { path: 'y/:b' }, { path: 'z/:c' }] },
      { path: '*' },
    ];
    const addresses = [
      '/news/world',
      '/news/latest',
      '/News/Exact',
      '/news/exact',
      '/news/a/b',
      '/shop/thing',
      '/thing',
      '/x/y/z',
      '/news',
      '/news/archive',
      '/other/part',
      '/y/y',
      '/color',
      '/colour',
      '/ειδήσεισ',
      '/%CE%B5%CE%B9%CE%B4%CE%AE%CF%83%CE%B5%CE%B9%CF%82',
    ];
    expectSameMatches(routes, addresses.flatMap(spellings));
  });
});

describe('an address react-router cannot decode', () => {
  it('is read as written, with the same matches and params, and without a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const undecodable = ['/%', '/%E0%A4%A', '/article/%E0%A4%A', '/category/sp%61ce/%zz', '/author/%C3%28?page=2', '/a%2Fb/%#top'];
    const raw = undecodable.map((address) => seen(matchRoutes(appRoutes as RouteObject[], address.split(/[?#]/)[0]!)));
    expect(warn).toHaveBeenCalled();
    warn.mockClear();
    for (const [i, address] of undecodable.entries()) {
      const readable = readableAddress(address);
      expect(readable.slice(readable.search(/[?#]|$/)), address).toBe(address.slice(address.search(/[?#]|$/)));
      expect(seen(matchRoutes(appRoutes as RouteObject[], readable.split(/[?#]/)[0]!)), address).toEqual(raw[i]);
    }
    expect(warn).not.toHaveBeenCalled();
  });

  it('is the only kind changed', () => {
    for (const address of ['/', '/article/x-1?page=2', '/category/sp%61ce', '/a%2Fb', '/search?q=100%', '/x#%'])
      expect(readableAddress(address)).toBe(address);
  });
});
