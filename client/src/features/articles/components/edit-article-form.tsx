import { joinNames } from '#shared/byline';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Article } from '#shared/types';
import { useToast } from '#client/components/ui/toast';
import { DialogForm } from '#client/components/ui/form-dialog';
import { ApiError } from '#client/lib/api-client';
import { useDashboardUser } from '#client/lib/dashboard-user';
import { errorText, isStaleVersion } from '#client/lib/error-text';
import { getArticle } from '../api/get-article';
import { usePresence } from '../api/presence';
import { refetchArticleLists } from '../api/refetch-article-lists';
import { updateArticle } from '../api/update-article';
import { useArticleForm } from '../hooks/use-article-form';
import { clearLocalCopy, localCopyKey, readLocalCopy, sameValues, writeLocalCopy } from '../lib/local-copy';
import { articleMessages } from '../lib/messages';
import { validateArticleEdit, type ArticleFormValues } from '../lib/validation';
import { ArticleFields, type CategoryField } from './article-fields';
import { ConflictPanel } from './conflict-panel';

/** How long after the last keystroke a draft is saved, and how often a save that found no server is tried again. */
export const AUTOSAVE_MS = 2_500;
const OFFLINE_RETRY_MS = 5_000;

type SaveStatus = 'idle' | 'unsaved' | 'saving' | 'saved' | 'offline' | 'unreachable' | 'invalid' | 'error' | 'conflict';

export const formValues = (article: Article): ArticleFormValues => ({
  title: article.title,
  summary: article.summary,
  content: article.content,
  categoryId: article.categoryId,
  section: article.section,
  coAuthorIds: (article.coAuthors ?? []).map((person) => person.id),
});

/** What the editor says of its changes, as a screen reader hears it too. */
function statusText(status: SaveStatus, autosaves: boolean, error: string | null): string {
  switch (status) {
    case 'unsaved':
      return autosaves ? 'Unsaved changes' : 'Unsaved changes, kept on this device until you save them';
    case 'saving':
      return 'Saving…';
    case 'saved':
      return 'Saved';
    case 'offline':
      return 'Offline: changes kept on this device';
    case 'unreachable':
      return 'The server is not answering: changes kept on this device, trying again';
    case 'invalid':
      return 'Not saved yet: a required field is empty. Changes kept on this device';
    case 'error':
      return `Not saved: ${error ?? articleMessages.updateFailed}. Changes kept on this device`;
    default:
      return '';
  }
}

/** "Ada is editing", "Ada and Grace are editing": who else has the article open (docs/decisions/063). */
function PresenceNote({ articleId, selfId }: { articleId: string; selfId: string }) {
  const editors = usePresence(articleId, true);
  if (editors.length === 0) return null;
  const names = editors.map((e) => (e.id === selfId ? 'You, in another tab,' : e.name));
  const who = joinNames(names);
  return (
    <p role="status" className="flex items-center gap-2 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900">
      <span aria-hidden="true" className="h-2 w-2 rounded-full bg-sky-600" />
      {who} {names.length === 1 && names[0] !== 'You, in another tab,' ? 'is' : 'are'} editing this article.
    </p>
  );
}

/**
 * The edit form of an article (docs/decisions/063-autosave-presence-conflicts.md). A draft (or an unpublished article)
 * saves itself a few seconds after typing stops; every change is kept on this device until the server has it, so a
 * reload, a closed tab or a time offline loses nothing; leaving the page with unsaved changes asks first. A save
 * refused because someone else saved first shows both versions, to keep one or the other: never a silent overwrite.
 * Who else has the article open shows above the fields, live.
 */
