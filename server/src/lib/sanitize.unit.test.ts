import { describe, expect, it } from 'vitest';
import { ARTICLE_HTML_LIMITS, requireBoundedHtml, sanitizeArticleHtml } from './sanitize';

describe('sanitizeArticleHtml', () => {
  it('keeps the formatting the editor produces', () => {
    const html =
      '<h2>Head</h2><p>A <strong>bold</strong>, <em>italic</em>, <u>under</u> and <s>struck</s> word.</p><ul><li>one</li></ul><ol><li>two</li></ol>' +
      '<blockquote>quote</blockquote><pre><code>x = 1</code></pre><hr /><figure><img src="/uploads/a.png" alt="A" width="10" height="20" /><figcaption>Cap</figcaption></figure>';
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it('removes script elements with their content', () => {
    expect(sanitizeArticleHtml('<p>Hi</p><script>alert(1)</script><SCRIPT src="x.js"></SCRIPT>')).toBe('<p>Hi</p>');
  });

  it('removes event handlers and style attributes', () => {
    const out = sanitizeArticleHtml('<p onclick="steal()" style="color:red">x</p><img src="https://example.com/a.png" onerror="alert(1)">');
    expect(out).toBe('<p>x</p><img src="https://example.com/a.png" />');
    expect(out).not.toMatch(/onerror|onclick|style/);
  });

  it('drops javascript:, data: and protocol-relative link targets, whatever their spelling', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java&#x09;script:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/x',
      'vbscript:x',
    ]) {
      const out = sanitizeArticleHtml(`<a href="${href}">x</a>`);
      expect(out, href).toBe('<a>x</a>');
    }
  });

  it('keeps http, https, mailto and relative links', () => {
    for (const href of ['https://example.com/a?b=1&amp;c=2', 'http://example.com', 'mailto:desk@example.com', '/article/1']) {
      expect(sanitizeArticleHtml(`<a href="${href}" title="t">x</a>`)).toBe(`<a href="${href}" title="t">x</a>`);
    }
  });

  it('adds rel="noopener noreferrer" to links that open a new tab and drops other targets', () => {
    expect(sanitizeArticleHtml('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeArticleHtml('<a href="https://example.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeArticleHtml('<a href="https://example.com" target="_top">x</a>')).toBe('<a href="https://example.com">x</a>');
  });

  it('keeps images from the web or /uploads/ only', () => {
    expect(sanitizeArticleHtml('<img src="/uploads/x.webp" alt="a">')).toBe('<img src="/uploads/x.webp" alt="a" />');
    expect(sanitizeArticleHtml('<p>a</p><img src="/api/users" alt="a">')).toBe('<p>a</p>');
    expect(sanitizeArticleHtml('<p>a</p><img src="/uploads/../secret" alt="a">')).toBe('<p>a</p>');
    expect(sanitizeArticleHtml('<p>a</p><img src="javascript:alert(1)">')).toBe('<p>a</p>');
    expect(sanitizeArticleHtml('<p>a</p><img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('<p>a</p>');
  });

  it('keeps frames from the allowed video hosts only', () => {
    const yt = '<iframe src="https://www.youtube-nocookie.com/embed/abc" width="560" height="315" allowfullscreen></iframe>';
    expect(sanitizeArticleHtml(yt)).toBe(yt);
    expect(sanitizeArticleHtml('<iframe src="https://player.vimeo.com/video/1"></iframe>')).toBe(
      '<iframe src="https://player.vimeo.com/video/1"></iframe>',
    );
    for (const src of [
      'https://evil.example/embed',
      'http://www.youtube.com/embed/abc',
      '/api/articles',
      'javascript:alert(1)',
      'https://www.youtube.com.evil.example/x',
    ]) {
      expect(sanitizeArticleHtml(`<p>a</p><iframe src="${src}"></iframe>`), src).toBe('<p>a</p>');
    }
    expect(sanitizeArticleHtml('<p>a</p><iframe srcdoc="<script>alert(1)</script>"></iframe>')).toBe('<p>a</p>');
  });

  it('drops tags outside the allowlist but keeps their text', () => {
    expect(sanitizeArticleHtml('<div class="x"><h1>Top</h1><span>text</span></div><object data="x"></object><style>p{}</style>')).toBe(
      'Toptext',
    );
  });
});

describe('requireBoundedHtml', () => {
  const { maxDepth, maxElements } = ARTICLE_HTML_LIMITS;
  const nested = (depth: number) => '<b>'.repeat(depth) + 'x' + '</b>'.repeat(depth);
  const refusal = (html: string) => {
    try {
      requireBoundedHtml(html);
      return null;
    } catch (err) {
      return err;
    }
  };

  it('accepts markup up to the depth and element limits', () => {
    expect(refusal(nested(maxDepth))).toBeNull();
    expect(refusal('<br>'.repeat(maxElements))).toBeNull();
    // Implied closes and void elements do not deepen the tree.
    expect(refusal('<ul>' + '<li>item'.repeat(maxElements - 1) + '</ul>')).toBeNull();
    expect(refusal('<p>a<img src="x">'.repeat(maxElements / 2))).toBeNull();
  });

  it('refuses one level or one element more with a 400 Validation failed', () => {
    expect(refusal(nested(maxDepth + 1))).toMatchObject({ status: 400, error: 'Validation failed' });
    expect(refusal('<b>'.repeat(160_000))).toMatchObject({ status: 400 });
    expect(refusal('<br>'.repeat(maxElements + 1))).toMatchObject({ status: 400, error: 'Validation failed' });
  });

  it('guards the sanitiser', () => {
    expect(() => sanitizeArticleHtml(nested(maxDepth + 1))).toThrow(/levels deep/);
  });
});
