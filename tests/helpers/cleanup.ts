import { afterAll, onTestFinished } from 'vitest';

/**
 * Runs `fn` when what is being set up ends: the test, when called inside one, else the file or its describe block.
 * An `afterAll` registered inside a test is never run, so a helper called there (an app made for one test) would
 * otherwise keep its pools, workers and servers until the process ends.
 */
export function whenDone(fn: () => unknown): void {
  try {
    onTestFinished(async () => void (await fn()));
  } catch {
    // Not inside a test: "onTestFinished() can only be called inside a test".
    afterAll(async () => void (await fn()));
  }
}
