/**
 * The browser script of the API reference page (/api/docs): reads /api/openapi.json and shows each operation,
 * grouped by resource, with a filter. It builds the DOM with textContent only (no HTML strings), and is served
 * as a file (/api/docs/reference.js), so the page runs under the site's CSP (script-src 'self'). Compiled for
 * browsers by esbuild: into the bundle by scripts/build-server.mjs, on request from the sources (reference-script.ts).
 */

/** The parts of an OpenAPI 3.1 document (lib/openapi.ts) the page reads. */
interface Schema {
  $ref?: string;
  title?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  default?: unknown;
  description?: string;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}

interface Content {
  schema?: Schema;
}

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  'x-guard'?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, Content> };
  responses?: Record<string, { description?: string; content?: Record<string, Content> }>;
}

interface OpenApiDocument {
  info?: { description?: string };
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const MAX_DEPTH = 5;
/** zod's integers carry ±MAX_SAFE_INTEGER bounds: no rule a reader needs to see. */
const SAFE_INTEGER = 9007199254740991;

type Child = Node | string | null;

/** An element with these attributes (`text` is its text) and children. */
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  children: Child[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === 'text') node.textContent = value;
    else node.setAttribute(name, value);
  }
  for (const child of children) if (child) node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  return node;
}

const byId = (id: string) => document.getElementById(id)!;

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The schema a `$ref` names (followed up to 10 times), titled with its name. */
function resolve(doc: OpenApiDocument, schema: Schema | undefined): Schema {
  let seen = 0;
  while (schema?.$ref && seen < 10) {
    const name = schema.$ref.split('/').pop()!;
    schema = { title: name, ...(doc.components?.schemas?.[name] ?? {}) };
    seen++;
  }
  return schema ?? {};
}

const refName = (schema: Schema | undefined) => (schema?.$ref ? schema.$ref.split('/').pop()! : null);

function typeText(doc: OpenApiDocument, schema: Schema | undefined): string {
  if (!schema) return 'any';
  const name = refName(schema);
  if (name) return name;
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.map((s) => typeText(doc, s)).join(' | ');
  if (schema.allOf) return schema.allOf.map((s) => typeText(doc, s)).join(' & ');
  if (schema.type === 'array') return `${typeText(doc, schema.items)}[]`;
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type || (schema.properties ? 'object' : 'any');
  return schema.format ? `${type} (${schema.format})` : type;
}

function constraints(schema: Schema | undefined): string[] {
  const out: string[] = [];
  if (!schema) return out;
  if (schema.minLength !== undefined) out.push(`min length ${schema.minLength}`);
  if (schema.maxLength !== undefined) out.push(`max length ${schema.maxLength}`);
  if (schema.minimum !== undefined && schema.minimum > -SAFE_INTEGER) out.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined && schema.maximum < SAFE_INTEGER) out.push(`≤ ${schema.maximum}`);
  if (schema.exclusiveMinimum !== undefined) out.push(`> ${schema.exclusiveMinimum}`);
  if (schema.exclusiveMaximum !== undefined) out.push(`< ${schema.exclusiveMaximum}`);
  if (schema.pattern) out.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.description) out.push(schema.description);
  return out;
}

/** A schema as a nested list of fields; named schemas are expanded once per branch. */
function schemaView(doc: OpenApiDocument, schema: Schema, depth: number, trail: string[] = []): HTMLElement {
  const name = refName(schema);
  if (name && trail.includes(name)) return el('span', { class: 'type', text: `${name} (as above)` });
  const s = resolve(doc, schema);
  const nextTrail = name ? [...trail, name] : trail;
  if (depth > MAX_DEPTH) return el('span', { class: 'type', text: typeText(doc, schema) });
  if (s.type === 'array' && s.items) {
    return el('div', {}, [
      el('span', { class: 'type', text: `array of ${typeText(doc, s.items)}` }),
      nestedView(doc, s.items, depth + 1, nextTrail),
    ]);
  }
  if (s.allOf)
    return el(
      'div',
      {},
      s.allOf.map((part) => schemaView(doc, part, depth + 1, nextTrail)),
    );
  if (!s.properties) {
    const text = typeText(doc, name ? s : schema);
    const extra = constraints(s);
    return el('span', { class: 'type', text: extra.length ? `${text} · ${extra.join(', ')}` : text });
  }
  const required = s.required ?? [];
  const list = el('ul', { class: 'schema' });
  for (const [key, prop] of Object.entries(s.properties)) {
    const meta = [typeText(doc, prop), ...constraints(resolve(doc, prop).$ref ? {} : prop)];
    const item = el('li', {}, [el('code', { text: key }), ' ', el('span', { class: 'type', text: meta.join(' · ') })]);
    if (required.includes(key)) item.appendChild(el('span', { class: 'required', text: ' required' }));
    const nested = nestedView(doc, prop, depth + 1, nextTrail);
    if (nested) item.appendChild(nested);
    list.appendChild(item);
  }
  return list;
}

function nestedView(doc: OpenApiDocument, schema: Schema, depth: number, trail: string[]): HTMLElement | null {
  const s = resolve(doc, schema);
  if (s.type === 'array' && s.items) return nestedView(doc, s.items, depth, trail);
  if (s.properties || s.allOf) return schemaView(doc, schema, depth, trail);
  return null;
}

