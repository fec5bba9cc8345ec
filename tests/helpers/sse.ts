/** A Server-Sent Events reader over fetch, for tests: events as they arrive, and a wait for the next matching one. */
export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

export interface SseStream {
  response: Response;
  events: SseEvent[];
  /** The first event at or after `from` (an index into `events`) that `match` accepts, waiting up to `timeoutMs`. */
  next(match: (e: SseEvent) => boolean, options?: { from?: number; timeoutMs?: number }): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { Accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = { event: 'message', data: '' };
          const data: string[] = [];
          // Comment lines only (a heartbeat): not an event.
          if (block.split('\n').every((line) => line.startsWith(':'))) continue;
          for (const line of block.split('\n')) {
            if (!line || line.startsWith(':')) continue;
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'data') data.push(value);
            else if (field === 'event') event.event = value;
            else if (field === 'id') event.id = value;
            else if (field === 'retry') event.event = 'retry';
          }
          event.data = data.join('\n');
          events.push(event);
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // Aborted by close().
    }
    for (const wake of waiters) wake();
  })();
  let done = false;
  void ended.then(() => (done = true));

  return {
    response,
    events,
    ended,
    close: () => controller.abort(),
    next(match, { from = 0, timeoutMs = 10_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(from).find(match);
          if (found) return finish(() => resolve(found));
          if (done) finish(() => reject(new Error(`the stream ended first; events: ${JSON.stringify(events)}`)));
        };
        const timer = setTimeout(() => finish(() => reject(new Error(`no such event in ${timeoutMs} ms; events: ${JSON.stringify(events)}`))), timeoutMs);
        const finish = (then: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          then();
        };
        waiters.add(check);
        check();
      });
    },
  };
}
