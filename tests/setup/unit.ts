import { afterEach, vi } from 'vitest';

// STYLE.md: console.error during a test is a failure unless the test expects it (by spying on it).
// Wrapped once per process: each worker runs its files one after another without importing the modules again
// (vitest.config.ts `isolate: false`), and runs this file before each of them.
const seen = Symbol.for('chronicle.tests.consoleErrors');
const hold = globalThis as unknown as Record<symbol, unknown[][]>;
if (!hold[seen]) {
  hold[seen] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => {
    hold[seen]!.push(args);
    original(...args);
  };
}

afterEach(() => {
  const errors = hold[seen]!.splice(0);
  if (errors.length && !vi.isMockFunction(console.error)) {
    throw new Error(`console.error was called during the test: ${errors.map((a) => a.map(String).join(' ')).join('\n')}`);
  }
});

// jsdom has <dialog> but not its modal methods: opening sets `open`, closing clears it and fires `close`.
// The top layer, the inert page behind and Escape's close request are the browser's (tests/e2e).
if (typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
