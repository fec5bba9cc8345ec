import { describe, expect, it } from 'vitest';
import { renderUrlSet } from './sitemaps';
import { escapeXml, XmlWriter } from './xml';

describe('the XML writer', () => {
  it('escapes text and attributes, and drops the characters XML forbids', () => {
    const xml = new XmlWriter().start('a', { href: 'x?a=1&b="2"' }).leaf('t', `<b>Fish & "chips"</b>\u0001 it's`).end().toString();
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<a href="x?a=1&amp;b=&quot;2&quot;">\n  <t>&lt;b&gt;Fish &amp; &quot;chips&quot;&lt;/b&gt; it&apos;s</t>\n</a>\n',
    );
    expect(escapeXml('https://example.test/article/1')).toBe('https://example.test/article/1');
  });

  it('refuses to end a document with elements still open', () => {
    expect(() => new XmlWriter().start('a').toString()).toThrow(/unclosed/);
  });

  it('hands the event loop back while it writes a large sitemap (issue 22: a cold sitemap held it for a second)', async () => {
    let turns = 0;
    let running = true;
    const tick = () => {
      turns += 1;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    const urls = Array.from({ length: 20_000 }, (_, i) => ({ loc: `https://example.test/article/${i}`, lastmod: new Date(0) }));
    const xml = await renderUrlSet([urls]);
    running = false;
    expect(xml.match(/<url>/g)).toHaveLength(20_000);
    // 20,000 URLs are 60,000 elements: the writer let other work run between every 2,000 of them.
    expect(turns).toBeGreaterThanOrEqual(20);
  });
});
