/**
 * The browsable API reference at /api/docs: a static page and its stylesheet, served from these strings (the
 * server is bundled into one file, so no asset files to find at run time), and its script, a module of its own
 * (reference-page.client.ts, served by reference-script.ts). The page has no inline script, so it runs under the
 * site's Content-Security-Policy (script-src 'self').
 */
export const REFERENCE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Chronicle News</title>
<link rel="stylesheet" href="/api/docs/reference.css">
<script src="/api/docs/reference.js" defer></script>
</head>
<body>
<a class="skip-link" href="#operations">Skip to the operations</a>
<header class="page-header">
  <h1>Chronicle News API</h1>
  <p id="api-description">The REST API of Chronicle News.</p>
  <p>Machine-readable: <a href="/api/openapi.json">OpenAPI 3.1 document</a>.</p>
  <div class="toolbar">
    <label for="filter">Filter operations</label>
    <input id="filter" type="search" placeholder="path, summary or permission" autocomplete="off" aria-describedby="match-count">
    <button type="button" id="expand-all">Expand all</button>
    <button type="button" id="collapse-all">Collapse all</button>
    <span id="match-count" role="status" aria-live="polite"></span>
  </div>
</header>
<div class="layout">
  <nav aria-label="Resources" id="toc"></nav>
  <main id="operations" tabindex="-1">
    <p id="load-status" role="status">Loading the API description…</p>
    <noscript><p>This page needs JavaScript. The document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</p></noscript>
  </main>
</div>
</body>
</html>
`;

export const REFERENCE_CSS = `:root {
  color-scheme: light;
  --ink: #1d2330; --muted: #586074; --line: #d9dde5; --paper: #ffffff; --wash: #f5f6f9; --accent: #1f4fbf;
  --get: #11643a; --post: #1f4fbf; --put: #8a4b00; --delete: #a3162b;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.5; color: var(--ink); background: var(--wash);
}
* { box-sizing: border-box; }
body { margin: 0; }
a { color: var(--accent); }
:focus-visible { outline: 3px solid #f0b400; outline-offset: 2px; }
code, pre, .path { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.skip-link { position: absolute; left: -999px; top: 0; background: var(--paper); padding: .5rem 1rem; z-index: 10; }
.skip-link:focus { left: 1rem; }
.page-header { background: var(--paper); border-bottom: 1px solid var(--line); padding: 1.25rem 1.5rem; }
.page-header h1 { margin: 0 0 .25rem; font-size: 1.6rem; }
.page-header p { margin: .25rem 0; color: var(--muted); max-width: 70ch; }
.toolbar { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin-top: .75rem; }
.toolbar input { min-width: 18rem; padding: .4rem .6rem; border: 1px solid var(--line); border-radius: 6px; font: inherit; }
.toolbar button { padding: .4rem .8rem; border: 1px solid var(--line); border-radius: 6px; background: var(--wash); font: inherit; cursor: pointer; }
.toolbar button:hover { background: #e8ebf2; }
#match-count { color: var(--muted); font-size: .9rem; }
.layout { display: grid; grid-template-columns: 14rem 1fr; gap: 1.5rem; padding: 1.5rem; max-width: 90rem; margin: 0 auto; }
@media (max-width: 800px) { .layout { grid-template-columns: 1fr; } }
#toc ul { list-style: none; margin: 0; padding: 0; position: sticky; top: 1rem; }
#toc li a { display: block; padding: .3rem .5rem; border-radius: 6px; text-decoration: none; }
#toc li a:hover { background: var(--paper); }
.tag-section { margin-bottom: 2rem; }
.tag-section h2 { font-size: 1.3rem; margin: 0 0 .25rem; }
.tag-section > p { margin: 0 0 .75rem; color: var(--muted); }
details.op { background: var(--paper); border: 1px solid var(--line); border-radius: 8px; margin-bottom: .5rem; }
details.op > summary { display: flex; flex-wrap: wrap; gap: .6rem; align-items: baseline; padding: .6rem .8rem; cursor: pointer; list-style: none; }
details.op > summary::-webkit-details-marker { display: none; }
details.op > summary::before { content: "▸"; color: var(--muted); }
details.op[open] > summary::before { content: "▾"; }
.method { display: inline-block; min-width: 4.2rem; text-align: center; font-weight: 700; font-size: .8rem; padding: .1rem .4rem; border-radius: 4px; color: #fff; }
.method-get { background: var(--get); } .method-post { background: var(--post); } .method-put { background: var(--put); } .method-delete { background: var(--delete); }
.path { font-weight: 600; word-break: break-all; }
.op-summary { color: var(--ink); }
.guard { margin-left: auto; font-size: .8rem; color: var(--muted); border: 1px solid var(--line); border-radius: 999px; padding: 0 .5rem; }
.op-body { padding: .25rem 1rem 1rem; border-top: 1px solid var(--line); }
.op-body h3 { font-size: 1rem; margin: 1rem 0 .4rem; }
table { border-collapse: collapse; width: 100%; font-size: .92rem; }
th, td { text-align: left; vertical-align: top; padding: .35rem .5rem; border-bottom: 1px solid var(--line); }
th { color: var(--muted); font-weight: 600; }
.schema { margin: 0; padding-left: 1.1rem; }
.schema li { margin: .15rem 0; }
.type { color: var(--muted); }
.required { color: var(--delete); font-size: .8rem; }
.status-code { font-weight: 700; }
.error { color: var(--delete); }
[hidden] { display: none !important; }
`;
