import { matchRoutes, type RouteMatch, type RouteObject as Route } from 'react-router';

/**
 * For each table: the static first segments it names, and the table cut to what an address of each first segment can
 * match (a key per static first segment, plus ANY), made when first asked for.
 */
const cuts = new WeakMap<
  readonly Route[],
  { firsts: Set<string>; byFirst: Map<string, { routes: Route[]; originals: WeakMap<Route, Route> }> }
>();
/** The key of an address whose first segment no route names. */
const ANY = '\0';

/**
 * `matchRoutes`, over only the routes an address's first segment can reach. react-router flattens and ranks the
 * whole table on every call (about a fortieth of a cold page's CPU on the server, docs/decisions/073-server-query-hooks.md);
 * here it does so over the routes whose first segment is that one, a parameter or optional, or a layout's (without a
 * path): for `/article/…` three branches instead of seventeen. Dropping routes that cannot match changes neither which
 * route ranks first among the others (their order is kept) nor the matches, which are the table's own route objects
 * (`route-match.test.ts` compares every route's addresses with `matchRoutes` over the whole table).
 */
export function matchReachable<R extends Route>(routes: R[], pathname: string): RouteMatch<string, R>[] | null {
  const first = firstSegment(pathname);
  if (first === undefined) return matchRoutes(routes, pathname);
  let cut = cuts.get(routes);
  if (!cut) cuts.set(routes, (cut = { firsts: staticFirsts(routes), byFirst: new Map() }));
  const { firsts, byFirst } = cut;
  const key = firsts.has(first) ? first : ANY;
  let table = byFirst.get(key);
  if (!table) {
    const originals = new WeakMap<Route, Route>();
    table = { routes: reachable(routes, key, originals), originals };
    byFirst.set(key, table);
  }
  const matches = matchRoutes(table.routes, pathname);
  const { originals } = table;
  return matches && matches.map((match) => ({ ...match, route: (originals.get(match.route) ?? match.route) as R }));
}

/**
 * The address (path and query) as react-router reads it, without its warning: a path with a segment that does not
 * decode (a stray `%`) is read as written, every segment undecoded, and react-router says so on the console for every
 * route it tries. With each `%` of such a path escaped, it decodes to that same text, which matches as before.
 */
export function readableAddress(url: string): string {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  // A segment does not decode when the whole path does not: `/` is in no escape.
  return decoded(path) !== undefined ? url : path.replaceAll('%', '%25') + (end === -1 ? '' : url.slice(end));
}

/**
 * The text `s` escapes; undefined when it does not decode. (Its result must be used: a call whose result is not, the
 * bundler drops as pure, and nothing throws.)
 */
function decoded(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

/** The address's first segment as react-router compares it (decoded, any case); undefined when unsure. */
function firstSegment(pathname: string): string | undefined {
  const raw = pathname.split('/')[1];
  if (raw === undefined || raw === '' || !pathname.startsWith('/')) return undefined;
  return decoded(raw)?.toLowerCase();
}

/** A route path's first segment, lower-cased; '' for none. */
const ownFirst = (path: string) => (path.replace(/^\//, '').split('/')[0] ?? '').toLowerCase();
/**
 * Whether a first segment may match more than itself: a parameter, a splat, optional (react-router does not escape a
 * `?` inside a segment either), or one with letters beyond ASCII, which its case-insensitive pattern may compare in
 * ways lower-casing does not (ς and σ).
 */
const isPattern = (segment: string) => segment.startsWith(':') || /[*?]|[^\x20-\x7e]/.test(segment);

/** The static first segments the table names. */
function staticFirsts(routes: readonly Route[]): Set<string> {
  const found = new Set<string>();
  const visit = (list: readonly Route[]) => {
    for (const route of list) {
      if (!route.path) visit(route.children ?? []);
      else if (!isPattern(ownFirst(route.path))) found.add(ownFirst(route.path));
    }
  };
  visit(routes);
  return found;
}

/**
 * The routes an address whose first segment is `first` (ANY: one no route names) can match, in the table's order. A
 * layout (no path) is copied with its children cut the same way; `originals` leads each copy back to its route.
 */
function reachable(routes: readonly Route[], first: string, originals: WeakMap<Route, Route>): Route[] {
  const kept: Route[] = [];
  for (const route of routes) {
    if (!route.path) {
      if (!route.children?.length) {
        kept.push(route);
        continue;
      }
      const copy = { ...route, children: reachable(route.children, first, originals) } as Route;
      originals.set(copy, route);
      kept.push(copy);
      continue;
    }
    const segment = ownFirst(route.path);
    if (segment === '' || isPattern(segment) || segment === first) kept.push(route);
  }
  return kept;
}
