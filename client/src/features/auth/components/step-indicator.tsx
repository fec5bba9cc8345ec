import { cn } from '#client/lib/cn';

/** 'Step N of 3' with a bar per step. */
export function StepIndicator({ step, total = 3 }: { step: number; total?: number }) {
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-700">
        Step {step} of {total}
      </p>
      <div className="flex gap-2" aria-hidden="true">
        {Array.from({ length: total }, (_, i) => (
          <span key={i} className={cn('h-1.5 flex-1 rounded-full', i < step ? 'bg-slate-900' : 'bg-slate-200')} />
        ))}
      </div>
    </div>
  );
}
