import { useState, type FormEvent } from 'react';
import type { NewsletterOverview } from '#shared/types';
import { Field, Select } from '#client/components/ui/field';
import { FormDialog } from '#client/components/ui/form-dialog';
import { useToast } from '#client/components/ui/toast';
import { errorText } from '#client/lib/error-text';
import { useCreateNewsletter, useEditNewsletter } from '../api/dashboard';

type Newsletter = NewsletterOverview['newsletters'][number];

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const NEW_DIGEST = {
  name: '',
  description: '',
  senderName: '',
  sendHour: 7,
  weekday: 1,
  articleCount: 8,
  order: 'newsroom' as 'newsroom' | 'reads',
  active: true,
};

/**
 * An admin's newsletter (docs/decisions/069-newsletters.md): a new daily or weekly digest, or the edit of one: its name,
 * sender, hour, contents, and pausing it.
 */
export function NewsletterForm({ newsletter, onClose }: { newsletter?: Newsletter; onClose(): void }) {
  const [values, setValues] = useState(() =>
    newsletter
      ? {
          name: newsletter.name,
          description: newsletter.description,
          senderName: newsletter.senderName,
          sendHour: newsletter.sendHour,
          weekday: newsletter.weekday,
          articleCount: newsletter.articleCount,
          order: newsletter.order,
          active: newsletter.active,
        }
      : NEW_DIGEST,
  );
  const [kind, setKind] = useState<Newsletter['kind']>(newsletter?.kind ?? 'daily');
  const edit = useEditNewsletter();
  const create = useCreateNewsletter();
  const saving = newsletter ? edit : create;
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => setValues((v) => ({ ...v, [key]: value }));
  const digest = kind !== 'breaking';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const done = {
      onSuccess: () => {
        toast.success(newsletter ? 'Newsletter saved.' : 'Newsletter created.');
        onClose();
      },
      onError: (err: unknown) => setError(errorText(err, 'Failed to save the newsletter.')),
    };
    if (newsletter) edit.mutate({ id: newsletter.id, values }, done);
    else create.mutate({ ...values, kind }, done);
  };
  return (
    <FormDialog
      title={newsletter ? `Edit ${newsletter.name}` : 'New Newsletter'}
      onClose={onClose}
      onSubmit={submit}
      busy={{ pending: saving.isPending, succeeded: saving.isSuccess }}
      formError={error}
      submitLabel={newsletter ? 'Save Changes' : 'Create Newsletter'}
    >
      <Field label="Name" value={values.name} maxLength={80} required onChange={(e) => set('name', e.target.value)} />
      <Field label="Description" value={values.description} maxLength={300} onChange={(e) => set('description', e.target.value)} />
      <Field
        label="Sender name (empty: the mail address's own)"
        value={values.senderName}
        maxLength={80}
        onChange={(e) => set('senderName', e.target.value)}
      />
      {!newsletter && (
        <Select label="Sent" value={kind} onChange={(e) => setKind(e.target.value as 'daily' | 'weekly')}>
          <option value="daily">Every day</option>
          <option value="weekly">Every week</option>
        </Select>
      )}
      {digest && (
        <div className="grid grid-cols-2 gap-3">
          <Select label="Hour (newsroom time)" value={values.sendHour} onChange={(e) => set('sendHour', Number(e.target.value))}>
            {Array.from({ length: 24 }, (_, h) => (
              <option key={h} value={h}>{`${String(h).padStart(2, '0')}:00`}</option>
            ))}
          </Select>
          {kind === 'weekly' && (
            <Select label="Day" value={values.weekday} onChange={(e) => set('weekday', Number(e.target.value))}>
              {WEEKDAYS.map((day, i) => (
                <option key={day} value={i + 1}>
                  {day}
                </option>
              ))}
            </Select>
          )}
          <Field
            label="Articles"
            type="number"
            min={1}
            max={30}
            value={values.articleCount}
            onChange={(e) => set('articleCount', Number(e.target.value))}
          />
          <Select
            label="Order"
            className="col-span-2"
            value={values.order}
            onChange={(e) => set('order', e.target.value as 'newsroom' | 'reads')}
          >
            <option value="newsroom">The newsroom&rsquo;s (featured, then newest)</option>
            <option value="reads">Most read</option>
          </Select>
        </div>
      )}
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={values.active} onChange={(e) => set('active', e.target.checked)} />
        Active: offered to readers and sent (a paused newsletter keeps its subscribers)
      </label>
    </FormDialog>
  );
}
