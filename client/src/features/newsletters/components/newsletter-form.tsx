import { useState, type FormEvent } from 'react';
import type { NewsletterOverview } from '#shared/types';
import { FormDialog } from '#client/components/ui/form-dialog';
import { filterFieldClass, filterLabelClass } from '#client/components/ui/list-filters';
import { useToast } from '#client/components/ui/toast';
import { errorText } from '#client/lib/error-text';
import { useEditNewsletter } from '../api/dashboard';

type Newsletter = NewsletterOverview['newsletters'][number];

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** An admin's edit of a newsletter (docs/decisions/069-newsletters.md): its name, sender, hour, contents, and pausing it. */
export function NewsletterForm({ newsletter, onClose }: { newsletter: Newsletter; onClose(): void }) {
  const [values, setValues] = useState({
    name: newsletter.name,
    description: newsletter.description,
    senderName: newsletter.senderName,
    sendHour: newsletter.sendHour,
    weekday: newsletter.weekday,
    articleCount: newsletter.articleCount,
    order: newsletter.order,
    active: newsletter.active,
  });
  const edit = useEditNewsletter();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => setValues((v) => ({ ...v, [key]: value }));
  const digest = newsletter.kind !== 'breaking';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    edit.mutate(
      { id: newsletter.id, values },
      {
        onSuccess: () => {
          toast.success('Newsletter saved.');
          onClose();
        },
        onError: (err) => setError(errorText(err, 'Failed to save the newsletter.')),
      },
    );
  };
  const field = `${filterFieldClass} w-full`;
  return (
    <FormDialog
      title={`Edit ${newsletter.name}`}
      onClose={onClose}
      onSubmit={submit}
      busy={{ pending: edit.isPending, succeeded: edit.isSuccess }}
      formError={error}
      submitLabel="Save Changes"
    >
      <div>
        <label htmlFor="newsletter-name" className={filterLabelClass}>
          Name
        </label>
        <input id="newsletter-name" value={values.name} maxLength={80} onChange={(e) => set('name', e.target.value)} className={field} />
      </div>
      <div>
        <label htmlFor="newsletter-description" className={filterLabelClass}>
          Description
        </label>
        <input
          id="newsletter-description"
          value={values.description}
          maxLength={300}
          onChange={(e) => set('description', e.target.value)}
          className={field}
        />
      </div>
      <div>
        <label htmlFor="newsletter-sender" className={filterLabelClass}>
          Sender name (empty: the mail address's own)
        </label>
        <input
          id="newsletter-sender"
          value={values.senderName}
          maxLength={80}
          onChange={(e) => set('senderName', e.target.value)}
          className={field}
        />
      </div>
      {digest && (
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label htmlFor="newsletter-hour" className={filterLabelClass}>
              Hour (newsroom time)
            </label>
            <select
              id="newsletter-hour"
              value={values.sendHour}
              onChange={(e) => set('sendHour', Number(e.target.value))}
              className={field}
            >
              {Array.from({ length: 24 }, (_, h) => (
                <option key={h} value={h}>{`${String(h).padStart(2, '0')}:00`}</option>
              ))}
            </select>
          </div>
          {newsletter.kind === 'weekly' && (
            <div>
              <label htmlFor="newsletter-weekday" className={filterLabelClass}>
                Day
              </label>
              <select
                id="newsletter-weekday"
                value={values.weekday}
                onChange={(e) => set('weekday', Number(e.target.value))}
                className={field}
              >
                {WEEKDAYS.map((day, i) => (
                  <option key={day} value={i + 1}>
                    {day}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div>
            <label htmlFor="newsletter-count" className={filterLabelClass}>
              Articles
            </label>
            <input
              id="newsletter-count"
              type="number"
              min={1}
              max={30}
              value={values.articleCount}
              onChange={(e) => set('articleCount', Number(e.target.value))}
              className={field}
            />
          </div>
          <div>
            <label htmlFor="newsletter-order" className={filterLabelClass}>
              Order
            </label>
            <select
              id="newsletter-order"
              value={values.order}
              onChange={(e) => set('order', e.target.value as 'newsroom' | 'reads')}
              className={field}
            >
              <option value="newsroom">The newsroom&rsquo;s (featured, then newest)</option>
              <option value="reads">Most read</option>
            </select>
          </div>
        </div>
      )}
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={values.active} onChange={(e) => set('active', e.target.checked)} />
        Active: offered to readers and sent (a paused newsletter keeps its subscribers)
      </label>
    </FormDialog>
  );
}
