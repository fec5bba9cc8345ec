import { HEAD_MARKERS, PAGE_HEAD_PATH, type PageHead } from '#shared/page-head';

/**
 * The page head after in-app navigation (docs/decisions/051-head-on-navigation.md), a chunk of its own that
 * the first navigation loads: the server answers the head tags of the page the browser moved to (the very
 * tags its HTML would carry) and they replace those between the head's markers, the previous page's title,
 * canonical link, description, Open Graph and Twitter tags, feed links and JSON-LD, all of them.
 */
let wanted = '';

export async function syncHead(path: string): Promise<void> {
  wanted = path;
  let head: string | null = null;
  try {
    const res = await fetch(`${PAGE_HEAD_PATH}?${new URLSearchParams({ path })}`, { headers: { Accept: 'application/json' } });
    if (res.ok) head = ((await res.json()) as PageHead).head;
  } catch {
    // Offline: the previous page's tags still go (below); the title the page set stays.
  }
  // Moved on meanwhile: the newer navigation puts its own head in place.
  if (wanted !== path) return;
  replaceHead(head);
}

/**
 * The tags between the markers become `html`'s; with no answer, the title (which the page keeps up to date), the site's
 * icons and its accent colour stay: the page is still the site's.
 */
function replaceHead(html: string | null): void {
  const nodes = [...document.head.childNodes];
  const comment = (text: string) => nodes.findIndex((n) => n.nodeType === Node.COMMENT_NODE && n.nodeValue === text);
  const start = comment(HEAD_MARKERS.start);
  const end = comment(HEAD_MARKERS.end);
  if (start === -1 || end < start) return;
  const template = document.createElement('template');
  // The server's own tags (HTML-escaped there); a template's content is inert: nothing in it runs or loads.
  template.innerHTML = html ?? `<title></title>`;
  if (html === null) template.content.firstChild!.textContent = document.title;
  const kept = (node: ChildNode) => html === null && node instanceof Element && node.matches('link[rel~="icon"], link[rel="apple-touch-icon"], style');
  for (const node of nodes.slice(start + 1, end)) if (!kept(node)) node.remove();
  nodes[end]!.before(template.content);
}
