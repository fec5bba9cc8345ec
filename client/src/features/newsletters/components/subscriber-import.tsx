import { useState, type FormEvent } from 'react';
import type { NewsletterOverview, SubscriberImport } from '#shared/types';
import { FieldShell, controlClass } from '#client/components/ui/field';
import { FormDialog } from '#client/components/ui/form-dialog';
import { ProgressBar } from '#client/components/ui/progress-bar';
import { ApiError } from '#client/lib/api-client';
import { errorText } from '#client/lib/error-text';
import { formatCount, formatNumber } from '#client/lib/format';
import { useImportSubscribers } from '../api/dashboard';

/** The largest file the server takes (server/src/newsletters/subscriber-import.service.ts). */
const MAX_MB = 10;

/**
 * An admin's import of subscribers from CSV (docs/decisions/069-newsletters.md): the file, the newsletters of a list
 * without a newsletters column, and what the import did — or each wrong row, when nothing was imported.
 */
export function SubscriberImportDialog({ newsletters, onClose }: { newsletters: NewsletterOverview['newsletters']; onClose(): void }) {
  const [file, setFile] = useState<File | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<{ message: string; details: string[] } | null>(null);
  const [result, setResult] = useState<SubscriberImport | null>(null);
  const importing = useImportSubscribers(setProgress);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!file) return setError({ message: 'Choose a CSV file to import.', details: [] });
    if (file.size > MAX_MB * 1024 * 1024) return setError({ message: `The file is too large (at most ${MAX_MB} MB).`, details: [] });
    setProgress(0);
    importing.mutate(
      { file, newsletters: chosen },
      {
        onSuccess: setResult,
        onError: (err) => setError({ message: errorText(err, 'The import failed.'), details: err instanceof ApiError ? err.details : [] }),
      },
    );
  };

  return (
    <FormDialog
      title="Import Subscribers"
      size="lg"
      onClose={onClose}
      onSubmit={submit}
      busy={{ pending: importing.isPending, succeeded: false }}
      formError={error?.message ?? null}
      submitLabel="Import"
      pendingLabel="Importing…"
      finished={result !== null}
    >
      {/* One live region from the start, so that what the import did, or the rows to mend, is read out when it comes. */}
      <div role="status" className="space-y-1 text-sm text-slate-800">
        {result ? (
          <>
            <p className="font-medium text-slate-900">{formatCount(result.rows - result.skipped, 'address', 'addresses')} imported.</p>
            <p>
              {formatNumber(result.created)} new, {formatNumber(result.existing)} already{' '}
              {result.existing === 1 ? 'a subscriber' : 'subscribers'} (they keep their consent date);{' '}
              {formatCount(result.subscriptions, 'subscription', 'subscriptions')} added
              {result.suppressed > 0 && <>; {formatNumber(result.suppressed)} put on the suppression list</>}
              {result.skipped > 0 && (
                <>; {formatCount(result.skipped, 'new address', 'new addresses')} with no newsletter (people who left) not kept</>
              )}
              .
            </p>
          </>
        ) : (
          error &&
          error.details.length > 0 && (
            <ul aria-label="Rows to mend" className="max-h-48 list-disc overflow-auto pl-5 text-red-700">
              {error.details.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          )
        )}
      </div>
      {!result && (
        <>
          <FieldShell
            label="CSV file"
            hint={
              <>
                Columns <code>email</code> and <code>consented_at</code> (when the person agreed, like 2025-06-01), and optionally{' '}
                <code>newsletters</code> (slugs separated by spaces), <code>suppressed_at</code> and <code>suppressed_reason</code>: the
                export&rsquo;s own columns. At most {MAX_MB} MB. Every row is checked first: a file with a wrong row imports nothing. Known
                addresses keep their consent date and suppression; an empty newsletters cell adds none.
              </>
            }
          >
            {({ id, describedBy }) => (
              <input
                id={id}
                type="file"
                accept=".csv,text/csv"
                aria-describedby={describedBy}
                className={controlClass}
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            )}
          </FieldShell>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Newsletters for a file without a newsletters column</legend>
            <div className="mt-2 grid gap-1 sm:grid-cols-2">
              {newsletters.map((n) => (
                <label key={n.id} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    checked={chosen.includes(n.slug)}
                    onChange={(e) => setChosen((c) => (e.target.checked ? [...c, n.slug] : c.filter((s) => s !== n.slug)))}
                  />
                  {n.name} <span className="text-slate-600">({n.slug})</span>
                </label>
              ))}
            </div>
          </fieldset>
          {importing.isPending && (
            <ProgressBar value={progress} label={progress < 1 ? 'Uploading the file' : 'Checking and importing the rows'} />
          )}
        </>
      )}
    </FormDialog>
  );
}
