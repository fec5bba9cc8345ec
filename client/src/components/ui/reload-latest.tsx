import { useState } from 'react';
import { Button } from './button';

/**
 * Offered when a save was refused because someone else changed the item meanwhile: fetches the item
 * again and refills the form with it (docs/decisions/020). Never a silent overwrite.
 */
export function ReloadLatest({ onReload }: { onReload(): Promise<void> }) {
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const reload = async () => {
    setPending(true);
    setFailed(false);
    try {
      await onReload();
    } catch {
      setFailed(true);
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button size="xs" variant="primary" onClick={() => void reload()} disabled={pending}>
        {pending ? 'Reloading…' : 'Reload latest version'}
      </Button>
      {failed && <span className="text-sm text-red-600">It could not be reloaded. Close this form and open it again.</span>}
    </div>
  );
}
