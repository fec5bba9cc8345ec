import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** An error shown in a red box (docs/spec/SPEC.md §2, §4), announced to screen readers. */
export function ErrorBox({ children, details, className }: { children: ReactNode; details?: string[]; className?: string }) {
  return (
    <div role="alert" className={cn('rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800', className)}>
      <p>{children}</p>
      {details && details.length > 0 && (
        <div className="mt-2">
          <p className="font-semibold">Please fix the following issues:</p>
          <ul className="mt-1 list-disc pl-5">
            {details.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** A success message in a green box. */
export function SuccessBox({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div role="status" className={cn('rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-800', className)}>
      {children}
    </div>
  );
}
