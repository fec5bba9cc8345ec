import { describe, expect, it } from 'vitest';
import { networkOf } from './client-network';

describe('networkOf', () => {
  it('counts every address of one IPv6 /64 as one network, however it is written', () => {
    const a = networkOf('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:0db8:0001:0002::1')).toBe(a);
    expect(networkOf('2001:DB8:1:2:ffff::')).toBe(a);
    expect(networkOf('2001:db8:1:3::1')).not.toBe(a);
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('keeps IPv4 addresses whole, mapped or not', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('203.0.113.8')).not.toBe(networkOf('203.0.113.7'));
  });
});
