import { cn } from '../../lib/cn';

/** A grey pulsing block standing in for content that is loading; hidden from assistive technology. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded bg-slate-200', className)} />;
}
