/** How often a seat may react or rename, and who counts as one client (shared/table/limits.ts). */
import { describe, expect, it } from 'vitest';
import { clientKey, REACTIONS, RENAMES, takeQuota } from '../../shared/table/limits.ts';

describe('quotas', () => {
  it('lets a seat react a few times in a window, then refuses until the oldest has aged out', () => {
    const times: number[] = [];
    let now = 0;
    for (let i = 0; i < REACTIONS.count; i++) {
      expect(takeQuota(REACTIONS, times, now)).toBe(true);
      now += REACTIONS.gapMs;
    }
    expect(takeQuota(REACTIONS, times, now)).toBe(false);
    expect(takeQuota(REACTIONS, times, REACTIONS.windowMs - 1)).toBe(false);
    expect(takeQuota(REACTIONS, times, REACTIONS.windowMs)).toBe(true);
  });

  it('refuses a second reaction within the gap, and does not count the refusal', () => {
    const times: number[] = [];
    expect(takeQuota(REACTIONS, times, 1000)).toBe(true);
    expect(takeQuota(REACTIONS, times, 1000 + REACTIONS.gapMs - 1)).toBe(false);
    expect(times).toEqual([1000]);
    expect(takeQuota(REACTIONS, times, 1000 + REACTIONS.gapMs)).toBe(true);
  });

  it('takes a few renames at once, then one more per window', () => {
    const times: number[] = [];
    for (let i = 0; i < RENAMES.count; i++) expect(takeQuota(RENAMES, times, 5)).toBe(true);
    expect(takeQuota(RENAMES, times, 6)).toBe(false);
    expect(takeQuota(RENAMES, times, 5 + RENAMES.windowMs)).toBe(true);
  });
});

describe('clients', () => {
  it('are an IPv4 address, or an IPv6 address by its /64', () => {
    expect(clientKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::ffff:198.51.100.4')).toBe('198.51.100.4');
    expect(clientKey(null)).toBe('unknown');
    // Two phones of one home network are one client; another network is another.
    expect(clientKey('2001:db8:1:2::a')).toBe(clientKey('2001:db8:1:2:ffff::b'));
    expect(clientKey('2001:db8:1:3::a')).not.toBe(clientKey('2001:db8:1:2::a'));
  });
});
