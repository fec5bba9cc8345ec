/**
 * The browsable API reference at /api/docs: a static page, a stylesheet and a script, served from these
 * strings (the server is bundled into one file, so no asset files to find at run time). The page has no
 * inline script, so it runs under the site's Content-Security-Policy (script-src 'self').
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

/* The browser script: plain ES2018, builds the DOM with textContent only (no HTML strings). */
export const REFERENCE_JS = String.raw`(function () {
  'use strict';
  var MAX_DEPTH = 5;

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === 'text') node.textContent = attrs[k];
      else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c); });
    return node;
  }

  function slug(s) { return String(s).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''); }

  function resolve(doc, schema) {
    var seen = 0;
    while (schema && schema.$ref && seen < 10) {
      var name = schema.$ref.split('/').pop();
      schema = Object.assign({ title: name }, (doc.components && doc.components.schemas || {})[name] || {});
      seen++;
    }
    return schema || {};
  }

  function refName(schema) { return schema && schema.$ref ? schema.$ref.split('/').pop() : null; }

  function typeText(doc, schema) {
    if (!schema) return 'any';
    var name = refName(schema);
    if (name) return name;
    if (schema.enum) return schema.enum.map(function (v) { return JSON.stringify(v); }).join(' | ');
    if (schema.const !== undefined) return JSON.stringify(schema.const);
    if (schema.anyOf || schema.oneOf) return (schema.anyOf || schema.oneOf).map(function (s) { return typeText(doc, s); }).join(' | ');
    if (schema.allOf) return schema.allOf.map(function (s) { return typeText(doc, s); }).join(' & ');
    if (schema.type === 'array') return typeText(doc, schema.items) + '[]';
    var t = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type || (schema.properties ? 'object' : 'any');
    return schema.format ? t + ' (' + schema.format + ')' : t;
  }

  function constraints(schema) {
    var out = [];
    if (!schema) return out;
    if (schema.minLength !== undefined) out.push('min length ' + schema.minLength);
    if (schema.maxLength !== undefined) out.push('max length ' + schema.maxLength);
    /* zod's integers carry ±MAX_SAFE_INTEGER bounds: no rule a reader needs to see. */
    if (schema.minimum !== undefined && schema.minimum > -9007199254740991) out.push('≥ ' + schema.minimum);
    if (schema.maximum !== undefined && schema.maximum < 9007199254740991) out.push('≤ ' + schema.maximum);
    if (schema.exclusiveMinimum !== undefined) out.push('> ' + schema.exclusiveMinimum);
    if (schema.exclusiveMaximum !== undefined) out.push('< ' + schema.exclusiveMaximum);
    if (schema.pattern) out.push('pattern ' + schema.pattern);
    if (schema.default !== undefined) out.push('default ' + JSON.stringify(schema.default));
    if (schema.description) out.push(schema.description);
    return out;
  }

  /* A schema as a nested list of fields; named schemas are expanded once per branch. */
  function schemaView(doc, schema, depth, trail) {
    trail = trail || [];
    var name = refName(schema);
    if (name && trail.indexOf(name) >= 0) return el('span', { class: 'type', text: name + ' (as above)' });
    var s = resolve(doc, schema);
    var nextTrail = name ? trail.concat([name]) : trail;
    if (depth > MAX_DEPTH) return el('span', { class: 'type', text: typeText(doc, schema) });
    if (s.type === 'array' && s.items) {
      return el('div', {}, [el('span', { class: 'type', text: 'array of ' + typeText(doc, s.items) }), nestedView(doc, s.items, depth + 1, nextTrail)]);
    }
    if (s.allOf) return el('div', {}, s.allOf.map(function (part) { return schemaView(doc, part, depth + 1, nextTrail); }));
    if (!s.properties) {
      var text = typeText(doc, name ? s : schema);
      var extra = constraints(s);
      return el('span', { class: 'type', text: extra.length ? text + ' · ' + extra.join(', ') : text });
    }
    var required = s.required || [];
    var list = el('ul', { class: 'schema' });
    Object.keys(s.properties).forEach(function (key) {
      var prop = s.properties[key];
      var meta = [typeText(doc, prop)].concat(constraints(resolve(doc, prop).$ref ? {} : prop));
      var item = el('li', {}, [el('code', { text: key }), ' ', el('span', { class: 'type', text: meta.join(' · ') })]);
      if (required.indexOf(key) >= 0) item.appendChild(el('span', { class: 'required', text: ' required' }));
      var nested = nestedView(doc, prop, depth + 1, nextTrail);
      if (nested) item.appendChild(nested);
      list.appendChild(item);
    });
    return list;
  }

  function nestedView(doc, schema, depth, trail) {
    var s = resolve(doc, schema);
    if (s.type === 'array' && s.items) return nestedView(doc, s.items, depth, trail);
    if (s.properties || s.allOf) return schemaView(doc, schema, depth, trail);
    return null;
  }

  function parametersView(doc, params) {
    var body = el('tbody');
    params.forEach(function (p) {
      body.appendChild(el('tr', {}, [
        el('td', {}, [el('code', { text: p.name })]),
        el('td', { text: p.in }),
        el('td', { text: p.required ? 'yes' : 'no' }),
        el('td', { text: [typeText(doc, p.schema)].concat(constraints(p.schema)).join(' · ') }),
      ]));
    });
    return el('table', {}, [
      el('thead', {}, [el('tr', {}, [el('th', { scope: 'col', text: 'Name' }), el('th', { scope: 'col', text: 'In' }), el('th', { scope: 'col', text: 'Required' }), el('th', { scope: 'col', text: 'Type and rules' })])]),
      body,
    ]);
  }

  function operationView(doc, path, method, op) {
    var id = op.operationId || slug(method + ' ' + path);
    var guard = op['x-guard'] || '';
    var details = el('details', { class: 'op', id: id });
    details.dataset.search = [method, path, op.summary, guard, op.description].join(' ').toLowerCase();
    details.appendChild(el('summary', {}, [
      el('span', { class: 'method method-' + method, text: method.toUpperCase() }),
      el('span', { class: 'path', text: path }),
      el('span', { class: 'op-summary', text: op.summary || '' }),
      guard ? el('span', { class: 'guard', title: 'Guard', text: guard }) : null,
    ]));
    var body = el('div', { class: 'op-body' });
    if (op.description) body.appendChild(el('p', { text: op.description.replace(/\x60/g, '') }));
    if (op.parameters && op.parameters.length) {
      body.appendChild(el('h3', { text: 'Parameters' }));
      body.appendChild(parametersView(doc, op.parameters));
    }
    if (op.requestBody) {
      body.appendChild(el('h3', { text: 'Request body' }));
      Object.keys(op.requestBody.content || {}).forEach(function (type) {
        body.appendChild(el('p', {}, [el('code', { text: type })]));
        body.appendChild(schemaView(doc, op.requestBody.content[type].schema || {}, 0));
      });
    }
    body.appendChild(el('h3', { text: 'Responses' }));
    var table = el('tbody');
    Object.keys(op.responses || {}).sort().forEach(function (code) {
      var r = op.responses[code];
      var cell = el('td', {}, [el('div', { text: r.description || '' })]);
      Object.keys(r.content || {}).forEach(function (type) {
        var schema = r.content[type].schema;
        if (type !== 'application/json') cell.appendChild(el('div', { class: 'type', text: type }));
        else if (schema && Object.keys(schema).length && !(schema.$ref && /Error$/.test(schema.$ref))) cell.appendChild(schemaView(doc, schema, 0));
      });
      table.appendChild(el('tr', {}, [el('td', { class: 'status-code', text: code }), cell]));
    });
    body.appendChild(el('table', {}, [el('thead', {}, [el('tr', {}, [el('th', { scope: 'col', text: 'Status' }), el('th', { scope: 'col', text: 'Body' })])]), table]));
    details.appendChild(body);
    return details;
  }

  function render(doc) {
    var main = document.getElementById('operations');
    var toc = document.getElementById('toc');
    var status = document.getElementById('load-status');
    if (doc.info && doc.info.description) document.getElementById('api-description').textContent = doc.info.description;
    var groups = {};
    var order = (doc.tags || []).map(function (t) { return t.name; });
    Object.keys(doc.paths || {}).forEach(function (path) {
      Object.keys(doc.paths[path]).forEach(function (method) {
        var op = doc.paths[path][method];
        var tag = (op.tags && op.tags[0]) || 'Other';
        if (order.indexOf(tag) < 0) order.push(tag);
        (groups[tag] = groups[tag] || []).push(operationView(doc, path, method, op));
      });
    });
    var descriptions = {};
    (doc.tags || []).forEach(function (t) { descriptions[t.name] = t.description; });
    var tocList = el('ul');
    order.filter(function (tag) { return groups[tag]; }).forEach(function (tag) {
      var id = 'tag-' + slug(tag);
      var section = el('section', { class: 'tag-section', id: id, 'aria-labelledby': id + '-title' }, [el('h2', { id: id + '-title', text: tag })]);
      if (descriptions[tag]) section.appendChild(el('p', { text: descriptions[tag] }));
      groups[tag].forEach(function (op) { section.appendChild(op); });
      main.appendChild(section);
      tocList.appendChild(el('li', {}, [el('a', { href: '#' + id, text: tag + ' (' + groups[tag].length + ')' })]));
    });
    toc.appendChild(tocList);
    status.remove();
    if (location.hash) {
      var target = document.getElementById(location.hash.slice(1));
      if (target && target.tagName === 'DETAILS') target.open = true;
      if (target) target.scrollIntoView();
    }
    wireToolbar();
  }

  function wireToolbar() {
    var filter = document.getElementById('filter');
    var count = document.getElementById('match-count');
    var ops = Array.prototype.slice.call(document.querySelectorAll('details.op'));
    filter.addEventListener('input', function () {
      var q = filter.value.trim().toLowerCase();
      var shown = 0;
      ops.forEach(function (op) {
        var match = !q || op.dataset.search.indexOf(q) >= 0;
        op.hidden = !match;
        if (match) shown++;
      });
      Array.prototype.forEach.call(document.querySelectorAll('.tag-section'), function (section) {
        section.hidden = !section.querySelector('details.op:not([hidden])');
      });
      count.textContent = q ? shown + ' of ' + ops.length + ' operations' : '';
    });
    document.getElementById('expand-all').addEventListener('click', function () { ops.forEach(function (op) { if (!op.hidden) op.open = true; }); });
    document.getElementById('collapse-all').addEventListener('click', function () { ops.forEach(function (op) { op.open = false; }); });
  }

  function start() {
    fetch('/api/openapi.json', { headers: { Accept: 'application/json' } })
      .then(function (res) {
        if (!res.ok) throw new Error('HTTP ' + res.status);
        return res.json();
      })
      .then(render)
      .catch(function (err) {
        var status = document.getElementById('load-status');
        status.className = 'error';
        status.textContent = 'Could not load the API description (' + err.message + ').';
      });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
`;
