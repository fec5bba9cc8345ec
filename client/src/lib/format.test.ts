import { describe, expect, it } from 'vitest';
import { formatCount } from './format';

describe('formatCount', () => {
  it('says one thing in the singular and any other number in the plural, grouped', () => {
    expect(formatCount(1, 'address', 'addresses')).toBe('1 address');
    expect(formatCount(0, 'address', 'addresses')).toBe('0 addresses');
    expect(formatCount(100000, 'new address', 'new addresses')).toBe('100,000 new addresses');
  });
});
