import { describe, expect, it } from 'vitest';
import { idParam } from './route';

describe('idParam', () => {
  it('gives one spelling per id: an upper-case UUID is lower-cased', () => {
    expect(idParam.parse('0190A5B2-0000-7000-8000-00000000000A')).toBe('0190a5b2-0000-7000-8000-00000000000a');
  });

  it('refuses what is not a UUID', () => {
    for (const value of ['not-an-id', '1', "1' OR '1'='1", '']) expect(idParam.safeParse(value).success, value).toBe(false);
  });
});
