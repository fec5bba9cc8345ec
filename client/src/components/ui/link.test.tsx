import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DocumentLinks, Link, NavLink } from './link';

/** The markup at `location`, with the router's links or with plain anchors. */
const html = (location: string, plain: boolean, children: ReactNode) =>
  renderToString(
    <DocumentLinks.Provider value={plain}>
      <StaticRouter location={location}>{children}</StaticRouter>
    </DocumentLinks.Provider>,
  );

/** An anchor's markup with its attributes in one order (their order says nothing). */
const normal = (markup: string) =>
  markup.replace(/^<a ([^>]*)>/, (_tag, attributes: string) => `<a ${(attributes.match(/[\w-]+(="[^"]*")?/g) ?? []).sort().join(' ')}>`);

/** The router's markup, less the attribute its lazy route discovery reads (framework mode only; plain links leave it out). */
const routerHtml = (location: string, children: ReactNode) => normal(html(location, false, children).replaceAll(' data-discover="true"', ''));

const activeClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'on' : 'off');

const cases: [string, string, ReactNode][] = [
  ['a link with state, classes and a handler', '/', <Link to="/article/1" state={{ a: 1 }} rel="next" className="x" onClick={() => {}}>One</Link>],
  ['a link with other attributes', '/x', <Link to="/auth" data-account="guest" hidden>Sign in</Link>],
  ['a nav link to the current page', '/category/world', <NavLink to="/category/world" className={activeClass}>World</NavLink>],
  ['a nav link to a page above the current one', '/category/world/2', <NavLink to="/category/world" className={activeClass}>World</NavLink>],
  ['a nav link to a page above the current one, with end', '/category/world/2', <NavLink to="/category/world" end className={activeClass}>World</NavLink>],
  ['a nav link to a page whose path only starts alike', '/category/worldwide', <NavLink to="/category/world" className={activeClass}>World</NavLink>],
  ['a nav link to another page', '/category/sport', <NavLink to="/category/world" className={activeClass}>World</NavLink>],
  ['a nav link with a fixed class, active', '/category/world', <NavLink to="/category/world" className="link">World</NavLink>],
  ['a nav link with a fixed class, inactive', '/', <NavLink to="/category/world" className="link">World</NavLink>],
  ['a nav link home from another page', '/category/world', <NavLink to="/" className={activeClass}>Home</NavLink>],
  ['a nav link home from home', '/', <NavLink to="/" className={activeClass}>Home</NavLink>],
  ['a nav link in other letter case', '/Category/World', <NavLink to="/category/world" className={activeClass}>World</NavLink>],
];

describe('links in a page no browser hydrates', () => {
  it.each(cases)('renders %s as the router would, as a plain anchor', (_name, location, link) => {
    const plain = html(location, true, link);
    expect(plain).toMatch(/^<a [^>]+>[^<]+<\/a>$/);
    expect(normal(plain)).toBe(routerHtml(location, link));
  });

  it('leaves out what only moves the app: no state, no router attributes', () => {
    const plain = html('/', true, <Link to="/article/1" state={{ article: { title: 'secret draft' } }} replace>One</Link>);
    expect(plain).toBe('<a href="/article/1">One</a>');
  });

  it('are the router’s links elsewhere (the client app, the comments’ root)', () => {
    expect(html('/', false, <Link to="/a">A</Link>)).toContain('data-discover="true"');
  });
});
