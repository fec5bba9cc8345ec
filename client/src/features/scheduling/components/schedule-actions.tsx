import { useState } from 'react';
import { Button } from '#client/components/ui/button';
import { useConfirmAction } from '#client/components/ui/use-confirm-action';
import { useSite } from '#client/lib/site-settings';
import { formatWallTime } from '#client/lib/zoned-time';
import { useSchedule, type ScheduleApi } from '../api/schedule';
import { ScheduleDialog, type ScheduleTarget } from './schedule-dialog';

/**
 * Schedule (or Reschedule, or for a published article Schedule End) and Cancel Schedule for one article or headline
 * (docs/decisions/059-scheduling.md); shown to those who may publish. `cancel: false` leaves Cancel Schedule to another
 * place (the crowded row of the articles table: the article's details have it).
 */
export function ScheduleActions({ of, target, cancel: canCancel = true }: { of: ScheduleApi; target: ScheduleTarget; cancel?: boolean }) {
  const { unschedule } = useSchedule(of);
  const confirmAction = useConfirmAction();
  const [open, setOpen] = useState(false);
  const name = `“${target.name}”`;
  const label = target.published ? 'Schedule End' : target.scheduledAt ? 'Reschedule' : 'Schedule';
  const cancel = () =>
    confirmAction({
      title: 'Cancel Schedule',
      message: target.scheduledAt
        ? `Cancel the schedule of ${name}? It will not go live by itself; it goes back to ${of.cancelledTo}.`
        : `Cancel the end of ${name}? It stays published until someone unpublishes it.`,
      confirmLabel: 'Cancel Schedule',
      action: () => unschedule.mutateAsync(target.id),
      success: 'Schedule cancelled.',
      failure: 'Failed to cancel the schedule',
    });
  return (
    <>
      <Button size="xs" variant="secondary" onClick={() => setOpen(true)} disabled={unschedule.isPending} aria-label={`${label}: ${name}`}>
        {label}
      </Button>
      {canCancel && (target.scheduledAt || target.unpublishAt) && (
        <Button
          size="xs"
          variant="secondary"
          onClick={() => void cancel()}
          disabled={unschedule.isPending}
          aria-label={`Cancel the schedule of ${name}`}
        >
          Cancel Schedule
        </Button>
      )}
      {open && <ScheduleDialog of={of} target={target} onClose={() => setOpen(false)} />}
    </>
  );
}

/** When a scheduled item goes live and when a piece ends, in the newsroom's time. */
export function ScheduleNote({ scheduledAt, unpublishAt }: { scheduledAt?: string | null; unpublishAt?: string | null }) {
  const zone = useSite().data?.timeZone ?? 'UTC';
  if (!scheduledAt && !unpublishAt) return null;
  return (
    <p className="text-xs text-slate-600">
      {scheduledAt && (
        <span className="block">
          Goes live <time dateTime={scheduledAt}>{formatWallTime(scheduledAt, zone)}</time>
        </span>
      )}
      {unpublishAt && (
        <span className="block">
          Taken down <time dateTime={unpublishAt}>{formatWallTime(unpublishAt, zone)}</time>
        </span>
      )}
    </p>
  );
}
