import { Suspense, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DocumentLinks, NavLink } from '../../components/ui/link';
import { Kept, KeptRender, finish, keptRender } from './kept-part';

let renders = 0;
/** A part that counts its renders. */
function Counted({ children }: { children: ReactNode }) {
  renders += 1;
  return <>{children}</>;
}

/** A frame of two kept parts around a page, as a reader page's server render makes it: its HTML, and the parts rendered. */
function page(location: string, name: string, body: string, { keep = true, origin = 'https://news.test' } = {}) {
  const before = renders;
  const render = keptRender(origin);
  const parts = (
    <div>
      <Kept part="header" inputs={[name]}>
        <Counted>
          <header>
            {name} <NavLink to="/category/world">World</NavLink> <NavLink to="/category/sport">Sport</NavLink>
          </header>
        </Counted>
      </Kept>
      <main>{body}</main>
      <Suspense fallback={null}>
        <Kept part="footer" inputs={[name]}>
          <Counted>
            <footer>
              © {name} <span>{2026}</span>
            </footer>
          </Counted>
        </Kept>
      </Suspense>
    </div>
  );
  const html = renderToString(
    <DocumentLinks.Provider value={true}>
      <StaticRouter location={location}>{keep ? <KeptRender.Provider value={render}>{parts}</KeptRender.Provider> : parts}</StaticRouter>
    </DocumentLinks.Provider>,
  );
  return { html: keep ? finish(render, html) : html, rendered: renders - before };
}

describe('the kept parts of a frame', () => {
  it('are rendered once for what they show, and put in place byte for byte', () => {
    const inPlace = page('/article/1', 'Kept Daily', 'One', { keep: false }).html;
    const first = page('/article/1', 'Kept Daily', 'One');
    expect(first).toEqual({ html: inPlace, rendered: 2 });
    expect(first.html).not.toContain('template');
    // Another page with the same frame: neither part is rendered again, and the page is what React renders in place.
    const second = page('/article/2', 'Kept Daily', 'Two');
    expect(second.rendered).toBe(0);
    expect(second.html).toBe(page('/article/2', 'Kept Daily', 'Two', { keep: false }).html);
  });

  it('are rendered again when what they show changes', () => {
    page('/article/1', 'Before Daily', 'One');
    const after = page('/article/1', 'After Daily', 'One');
    expect(after.rendered).toBe(2);
    expect(after.html).toContain('After Daily');
    expect(after.html).not.toContain('Before Daily');
  });

  it('mark the link to the current page, whichever page was rendered before', () => {
    const current = (html: string) => [...html.matchAll(/<a [^>]*aria-current="page"[^>]*>(\w+)<\/a>/g)].map((m) => m[1]);
    expect(current(page('/category/world', 'Linked Daily', 'W').html)).toEqual(['World']);
    expect(current(page('/article/3', 'Linked Daily', 'A').html)).toEqual([]);
    const sport = page('/category/sport/2', 'Linked Daily', 'S');
    expect(current(sport.html)).toEqual(['Sport']);
    // The header is kept for each set of current links; the footer, which has none, once.
    expect(sport.rendered).toBe(1);
    expect(page('/category/world', 'Linked Daily', 'W')).toMatchObject({ rendered: 0 });
    expect(current(page('/CATEGORY/WORLD', 'Linked Daily', 'W').html)).toEqual(['World']);
    expect(page('/category/world', 'Linked Daily', 'W').html).toBe(page('/category/world', 'Linked Daily', 'W', { keep: false }).html);
  });

  it('are kept for each origin', () => {
    page('/article/1', 'Origin Daily', 'One', { origin: 'https://a.test' });
    expect(page('/article/1', 'Origin Daily', 'One', { origin: 'https://b.test' }).rendered).toBe(2);
  });

  it('leave a page without a kept-parts render as React renders it', () => {
    const html = renderToString(
      <StaticRouter location="/">
        <Kept part="header" inputs={[]}>
          <p>Plain</p>
        </Kept>
      </StaticRouter>,
    );
    expect(html).toBe('<p>Plain</p>');
  });
});
