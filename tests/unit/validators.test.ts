import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { sitemapSchema, vnuErrors, xmllintSchemaErrors, XSD_DIR } from '../validators/tools';

/** The validators of tests/e2e/validators.spec.ts catch what they are there for, and never pass without running. */
const dir = mkdtempSync(path.join(tmpdir(), 'chronicle-validator-tools-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  delete process.env.JAVA;
  delete process.env.XMLLINT;
});

const file = (name: string, text: string) => {
  const at = path.join(dir, name);
  writeFileSync(at, text);
  return at;
};

const NEWS = (language: string) => `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
  <url><loc>https://news.example/article/1</loc><news:news><news:publication><news:name>Chronicle News</news:name><news:language>${language}</news:language></news:publication><news:publication_date>2026-11-26T07:00:00.000Z</news:publication_date><news:title>A &amp; B</news:title></news:news></url>
</urlset>
`;

describe('xmllint with the sitemap XSDs', () => {
  it('passes a valid news sitemap and names what is wrong in an invalid one', async () => {
    expect(sitemapSchema(NEWS('en'))).toBe(path.join(XSD_DIR, 'news-sitemap.xsd'));
    expect(await xmllintSchemaErrors(file('good.xml', NEWS('en')), sitemapSchema(NEWS('en')))).toBeNull();
    expect(await xmllintSchemaErrors(file('bad.xml', NEWS('english')), sitemapSchema(NEWS('en')))).toMatch(/language.*pattern/);
    const index =
      '<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>x</loc></sitemap></sitemapindex>';
    expect(await xmllintSchemaErrors(file('index.xml', index), sitemapSchema(index))).toMatch(/minLength/);
  });

  it('fails loudly when xmllint is missing', async () => {
    process.env.XMLLINT = '/nonexistent/xmllint';
    await expect(xmllintSchemaErrors(file('any.xml', NEWS('en')), sitemapSchema(NEWS('en')))).rejects.toThrow(/not installed/);
  });
});

describe('the Nu Html Checker', () => {
  it('reports an error in a page, and none in a valid one', { timeout: 60_000 }, async () => {
    const good = file(
      'good.html',
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fine</title></head><body><p>Fine</p></body></html>',
    );
    const bad = file(
      'bad.html',
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Two</title><title>Titles</title></head><body><p>x</body></html>',
    );
    const errors = await vnuErrors([good, bad]);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((e) => e.url?.endsWith('bad.html'))).toBe(true);
  });

  it('fails loudly when Java is missing', async () => {
    process.env.JAVA = '/nonexistent/java';
    await expect(vnuErrors([file('page.html', '<!doctype html>')])).rejects.toThrow(/not installed/);
  });
});
