import { useCallback, useEffect, useRef, useState } from 'react';

/** docs/spec/SPEC.md §9: a modal closes about 500 ms after a success, showing that it worked meanwhile. */
export const CLOSE_DELAY_MS = 500;

export function useCloseAfterSuccess(onClose: () => void) {
  const [succeeded, setSucceeded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const succeed = useCallback(() => {
    setSucceeded(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setSucceeded(false);
      onClose();
    }, CLOSE_DELAY_MS);
  }, [onClose]);
  return { succeeded, succeed };
}
