import { createParser } from 'eventsource-parser';
import { useEffect, useState } from 'react';
import { getToken } from '#client/lib/api-client';
import * as apiPaths from '#client/config/api-paths';

export interface Editor {
  id: string;
  name: string;
}

/** After a stream ends or fails, and after a refusal (429: this person holds too many already), before trying again. */
const RETRY_MS = 3_000;
const REFUSED_RETRY_MS = 30_000;

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * The others who have `articleId` open in the editor, live (GET /api/articles/:id/presence), while `enabled`: the
 * caller counts as present meanwhile. The stream is read with fetch, not EventSource, which cannot send the
 * Authorization header; eventsource-parser reads its events. A stream that ends or fails is opened again.
 */
export function usePresence(articleId: string, enabled: boolean): Editor[] {
  const [editors, setEditors] = useState<Editor[]>([]);
  useEffect(() => {
    if (!enabled) return;
    const stop = new AbortController();
    const parser = createParser({
      onEvent: (event) => {
        if (event.event === 'presence') setEditors((JSON.parse(event.data) as { editors: Editor[] }).editors);
      },
    });
    void (async () => {
      while (!stop.signal.aborted) {
        let wait = RETRY_MS;
        try {
          const token = getToken();
          const res = await fetch(apiPaths.articles.presence(articleId), {
            headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
            signal: stop.signal,
            credentials: 'include',
          });
          if (res.status === 429) wait = REFUSED_RETRY_MS;
          // Not theirs to edit (any more), or gone: asking again will not change that.
          else if (res.status >= 400 && res.status < 500) return void (await res.body?.cancel());
          if (res.ok && res.body) {
            parser.reset();
            const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
            for (;;) {
              const { done, value } = await reader.read();
              if (done) break;
              parser.feed(value);
            }
          } else await res.body?.cancel();
        } catch {
          // Offline, or aborted: tried again below unless stopped.
        }
        // Who is here is not known until the stream is back.
        if (!stop.signal.aborted) setEditors([]);
        await pause(wait, stop.signal);
      }
    })();
    return () => stop.abort();
  }, [articleId, enabled]);
  return enabled ? editors : [];
}
