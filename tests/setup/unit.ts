import { afterEach, vi } from 'vitest';

// STYLE.md: console.error during a test is a failure unless the test expects it (by spying on it).
let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length && !vi.isMockFunction(console.error)) {
    throw new Error(`console.error was called during the test: ${seen.map((a) => a.map(String).join(' ')).join('\n')}`);
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
