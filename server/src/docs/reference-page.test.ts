// @vitest-environment jsdom
import request from 'supertest';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '#tests/helpers/app';
import { REFERENCE_HTML } from './reference-page';

/**
 * Runs the reference page's script (reference-page.client.ts) in a DOM against the real OpenAPI document of the
 * app. What the app serves is that module compiled for browsers (docs.test.ts).
 */
const { app } = await createTestApp();
let doc: { paths: Record<string, Record<string, unknown>> };

async function renderPage(response: { ok: boolean; status: number; body: unknown }) {
  const body = REFERENCE_HTML.slice(REFERENCE_HTML.indexOf('<body>') + 6, REFERENCE_HTML.indexOf('</body>'));
  document.body.innerHTML = body;
  const requested: string[] = [];
  globalThis.fetch = (async (url: string) => {
    requested.push(url);
    return { ok: response.ok, status: response.status, json: async () => response.body };
  }) as unknown as typeof fetch;
  // Run afresh for each page, as a browser runs it on each load.
  vi.resetModules();
  await import('./reference-page.client');
  await new Promise((resolve) => setTimeout(resolve, 20));
  return requested;
}

beforeAll(async () => {
  doc = (await request(app).get('/api/openapi.json')).body;
});

describe('the API reference page', () => {
  it('renders every operation, grouped by resource, with method, path, summary and guard', async () => {
    const requested = await renderPage({ ok: true, status: 200, body: doc });
    expect(requested).toEqual(['/api/openapi.json']);
    const total = Object.values(doc.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
    const ops = document.querySelectorAll('details.op');
    expect(ops).toHaveLength(total);
    expect(document.getElementById('load-status')).toBeNull();

    const headings = [...document.querySelectorAll('.tag-section h2')].map((h) => h.textContent);
    expect(headings).toEqual(expect.arrayContaining(['Categories', 'Breaking news', 'Users', 'Stats']));
    const toc = [...document.querySelectorAll('#toc a')].map((a) => a.getAttribute('href'));
    expect(toc).toContain('#tag-categories');

    const createCategory = [...ops].find(
      (op) =>
        op.querySelector('summary')?.textContent === 'POST/api/categoriesCreate a category (its slug follows the name)categories:manage',
    );
    expect(createCategory).toBeDefined();
    const text = createCategory!.textContent!;
    expect(text).toContain('Request body');
    expect(text).toContain('max length 32');
    expect(text).toContain('Allowed: editor, admin, super-admin');
    expect(text).toContain('409');
    expect(createCategory!.querySelector('summary')).not.toBeNull();
  });

  it('shows parameters with their rules', async () => {
    await renderPage({ ok: true, status: 200, body: doc });
    const list = [...document.querySelectorAll('details.op')].find(
      (op) => op.querySelector('.path')?.textContent === '/api/users' && op.querySelector('.method')?.textContent === 'GET',
    );
    const rows = [...list!.querySelectorAll('tbody tr')].map((tr) => tr.textContent);
    expect(rows.some((r) => r?.startsWith('limitqueryno') && r.includes('≤ 500') && r.includes('default 100'))).toBe(true);
  });

  it('filters operations as the reader types and hides empty groups', async () => {
    await renderPage({ ok: true, status: 200, body: doc });
    const filter = document.getElementById('filter') as HTMLInputElement;
    filter.value = 'users:manage';
    filter.dispatchEvent(new Event('input'));
    const visible = [...document.querySelectorAll('details.op')].filter((op) => !(op as HTMLElement).hidden);
    expect(visible).toHaveLength(6);
    expect(visible.every((op) => op.querySelector('.guard')?.textContent === 'users:manage')).toBe(true);
    const shownSections = [...document.querySelectorAll('.tag-section')].filter((s) => !(s as HTMLElement).hidden);
    expect(shownSections.map((s) => s.querySelector('h2')?.textContent)).toEqual(['Users']);
    expect(document.getElementById('match-count')?.textContent).toMatch(/^6 of \d+ operations$/);
  });

  it('says so when the document cannot be loaded', async () => {
    await renderPage({ ok: false, status: 503, body: {} });
    expect(document.getElementById('load-status')?.textContent).toBe('Could not load the API description (HTTP 503).');
  });
});
