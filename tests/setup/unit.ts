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
