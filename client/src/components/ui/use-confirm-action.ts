import { errorText } from '../../lib/error-text';
import { useConfirm, type ConfirmOptions } from './confirm-dialog';
import { useToast } from './toast';

export interface ConfirmActionOptions extends Omit<ConfirmOptions, 'onConfirm'> {
  /** The request, run once confirmed while the dialog shows its busy state. */
  action(): Promise<unknown>;
  /** Toasted when it worked (a function: worded once it has, by what it did). */
  success: string | (() => string);
  /** Toasted when it failed, unless the server said why (docs/spec/SPEC.md §8). */
  failure: string;
}

/** Asks before a dashboard action, runs it once confirmed, and toasts how it went. */
export function useConfirmAction(): (options: ConfirmActionOptions) => Promise<boolean> {
  const confirm = useConfirm();
  const toast = useToast();
  return ({ action, success, failure, ...options }) =>
    confirm({
      ...options,
      onConfirm: () =>
        action().then(
          () => toast.success(typeof success === 'function' ? success() : success),
          (error: unknown) => toast.error(errorText(error, failure)),
        ),
    });
}