export function EditArticleForm({
  article,
  onCancel,
  onSaved,
  CategoryField,
}: {
  article: Article;
  onCancel(): void;
  onSaved(): void;
  CategoryField: CategoryField;
}) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const { user } = useDashboardUser();
  const copyKey = localCopyKey(user.id, article.id);
  // What is public is saved only when its editor says so; a draft saves itself.
  const autosaves = article.status === 'draft' || article.status === 'unpublished';
  // Changes kept on this device from an earlier visit: restored, or compared with what was saved since.
  const [kept] = useState(() => {
    const copy = readLocalCopy(copyKey, formValues(article).coAuthorIds);
    return copy && !sameValues(copy.values, formValues(article)) ? copy : null;
  });
  const form = useArticleForm(() => kept?.values ?? formValues(article), validateArticleEdit);
  const values = form.fields.values;
  // What the server has, as far as this form knows: the values and the version its next save names.
  const [server, setServerState] = useState(() => ({ values: formValues(article), version: kept?.version ?? article.version }));
  // Read by a save when it runs (saves queue, and the next may run before React renders the last one's answer).
  const serverRef = useRef(server);
  const setServer = (next: typeof server) => {
    serverRef.current = next;
    setServerState(next);
  };
  const [theirs, setTheirs] = useState<{ article: Article; values: ArticleFormValues } | null>(() =>
    kept && kept.version !== article.version ? { article, values: formValues(article) } : null,
  );
  const [status, setStatus] = useState<SaveStatus>(kept ? (theirs ? 'conflict' : 'unsaved') : 'idle');
  // Said until the restored changes are saved.
  const [restored, setRestored] = useState(kept !== null && theirs === null);
  const [error, setError] = useState<string | null>(null);
  // Everyone this form has seen named a co-author (a newer version may name one no longer in the staff list).
  const [named, setNamed] = useState(() => article.coAuthors ?? []);
  const [saving, setSaving] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // One save at a time: a click on Save during an autosave runs after it, naming the version it gave.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  // Remounts the fields when their values are set from outside (the rich-text editor keeps its own state).
  const [loaded, setLoaded] = useState(0);
  const latest = useRef(values);
  latest.current = values;
  const savedAny = useRef(false);
  // The values a save was refused for (a 4xx): not sent again until they change.
  const refused = useRef<ArticleFormValues | null>(null);
  const dirty = !sameValues(values, server.values);

  // Every change is kept on this device until the server has it.
  useEffect(() => {
    if (dirty) writeLocalCopy(copyKey, { values, version: server.version, savedAt: Date.now() });
    else {
      // Another tab's kept changes to the same article are not this tab's to drop.
      const stored = readLocalCopy(copyKey, values.coAuthorIds);
      if (!stored || sameValues(stored.values, values)) clearLocalCopy(copyKey);
    }
  }, [copyKey, dirty, values, server.version]);

  // Leaving the page (a reload, a closed tab, another address) with changes the server does not have asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const save = (mode: 'auto' | 'manual', version?: number): Promise<boolean> => {
    const run = queue.current.then(() => saveNow(mode, version ?? serverRef.current.version));
    queue.current = run;
    return run;
  };

  async function saveNow(mode: 'auto' | 'manual', version: number): Promise<boolean> {
    const sent = latest.current;
    // Nothing left to save (an autosave that a manual save or a retry overtook).
    if (mode === 'auto' && sameValues(sent, serverRef.current.values)) return true;
    const checked = validateArticleEdit(sent);
    if (!checked.ok) {
      if (mode === 'manual') form.check();
      setStatus('invalid');
      return false;
    }
    setSaving(true);
    setStatus('saving');
    setError(null);
    try {
      const saved = await updateArticle(article.id, checked.value, version);
      savedAny.current = true;
      setServer({ values: sent, version: saved.version });
      setTheirs(null);
      setRestored(false);
      setStatus(sameValues(latest.current, sent) ? 'saved' : 'unsaved');
      return true;
    } catch (err) {
      if (isStaleVersion(err)) {
        const current = await getArticle(article.id).catch(() => null);
        if (current) {
          setTheirs({ article: current, values: formValues(current) });
          // Their co-authors' names, for the form once their version is taken.
          setNamed((known) => [...known, ...(current.coAuthors ?? []).filter((p) => !known.some((k) => k.id === p.id))]);
        }
        setStatus(current ? 'conflict' : 'offline');
      } else if (err instanceof ApiError && err.status === 0) setStatus('offline');
      // A deploy, an overloaded server, a balancer between replicas: it will pass.
      else if (err instanceof ApiError && (err.status >= 500 || err.status === 429)) setStatus('unreachable');
      else {
        refused.current = sent;
        setError(errorText(err, articleMessages.updateFailed));
        setStatus('error');
      }
      if (mode === 'manual' && !isStaleVersion(err)) toast.error(errorText(err, articleMessages.updateFailed));
      return false;
    } finally {
      setSaving(false);
    }
  }

  // A draft saves itself once typing stops.
  useEffect(() => {
    // Offline, the retries below take over; after a refusal (a 4xx), the next change tries again.
    if (!autosaves || !dirty || theirs || saving || status === 'offline' || status === 'unreachable') return;
    if (status === 'error' && refused.current === values) return;
    setStatus('unsaved');
    const timer = setTimeout(() => void save('auto'), AUTOSAVE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `save` reads the latest values through refs
  }, [autosaves, dirty, values, theirs, saving]);

  // Offline (or the server not answering): a draft is tried again now and then, and as soon as the browser is back
  // online. What is public waits for its editor's next Save.
  useEffect(() => {
    if ((status !== 'offline' && status !== 'unreachable') || !autosaves) return;
    const retry = () => void save('auto');
    const timer = setInterval(retry, OFFLINE_RETRY_MS);
    window.addEventListener('online', retry);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', retry);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- as above
  }, [status, autosaves]);

  // A published article's edits are kept on this device until saved: say so.
  useEffect(() => {
    if (!autosaves && dirty && (status === 'idle' || status === 'saved')) setStatus('unsaved');
  }, [autosaves, dirty, status]);

  const close = (then: () => void) => {
    if (savedAny.current) void refetchArticleLists(queryClient, 'full-and-published');
    then();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    const ok = await save('manual');
    setSubmitting(false);
    if (ok) {
      toast.success('Article updated successfully.');
      close(onSaved);
    }
  };

  const takeTheirs = () => {
    if (!theirs) return;
    form.setValues(theirs.values);
    setServer({ values: theirs.values, version: theirs.article.version });
    setTheirs(null);
    setStatus('idle');
    setLoaded((n) => n + 1);
    clearLocalCopy(copyKey);
  };
  const keepMine = async () => {
    if (theirs && (await save('manual', theirs.article.version))) toast.success('Your version was saved.');
  };

  const said = statusText(status, autosaves, error);
  return (
    <div className="space-y-4">
      <PresenceNote articleId={article.id} selfId={user.id} />
      {restored && !theirs && (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">Your unsaved changes from this device were restored.</p>
      )}
      {theirs ? (
        <ConflictPanel mine={values} theirs={theirs} busy={saving} onKeepMine={() => void keepMine()} onTakeTheirs={takeTheirs} />
      ) : (
        <DialogForm
          onSubmit={(e) => void submit(e)}
          onCancel={() => {
            // Cancel discards what the server does not have; what autosave saved stays saved.
            clearLocalCopy(copyKey);
            close(onCancel);
          }}
          busy={{ pending: submitting, succeeded: false }}
          formError={null}
          submitLabel="Save Changes"
        >
          <p
            role="status"
            aria-label="Save status"
            aria-live="polite"
            className={`min-h-5 text-sm ${['offline', 'invalid', 'error'].includes(status) ? 'font-medium text-amber-800' : 'text-slate-600'}`}
          >
            {/* Heard when it matters (saved, kept, refused); the steps between are only shown. */}
            {status === 'unsaved' || status === 'saving' ? <span aria-hidden="true">{said}</span> : said}
          </p>
          <ArticleFields
            key={loaded}
            {...form.fields}
            disabled={false}
            CategoryField={CategoryField}
            byline={{ authorId: article.author.id, named }}
          />
        </DialogForm>
      )}
    </div>
  );
}
