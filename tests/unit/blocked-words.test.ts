import { describe, expect, it } from 'vitest';
import { blockedWordIn } from '#shared/blocked-words';

describe('blockedWordIn', () => {
  it('matches a word or phrase whole, in any case, accents folded', () => {
    expect(blockedWordIn('What an IDIOT!', ['idiot'])).toBe('idiot');
    expect(blockedWordIn('Quel idiót.', ['idiot'])).toBe('idiot');
    expect(blockedWordIn('Buy   cheap\nwatches now', ['cheap watches'])).toBe('cheap watches');
    expect(blockedWordIn('café', ['CAFE'])).toBe('CAFE');
    // Invisible characters and compatibility forms do not hide it.
    expect(blockedWordIn('idi\u00ADot', ['idiot'])).toBe('idiot');
    expect(blockedWordIn('idi\u200Bot', ['idiot'])).toBe('idiot');
    expect(blockedWordIn('ｉｄｉｏｔ', ['idiot'])).toBe('idiot');
    // A script without spaces: inside a sentence.
    expect(blockedWordIn('这是垃圾广告内容', ['垃圾广告'])).toBe('垃圾广告');
  });

  it('leaves words that only contain it, and reads its own characters literally', () => {
    expect(blockedWordIn('An idiotic plan', ['idiot'])).toBeNull();
    expect(blockedWordIn('scunthorpe', ['cunt'])).toBeNull();
    expect(blockedWordIn('a+b is fine', ['a.b'])).toBeNull();
    expect(blockedWordIn('costs $5 (really)', ['(really)'])).toBe('(really)');
    expect(blockedWordIn('anything', ['', '   '])).toBeNull();
  });
});
