import { createContext, useContext, type ComponentProps, type ReactNode } from 'react';
import { Link as RouterLink, NavLink as RouterNavLink, useLocation } from 'react-router';

/**
 * True in the server's render of a reader page: no browser hydrates that markup (its islands run on it,
 * docs/decisions/054-reader-islands.md) and its links load documents, so they are rendered as plain anchors,
 * without the router's hooks — a third of a page's render (docs/decisions/055-cold-pages.md). Everywhere else
 * (the client app, the comments' root, which is hydrated) the router's links, which move in the app.
 */
export const DocumentLinks = createContext(false);

type LinkProps = Omit<ComponentProps<typeof RouterLink>, 'to'> & { to: string };

/** Props of the router's links that say how the app moves, which an anchor loading a document has no use for. */
function anchorProps<P extends Omit<LinkProps, 'className' | 'children' | 'style'>>(props: P) {
  const { to, state, replace, preventScrollReset, relative, reloadDocument, viewTransition, discover, prefetch, ...rest } = props;
  void [state, replace, preventScrollReset, relative, reloadDocument, viewTransition, discover, prefetch];
  return { href: to, ...rest };
}

/** A link to a page of this site (react-router's `Link`, or a plain anchor in a reader page's server render). */
export function Link(props: LinkProps) {
  if (!useContext(DocumentLinks)) return <RouterLink {...props} />;
  return <a {...anchorProps(props)} />;
}

type NavLinkProps = Omit<ComponentProps<typeof RouterNavLink>, 'to' | 'className' | 'children' | 'style'> & {
  to: string;
  className?: string | ((state: { isActive: boolean }) => string);
  children?: ReactNode;
};

/** Where a NavLink leads, and how it decides that it leads to the current page. */
export interface NavTarget {
  to: string;
  end: boolean;
  caseSensitive: boolean;
}

/** Whether a link to `target` leads to `pathname`: the same path, or a path under it (unless `end`), as react-router's NavLink. */
export function isCurrent(pathname: string, { to, end, caseSensitive }: NavTarget): boolean {
  const here = caseSensitive ? pathname : pathname.toLowerCase();
  const there = caseSensitive ? to : to.toLowerCase();
  return here === there || (!end && there !== '/' && here.startsWith(there.endsWith('/') ? there : `${there}/`));
}

/** Where a server render collects the NavLinks of a part it keeps (app/reader/kept-part.tsx). */
export const NavTargets = createContext<NavTarget[] | null>(null);

/**
 * A link that says when it leads to the current page (`aria-current="page"`, and `isActive` for its classes), as
 * react-router's `NavLink` does: the same path, or a path under it (unless `end`).
 */
export function NavLink({ className, end = false, caseSensitive = false, ...props }: NavLinkProps) {
  const { pathname } = useLocation();
  const targets = useContext(NavTargets);
  if (!useContext(DocumentLinks)) return <RouterNavLink {...props} end={end} caseSensitive={caseSensitive} className={className} />;
  const target = { to: props.to, end, caseSensitive };
  targets?.push(target);
  const isActive = isCurrent(pathname, target);
  return (
    <a
      {...anchorProps(props)}
      aria-current={isActive ? 'page' : undefined}
      className={
        typeof className === 'function'
          ? className({ isActive })
          : [className, isActive ? 'active' : null].filter(Boolean).join(' ') || undefined
      }
    />
  );
}
