import { describe, expect, it } from '@jest/globals';
import { throttleAddress } from './throttle-address.js';

describe('throttleAddress', () => {
  it('keeps an IPv4 address, also when it arrives IPv4-mapped', () => {
    expect(throttleAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(throttleAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address as its /64, however it is written', () => {
    expect(throttleAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:db8:1:3::1')).not.toBe(throttleAddress('2001:db8:1:2::1'));
  });

  it('leaves anything else as it is', () => {
    expect(throttleAddress('unknown')).toBe('unknown');
  });
});