function parametersView(doc: OpenApiDocument, params: Parameter[]): HTMLTableElement {
  const body = el('tbody');
  for (const p of params) {
    body.appendChild(
      el('tr', {}, [
        el('td', {}, [el('code', { text: p.name })]),
        el('td', { text: p.in }),
        el('td', { text: p.required ? 'yes' : 'no' }),
        el('td', { text: [typeText(doc, p.schema), ...constraints(p.schema)].join(' · ') }),
      ]),
    );
  }
  const headings = ['Name', 'In', 'Required', 'Type and rules'].map((text) => el('th', { scope: 'col', text }));
  return el('table', {}, [el('thead', {}, [el('tr', {}, headings)]), body]);
}

function operationView(doc: OpenApiDocument, path: string, method: string, op: Operation): HTMLDetailsElement {
  const id = op.operationId || slug(`${method} ${path}`);
  const guard = op['x-guard'] || '';
  const details = el('details', { class: 'op', id });
  details.dataset.search = [method, path, op.summary, guard, op.description].join(' ').toLowerCase();
  details.appendChild(
    el('summary', {}, [
      el('span', { class: `method method-${method}`, text: method.toUpperCase() }),
      el('span', { class: 'path', text: path }),
      el('span', { class: 'op-summary', text: op.summary || '' }),
      guard ? el('span', { class: 'guard', title: 'Guard', text: guard }) : null,
    ]),
  );
  const body = el('div', { class: 'op-body' });
  if (op.description) body.appendChild(el('p', { text: op.description.replace(/`/g, '') }));
  if (op.parameters?.length) {
    body.appendChild(el('h3', { text: 'Parameters' }));
    body.appendChild(parametersView(doc, op.parameters));
  }
  if (op.requestBody) {
    body.appendChild(el('h3', { text: 'Request body' }));
    for (const [type, content] of Object.entries(op.requestBody.content ?? {})) {
      body.appendChild(el('p', {}, [el('code', { text: type })]));
      body.appendChild(schemaView(doc, content.schema ?? {}, 0));
    }
  }
  body.appendChild(el('h3', { text: 'Responses' }));
  const rows = el('tbody');
  for (const code of Object.keys(op.responses ?? {}).sort()) {
    const response = op.responses![code]!;
    const cell = el('td', {}, [el('div', { text: response.description || '' })]);
    for (const [type, content] of Object.entries(response.content ?? {})) {
      const schema = content.schema;
      if (type !== 'application/json') cell.appendChild(el('div', { class: 'type', text: type }));
      else if (schema && Object.keys(schema).length && !(schema.$ref && /Error$/.test(schema.$ref)))
        cell.appendChild(schemaView(doc, schema, 0));
    }
    rows.appendChild(el('tr', {}, [el('td', { class: 'status-code', text: code }), cell]));
  }
  const headings = el('tr', {}, [el('th', { scope: 'col', text: 'Status' }), el('th', { scope: 'col', text: 'Body' })]);
  body.appendChild(el('table', {}, [el('thead', {}, [headings]), rows]));
  details.appendChild(body);
  return details;
}

function render(doc: OpenApiDocument) {
  const main = byId('operations');
  if (doc.info?.description) byId('api-description').textContent = doc.info.description;
  const groups: Record<string, HTMLDetailsElement[]> = {};
  const order = (doc.tags ?? []).map((tag) => tag.name);
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] || 'Other';
      if (!order.includes(tag)) order.push(tag);
      (groups[tag] ??= []).push(operationView(doc, path, method, op));
    }
  }
  const descriptions = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description]));
  const tocList = el('ul');
  for (const tag of order) {
    const ops = groups[tag];
    if (!ops) continue;
    const id = `tag-${slug(tag)}`;
    const section = el('section', { class: 'tag-section', id, 'aria-labelledby': `${id}-title` }, [
      el('h2', { id: `${id}-title`, text: tag }),
    ]);
    const description = descriptions.get(tag);
    if (description) section.appendChild(el('p', { text: description }));
    for (const op of ops) section.appendChild(op);
    main.appendChild(section);
    tocList.appendChild(el('li', {}, [el('a', { href: `#${id}`, text: `${tag} (${ops.length})` })]));
  }
  byId('toc').appendChild(tocList);
  byId('load-status').remove();
  if (location.hash) {
    const target = document.getElementById(location.hash.slice(1));
    if (target instanceof HTMLDetailsElement) target.open = true;
    target?.scrollIntoView();
  }
  wireToolbar();
}

function wireToolbar() {
  const filter = byId('filter') as HTMLInputElement;
  const count = byId('match-count');
  const ops = [...document.querySelectorAll<HTMLDetailsElement>('details.op')];
  filter.addEventListener('input', () => {
    const query = filter.value.trim().toLowerCase();
    let shown = 0;
    for (const op of ops) {
      const match = !query || (op.dataset.search ?? '').includes(query);
      op.hidden = !match;
      if (match) shown++;
    }
    for (const section of document.querySelectorAll<HTMLElement>('.tag-section')) {
      section.hidden = !section.querySelector('details.op:not([hidden])');
    }
    count.textContent = query ? `${shown} of ${ops.length} operations` : '';
  });
  byId('expand-all').addEventListener('click', () => {
    for (const op of ops) if (!op.hidden) op.open = true;
  });
  byId('collapse-all').addEventListener('click', () => {
    for (const op of ops) op.open = false;
  });
}

function start() {
  fetch('/api/openapi.json', { headers: { Accept: 'application/json' } })
    .then((res) => {
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return res.json() as Promise<OpenApiDocument>;
    })
    .then(render)
    .catch((err: unknown) => {
      const status = byId('load-status');
      status.className = 'error';
      status.textContent = `Could not load the API description (${err instanceof Error ? err.message : String(err)}).`;
    });
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();

// A module, not a global script: its names stay its own in the type check.
export {};
