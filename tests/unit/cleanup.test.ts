import { describe, expect, it } from 'vitest';
import { whenDone } from '../helpers/cleanup';

// The test helpers (createTestApp, emptyDatabase, mailTestbed) close what they open through whenDone: an app made
// inside a test must be closed when that test ends, not never (an afterAll registered inside a test is not run).
describe('whenDone', () => {
  const ran: string[] = [];
  whenDone(() => ran.push('describe'));

  it('called inside a test, runs when that test ends', () => {
    whenDone(() => ran.push('test'));
    expect(ran).toEqual([]);
  });

  it('has run by the next test; what the block set up waits for the block to end', () => {
    expect(ran).toEqual(['test']);
  });
});
