import { useState, type FormEvent } from 'react';
import { LIMITS } from '#shared/constants';
import { Dialog } from '#client/components/ui/dialog';
import { Field, FormError } from '#client/components/ui/field';
import { FormDialog } from '#client/components/ui/form-dialog';
import { useFormSubmit } from '#client/components/ui/use-form-submit';
import { useSite } from '#client/lib/site-settings';
import { formatWallTime, localZone, wallTime, zonedInstant, type WallTime } from '#client/lib/zoned-time';
import { useSchedule, type ScheduleApi, type ScheduleTimes } from '../api/schedule';

const HOUR_MS = 3_600_000;
/** The server's bound (docs/decisions/059-scheduling.md), said in the form. */
const latest = () => Date.now() + LIMITS.scheduleMaxDaysAhead * 24 * HOUR_MS;
const TOO_FAR = `Choose a time within the next ${LIMITS.scheduleMaxDaysAhead} days.`;

/** The next full hour but one: a time in the future, on the hour, that an editor changes rather than types. */
const nextHour = () => new Date(Math.ceil(Date.now() / HOUR_MS) * HOUR_MS + HOUR_MS);

/**
 * A date and a time in the newsroom's zone (docs/decisions/059-scheduling.md), and, beside them, what that is on this
 * device's clock when its zone is another.
 */
function ZonedTimeFields({
  legend,
  value,
  zone,
  error,
  onChange,
}: {
  legend: string;
  value: WallTime;
  zone: string;
  error?: string;
  onChange(value: WallTime): void;
}) {
  const instant = zonedInstant(value, zone);
  const mine = localZone();
  const hint = !instant
    ? `In the newsroom's time zone, ${zone}.`
    : mine === zone
      ? `${formatWallTime(instant, zone)}, newsroom time (${zone}), which is also yours.`
      : `${formatWallTime(instant, zone)}, newsroom time (${zone}). Your time: ${formatWallTime(instant)}.`;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Date" type="date" value={value.date} onChange={(e) => onChange({ ...value, date: e.target.value })} required />
        <Field label="Time" type="time" value={value.time} onChange={(e) => onChange({ ...value, time: e.target.value })} required />
      </div>
      <p className="text-sm text-slate-600">{hint}</p>
      {error && (
        <p className="text-sm font-medium text-red-700" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export interface ScheduleTarget {
  id: string;
  /** What the dialog names: an article's title, a headline. */
  name: string;
  /** Published already: only its end can be set (articles). */
  published: boolean;
  scheduledAt?: string | null;
  unpublishAt?: string | null;
  /** The version the editor sees (articles): a schedule approves that text. */
  version?: number;
}

/**
 * Schedule an article or a headline: when it goes live by itself, and for an article, optionally when it is taken
 * down. Times are typed in the newsroom's time zone; the server checks them against its clock (in the future, in order).
 */
export function ScheduleDialog({ of, target, onClose }: { of: ScheduleApi; target: ScheduleTarget; onClose(): void }) {
  const site = useSite();
  // Times are typed in the newsroom's zone: none is guessed while the settings are read.
  if (!site.data)
    return (
      <Dialog open title="Schedule" onClose={onClose}>
        {site.isError ? (
          <FormError message="The newsroom's time zone could not be read. Close this and try again." />
        ) : (
          <p className="text-sm text-slate-600" role="status">
            Reading the newsroom’s time zone…
          </p>
        )}
      </Dialog>
    );
  return <ScheduleForm of={of} target={target} zone={site.data.timeZone} onClose={onClose} />;
}

function ScheduleForm({ of, target, zone, onClose }: { of: ScheduleApi; target: ScheduleTarget; zone: string; onClose(): void }) {
  const { schedule } = useSchedule(of);
  const start = target.scheduledAt ? new Date(target.scheduledAt) : nextHour();
  const [publish, setPublish] = useState<WallTime>(() => wallTime(start, zone));
  const [ends, setEnds] = useState(Boolean(target.unpublishAt));
  const [end, setEnd] = useState<WallTime>(() =>
    wallTime(target.unpublishAt ? new Date(target.unpublishAt) : new Date(start.getTime() + 7 * 24 * HOUR_MS), zone),
  );
  const [errors, setErrors] = useState<{ publish?: string; end?: string }>({});
  const { formError, succeeded, save } = useFormSubmit(onClose, of.noun);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const publishAt = target.published ? null : zonedInstant(publish, zone);
    const unpublishAt = ends ? zonedInstant(end, zone) : null;
    const found: typeof errors = {};
    if (!target.published && !publishAt) found.publish = 'Enter a date and a time.';
    else if (publishAt && publishAt.getTime() <= Date.now()) found.publish = 'Choose a time in the future.';
    else if (publishAt && publishAt.getTime() > latest()) found.publish = TOO_FAR;
    if (ends && !unpublishAt) found.end = 'Enter a date and a time, or untick the end.';
    else if (unpublishAt && unpublishAt.getTime() <= (publishAt ?? new Date()).getTime())
      found.end = target.published ? 'Choose a time in the future.' : 'Choose a time after it goes live.';
    else if (unpublishAt && unpublishAt.getTime() > latest()) found.end = TOO_FAR;
    setErrors(found);
    if (found.publish || found.end) return;
    const times: ScheduleTimes = {
      ...(publishAt ? { publishAt: publishAt.toISOString() } : {}),
      ...(of.hasEnd ? { unpublishAt: unpublishAt?.toISOString() ?? null } : {}),
      ...(target.version ? { version: target.version } : {}),
    };
    await save(
      () => schedule.mutateAsync({ id: target.id, times }),
      target.published ? (unpublishAt ? 'End time saved.' : 'End time removed.') : `Scheduled for ${formatWallTime(publishAt!, zone)}.`,
      'Failed to schedule',
    );
  };

  return (
    <FormDialog
      title={target.published ? 'Schedule End' : target.scheduledAt ? 'Reschedule' : 'Schedule'}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      busy={{ pending: schedule.isPending, succeeded }}
      formError={formError}
      submitLabel={target.published ? 'Save End Time' : 'Schedule'}
      pendingLabel="Scheduling…"
    >
      <p className="text-sm text-slate-700">
        {target.published
          ? `“${target.name}” is published. It can be taken down by itself at a time you set.`
          : `“${target.name}” goes live by itself at the time you set, and not a minute before: nothing of it is public until then.`}
      </p>
      {!target.published && (
        <ZonedTimeFields
          legend="Goes live"
          value={publish}
          zone={zone}
          error={errors.publish}
          onChange={(value) => {
            setPublish(value);
            setErrors((e) => ({ ...e, publish: undefined }));
          }}
        />
      )}
      {of.hasEnd && (
        <>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={ends}
              onChange={(e) => {
                setEnds(e.target.checked);
                setErrors((x) => ({ ...x, end: undefined }));
              }}
              className="size-4 rounded border-slate-400"
            />
            Take it down by itself at a set time
          </label>
          {ends && (
            <ZonedTimeFields
              legend="Taken down"
              value={end}
              zone={zone}
              error={errors.end}
              onChange={(value) => {
                setEnd(value);
                setErrors((e) => ({ ...e, end: undefined }));
              }}
            />
          )}
        </>
      )}
    </FormDialog>
  );
}
