import { useId, useState } from 'react';
import type { NewsletterOverview } from '#shared/types';
import { ErrorBox } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { filterFieldClass, filterLabelClass } from '#client/components/ui/list-filters';
import { useToast } from '#client/components/ui/toast';
import { errorText } from '#client/lib/error-text';
import { previewEdition, testEdition, useEditionArticles, useSendEdition, type EditionInput } from '../api/dashboard';

/**
 * A special edition (docs/decisions/069-newsletters.md): a newsletter, a subject, an intro and published articles in the
 * order ticked; previewed as readers get it at a phone's and a desktop's width, tested on the editor's own address,
 * sent now or at a time.
 */
export function EditionPanel({ newsletters, onDone }: { newsletters: NewsletterOverview['newsletters']; onDone(): void }) {
  const id = useId();
  const active = newsletters.filter((n) => n.active);
  const [newsletterId, setNewsletterId] = useState(active[0]?.id ?? '');
  const [subject, setSubject] = useState('');
  const [intro, setIntro] = useState('');
  const [articleIds, setArticleIds] = useState<string[]>([]);
  const [sendAt, setSendAt] = useState('');
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'test' | null>(null);
  const articles = useEditionArticles();
  const send = useSendEdition();
  const toast = useToast();
  const edition: EditionInput = { subject, intro, articleIds };

  const run = async (what: 'preview' | 'test') => {
    setBusy(what);
    setError(null);
    try {
      if (what === 'preview') setPreview((await previewEdition(newsletterId, edition)).html);
      else toast.success((await testEdition(newsletterId, edition)).message);
    } catch (err) {
      setError(errorText(err, what === 'preview' ? 'The preview failed.' : 'The test was not sent.'));
    } finally {
      setBusy(null);
    }
  };
  const submit = async () => {
    setError(null);
    try {
      await send.mutateAsync({ newsletterId, edition, sendAt: sendAt ? new Date(sendAt).toISOString() : undefined });
      toast.success(sendAt ? 'The edition is scheduled.' : 'The edition is sending.');
      onDone();
    } catch (err) {
      setError(errorText(err, 'The edition was not sent.'));
    }
  };
  const toggle = (articleId: string, on: boolean) =>
    setArticleIds((ids) => (on ? [...ids, articleId] : ids.filter((x) => x !== articleId)));

  return (
    <section aria-labelledby={`${id}-heading`} className="mb-10 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        New special edition
      </h2>
      {error && <ErrorBox className="mt-4">{error}</ErrorBox>}
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <div>
          <label htmlFor={`${id}-newsletter`} className={filterLabelClass}>
            Newsletter
          </label>
          <select
            id={`${id}-newsletter`}
            value={newsletterId}
            onChange={(e) => setNewsletterId(e.target.value)}
            className={`${filterFieldClass} w-full`}
          >
            {active.map((n) => (
              <option key={n.id} value={n.id}>
                {n.name} ({n.subscribers})
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-subject`} className={filterLabelClass}>
            Subject
          </label>
          <input
            id={`${id}-subject`}
            value={subject}
            maxLength={200}
            onChange={(e) => setSubject(e.target.value)}
            className={`${filterFieldClass} w-full`}
          />
        </div>
        <div className="md:col-span-2">
          <label htmlFor={`${id}-intro`} className={filterLabelClass}>
            Intro
          </label>
          <textarea
            id={`${id}-intro`}
            value={intro}
            maxLength={2000}
            rows={3}
            onChange={(e) => setIntro(e.target.value)}
            className={`${filterFieldClass} w-full`}
          />
        </div>
      </div>
      <fieldset className="mt-4">
        <legend className={filterLabelClass}>Articles, in the order ticked ({articleIds.length})</legend>
        {articles.isPending ? (
          <p className="text-sm text-slate-600">Loading articles...</p>
        ) : articles.isError ? (
          <ErrorBox>Failed to load the articles.</ErrorBox>
        ) : (
          <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200">
            {articles.data.map((a) => (
              <li key={a.id}>
                <label className="flex cursor-pointer items-start gap-2 px-3 py-2 text-sm text-slate-800 hover:bg-slate-50">
                  <input
                    type="checkbox"
                    className="mt-0.5"
                    checked={articleIds.includes(a.id)}
                    onChange={(e) => toggle(a.id, e.target.checked)}
                  />
                  <span>
                    {articleIds.includes(a.id) && <span className="mr-1 font-semibold">{articleIds.indexOf(a.id) + 1}.</span>}
                    {a.title}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <Button variant="secondary" size="sm" disabled={!newsletterId || busy !== null} onClick={() => void run('preview')}>
          {busy === 'preview' ? 'Previewing...' : 'Preview'}
        </Button>
        <Button variant="secondary" size="sm" disabled={!newsletterId || busy !== null} onClick={() => void run('test')}>
          {busy === 'test' ? 'Sending the test...' : 'Send a test to me'}
        </Button>
        <div>
          <label htmlFor={`${id}-send-at`} className={filterLabelClass}>
            Send at (empty: now)
          </label>
          <input
            id={`${id}-send-at`}
            type="datetime-local"
            value={sendAt}
            onChange={(e) => setSendAt(e.target.value)}
            className={filterFieldClass}
          />
        </div>
        <Button size="sm" disabled={!newsletterId || send.isPending} onClick={() => void submit()}>
          {send.isPending ? 'Sending...' : sendAt ? 'Schedule' : 'Send now'}
        </Button>
        <Button variant="secondary" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
      {preview !== null && (
        <div className="mt-6 flex flex-wrap items-start gap-6">
          {(
            [
              ['Phone', 375],
              ['Desktop', 640],
            ] as const
          ).map(([label, width]) => (
            <figure key={label} className="max-w-full">
              <figcaption className="mb-1 text-sm font-medium text-slate-700">
                {label} ({width} px)
              </figcaption>
              <iframe
                title={`Preview at ${label.toLowerCase()} width`}
                srcDoc={preview}
                sandbox=""
                className="h-[32rem] max-w-full rounded-md border border-slate-300 bg-white"
                style={{ width }}
              />
            </figure>
          ))}
        </div>
      )}
    </section>
  );
}
