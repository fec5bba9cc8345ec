import { useState } from 'react';
import { useToast } from '../../../components/ui/toast';
import { errorText } from '../lib/messages';
import { useCloseAfterSuccess } from './use-close-after-success';

/**
 * The save step every dashboard form modal shares: run the request, then toast Success and close about
 * 500 ms later, or show the error in red above the form and toast it (SPEC.md §2, §8).
 */
export function useFormSubmit(onClose: () => void) {
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const { succeeded, succeed } = useCloseAfterSuccess(onClose);
  const save = async (request: () => Promise<unknown>, success: string, failure: string) => {
    setFormError(null);
    try {
      await request();
      toast.success(success);
      succeed();
    } catch (error) {
      const message = errorText(error, failure);
      setFormError(message);
      toast.error(message);
    }
  };
  return { formError, succeeded, save };
}
