import type { ReactNode } from 'react';
import { Link } from './link';
import { paths } from '../../config/paths';
import { usePageTitle } from '#client/lib/site-settings';
import { buttonClasses } from './button';

/** A centred message screen: not found, empty, loading. */
export function PageState({
  title,
  children,
  action,
  as: H = 'h1',
  busy,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  as?: 'h1' | 'h2';
  busy?: boolean;
}) {
  return (
    <div
      className="mx-auto flex max-w-xl flex-col items-center gap-3 px-4 py-16 text-center"
      aria-busy={busy || undefined}
      role={busy ? 'status' : undefined}
    >
      <H className="font-serif text-2xl font-bold text-slate-900 md:text-3xl">{title}</H>
      {children && <div className="text-slate-600">{children}</div>}
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}

/** A loading line with a spinner, for 'Loading ... articles...' states. */
export function LoadingText({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center justify-center gap-3 py-16 text-slate-600">
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-slate-700" aria-hidden="true" />
      {children}
    </p>
  );
}

/** 'X Not Found' with its explanation and a 'Go Back Home' button to / (category and section pages, docs/spec/SPEC.md §2). */
export function GoHomeState({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <PageState
      title={title}
      action={
        <Link to={paths.home} className={buttonClasses('primary')}>
          Go Back Home
        </Link>
      }
    >
      <p>{children}</p>
    </PageState>
  );
}
