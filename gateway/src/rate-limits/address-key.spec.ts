import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { addressKey, UNPARSEABLE_ADDRESS_KEY } from './address-key.js';

const hextet = fc.integer({ min: 0, max: 0xffff });
const hextets = (length: number) => fc.array(hextet, { minLength: length, maxLength: length });
const octets = fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 4, maxLength: 4 });

/** An IPv6 address written out in full, in lower or upper case, with or without leading zeros. */
const fullIpv6 = (parts: number[], upper: boolean, padded: boolean) => {
  const text = parts.map((part) => (padded ? part.toString(16).padStart(4, '0') : part.toString(16))).join(':');
  return upper ? text.toUpperCase() : text;
};

/** The same address with its longest run of zero hextets (two or more) compressed to `::`. */
function compressed(parts: number[]): string {
  let best = { start: -1, length: 0 };
  for (let start = 0; start < parts.length; start++) {
    let length = 0;
    while (parts[start + length] === 0) length++;
    if (length > best.length) best = { start, length };
  }
  const hex = parts.map((part) => part.toString(16));
  if (best.length < 2) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
}

/** Not the IPv4-mapped block ::ffff:0:0/96, which counts as IPv4. */
const notMapped = (parts: number[]) => !(parts.slice(0, 5).every((part) => part === 0) && parts[5] === 0xffff);

describe('addressKey', () => {
  it('keeps an IPv4 address, also when it arrives IPv4-mapped or with spaces around it', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(addressKey(' 203.0.113.7 ')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address as its /64, however it is written', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
  });

  it('puts everything that is no address into one shared key, not a key per spelling', () => {
    for (const junk of ['unknown', '', 'garbage-1', 'garbage-2', '2001:db8::1::2', '999.1.1.1']) {
      expect(addressKey(junk)).toBe(UNPARSEABLE_ADDRESS_KEY);
    }
  });

  it('every address of one /64 shares its key, whatever the interface half and the spelling', () => {
    fc.assert(
      fc.property(
        hextets(4),
        hextets(4),
        hextets(4),
        fc.boolean(),
        fc.boolean(),
        (network, hostA, hostB, upper, padded) => {
          const a = [...network, ...hostA];
          const b = [...network, ...hostB];
          fc.pre(notMapped(a) && notMapped(b));
          expect(addressKey(fullIpv6(a, upper, padded))).toBe(addressKey(compressed(b)));
        },
      ),
    );
  });

  it('two different /64s never share a key', () => {
    fc.assert(
      fc.property(hextets(4), hextets(4), hextets(4), (networkA, networkB, host) => {
        fc.pre(networkA.some((part, i) => part !== networkB[i]));
        const a = [...networkA, ...host];
        const b = [...networkB, ...host];
        fc.pre(notMapped(a) && notMapped(b));
        expect(addressKey(compressed(a))).not.toBe(addressKey(compressed(b)));
      }),
    );
  });

  it('an IPv4 address and its IPv4-mapped form share one key, distinct for every address', () => {
    fc.assert(
      fc.property(octets, octets, (a, b) => {
        const dotted = a.join('.');
        expect(addressKey(dotted)).toBe(dotted);
        expect(addressKey(`::ffff:${dotted}`)).toBe(dotted);
        if (a.join('.') !== b.join('.')) expect(addressKey(b.join('.'))).not.toBe(addressKey(dotted));
      }),
    );
  });

  it('is idempotent on IPv4 keys and lands on one canonical /64 for IPv6', () => {
    fc.assert(fc.property(fc.ipV4(), (ip) => expect(addressKey(addressKey(ip))).toBe(addressKey(ip))));
    fc.assert(
      fc.property(fc.ipV6(), (ip) => {
        const key = addressKey(ip);
        // A mapped IPv4 is counted as IPv4; every other IPv6 as a canonical /64 of itself.
        if (!key.endsWith('/64')) return;
        expect(addressKey(key.slice(0, -'/64'.length))).toBe(key);
      }),
    );
  });
});
