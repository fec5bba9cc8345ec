import { describe, expect, it } from 'vitest';
import { blockedWordIn } from '#shared/blocked-words';

describe('blockedWordIn', () => {
  it('matches a word or phrase whole, in any case, accents folded', () => {
    expect(blockedWordIn('What an IDIOT!', ['idiot'])).toBe('idiot');
    expect(blockedWordIn('Quel idiót.', ['idiot'])).toBe('idiot');
    expect(blockedWordIn('Buy   cheap\nwatches now', ['cheap watches'])).toBe('cheap watches');
    expect(blockedWordIn('café', ['CAFE'])).toBe('CAFE');
  });

  it('leaves words that only contain it, and reads its own characters literally', () => {
    expect(blockedWordIn('An idiotic plan', ['idiot'])).toBeNull();
    expect(blockedWordIn('scunthorpe', ['cunt'])).toBeNull();
    expect(blockedWordIn('a+b is fine', ['a.b'])).toBeNull();
    expect(blockedWordIn('costs $5 (really)', ['(really)'])).toBe('(really)');
    expect(blockedWordIn('anything', ['', '   '])).toBeNull();
  });
});
