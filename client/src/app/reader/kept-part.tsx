import { createContext, useContext, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { NavTargets, isCurrent, type NavTarget } from '../../components/ui/link';

/**
 * The parts of a reader page's frame (the ticker, the header, the footer) rendered once per change of what they show,
 * instead of once per page (docs/decisions/072-kept-frame.md). On the server only: a render that provides
 * `KeptRender` writes a part it has kept as a placeholder, which `finish` replaces with the kept markup; a part it has
 * not kept yet is rendered in place between two markers, and kept from there. Pages are not hydrated (decision 054),
 * and the markup is byte for byte what the part renders in place.
 */

/** One part as it was rendered for one set of inputs: its links, and its markup for each set of current links. */
interface Entry {
  links: NavTarget[];
  html: Map<string, string>;
}

/** Parts kept by this process: a few sets of inputs each (the settings, categories and headlines change seldom). */
const ENTRIES_MAX = 32;
/** Markups of one entry: one for each set of current links seen (most pages mark none). */
const MARKUPS_MAX = 64;
const store = new Map<string, Entry>();
/**
 * Each part's last inputs and their key, by origin and part: the same objects (the kept reads' answers, shared by the
 * pages that follow: server/src/reader/internal-api.ts) need not be written as JSON again.
 */
const lastKeys = new Map<string, { inputs: unknown[]; key: string }>();

function keyOf(origin: string, part: string, inputs: unknown[]): string {
  const name = `${origin}\n${part}`;
  const last = lastKeys.get(name);
  if (last && last.inputs.length === inputs.length && last.inputs.every((input, i) => Object.is(input, inputs[i]))) return last.key;
  const key = `${name}\n${JSON.stringify(inputs)}`;
  if (lastKeys.size >= ENTRIES_MAX && !last) lastKeys.clear();
  lastKeys.set(name, { inputs, key });
  return key;
}

/** Which of `links` lead to `pathname`. */
const signatureOf = (links: NavTarget[], pathname: string) => links.map((link) => (isCurrent(pathname, link) ? '1' : '0')).join('');

interface Miss {
  key: string;
  pathname: string;
  links: NavTarget[];
}

/** One server render's use of the kept parts. */
export interface KeptRenderState {
  /** Markups put in place of the placeholders, by number. */
  readonly spliced: string[];
  /** Parts rendered in place, by number. */
  readonly misses: Miss[];
  /** The origin the parts were rendered for (absolute addresses in them). */
  readonly origin: string;
}

export const KeptRender = createContext<KeptRenderState | null>(null);

export function keptRender(origin: string): KeptRenderState {
  return { spliced: [], misses: [], origin };
}

/**
 * `children` as a kept part named `part`, rendered once for each value of `inputs` (JSON) and set of current links:
 * `inputs` must hold everything the part shows (what its hooks read but the location is the same on every page).
 */
export function Kept({ part, inputs, children }: { part: string; inputs: unknown[]; children: ReactNode }) {
  const render = useContext(KeptRender);
  const { pathname } = useLocation();
  if (!render) return children;
  const key = keyOf(render.origin, part, inputs);
  const entry = store.get(key);
  const html = entry?.html.get(signatureOf(entry.links, pathname));
  if (html !== undefined) return <template data-kept={render.spliced.push(html) - 1} />;
  const miss: Miss = { key, pathname, links: [] };
  const n = render.misses.push(miss) - 1;
  return (
    <NavTargets.Provider value={miss.links}>
      <template data-kept-from={n} />
      {children}
      <template data-kept-to={n} />
    </NavTargets.Provider>
  );
}

const MARKER = /<template data-kept(-from|-to)?="(\d+)"><\/template>/g;
/** How React marks a Suspense boundary it could not render: such a part is not kept. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/** The page's HTML with the kept parts in place, keeping those rendered in place. */
export function finish(render: KeptRenderState, html: string): string {
  if (render.spliced.length === 0 && render.misses.length === 0) return html;
  render.misses.forEach((miss, n) => {
    const from = `<template data-kept-from="${n}"></template>`;
    const start = html.indexOf(from);
    const end = html.indexOf(`<template data-kept-to="${n}"></template>`, start);
    if (start === -1 || end === -1) return;
    const markup = html.slice(start + from.length, end);
    if (markup.includes(CLIENT_RENDERED_BOUNDARY)) return;
    let entry = store.get(miss.key);
    if (!entry) {
      if (store.size >= ENTRIES_MAX) store.delete(store.keys().next().value!);
      entry = { links: miss.links, html: new Map() };
      store.set(miss.key, entry);
    }
    if (entry.html.size < MARKUPS_MAX) entry.html.set(signatureOf(miss.links, miss.pathname), markup);
  });
  return html.replace(MARKER, (_, edge: string | undefined, n: string) => (edge ? '' : render.spliced[Number(n)]!));
}
