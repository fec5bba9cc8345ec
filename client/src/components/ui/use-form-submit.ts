import { useState } from 'react';
import { useToast } from './toast';
import { errorText, isStaleVersion, staleVersionText } from '../../lib/error-text';
import { useCloseAfterSuccess } from './use-close-after-success';

/**
 * The save step every dashboard form modal shares: run the request, then toast Success and close about
 * 500 ms later, or show the error in red above the form and toast it (docs/spec/SPEC.md §2, §8). A save refused
 * because someone else changed the `what` meanwhile sets `stale`, so the form can offer a reload.
 */
export function useFormSubmit(onClose: () => void, what = 'item') {
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const { succeeded, succeed } = useCloseAfterSuccess(onClose);
  const clearError = () => {
    setFormError(null);
    setStale(false);
  };
  const save = async (request: () => Promise<unknown>, success: string, failure: string) => {
    clearError();
    try {
      await request();
      toast.success(success);
      succeed();
    } catch (error) {
      const conflict = isStaleVersion(error);
      const message = conflict ? staleVersionText(what) : errorText(error, failure);
      setStale(conflict);
      setFormError(message);
      toast.error(message);
    }
  };
  return { formError, stale, clearError, succeeded, save };
}
