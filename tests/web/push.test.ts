/** Whether this browser can be notified of its turn, and the subscription it gives the table. */
import { describe, expect, it } from 'vitest';
import {
  appleMobile,
  type BrowserFacts,
  base64urlBytes,
  pushSupport,
  subscriptionJson,
} from '../../web/src/push.ts';

const IPHONE_17 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPHONE_15 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1';
const CHROME_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1';
// An iPad asks for the desktop site: it says it is a Mac.
const IPAD_DESKTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/** A browser with everything push needs, unless told otherwise. */
function facts(userAgent: string, more: Partial<BrowserFacts> = {}): BrowserFacts {
  return {
    userAgent,
    platform: 'Linux armv8l',
    maxTouchPoints: 0,
    standalone: false,
    serviceWorker: true,
    pushManager: true,
    notification: true,
    ...more,
  };
}

describe('who can be notified', () => {
  it('tells an iPhone or iPad in a browser tab to add Hoopla to its Home Screen', () => {
    // Safari in a tab has no PushManager: the Home Screen is the way, not "unsupported".
    const tab = { pushManager: false, notification: false };
    expect(pushSupport(facts(IPHONE_17, { platform: 'iPhone', ...tab }))).toBe('home-screen');
    expect(pushSupport(facts(CHROME_ON_IPHONE, { platform: 'iPhone', ...tab }))).toBe(
      'home-screen',
    );
    expect(
      pushSupport(facts(IPAD_DESKTOP, { platform: 'MacIntel', maxTouchPoints: 5, ...tab })),
    ).toBe('home-screen');
  });

  it('lets Hoopla opened from the Home Screen ask, as any browser', () => {
    expect(pushSupport(facts(IPHONE_17, { platform: 'iPhone', standalone: true }))).toBe('ok');
    expect(pushSupport(facts(ANDROID))).toBe('ok');
  });

  it('offers nothing to an iPhone too old to be notified, even from the Home Screen', () => {
    expect(appleMobile(facts(IPHONE_15, { platform: 'iPhone' }))).toEqual([15, 7]);
    expect(pushSupport(facts(IPHONE_15, { platform: 'iPhone', pushManager: false }))).toBe(
      'unsupported',
    );
    expect(
      pushSupport(facts(IPHONE_15, { platform: 'iPhone', standalone: true, pushManager: false })),
    ).toBe('unsupported');
  });

  it('knows a Mac from an iPad by its touch screen', () => {
    expect(appleMobile(facts(IPAD_DESKTOP, { platform: 'MacIntel', maxTouchPoints: 0 }))).toBe(
      null,
    );
    expect(appleMobile(facts(IPAD_DESKTOP, { platform: 'MacIntel', maxTouchPoints: 5 }))).toEqual([
      17, 2,
    ]);
    expect(pushSupport(facts(IPAD_DESKTOP, { platform: 'MacIntel' }))).toBe('ok');
  });

  it('says unsupported where a piece of push is missing', () => {
    expect(pushSupport(facts(ANDROID, { serviceWorker: false }))).toBe('unsupported');
    expect(pushSupport(facts(ANDROID, { pushManager: false }))).toBe('unsupported');
    expect(pushSupport(facts(ANDROID, { notification: false }))).toBe('unsupported');
  });
});

describe('the subscription', () => {
  it('reads the server’s base64url key into bytes, with or without padding', () => {
    expect([...base64urlBytes('BAEC_-8')]).toEqual([4, 1, 2, 255, 239]);
    expect([...base64urlBytes('BAEC_-8=')]).toEqual([4, 1, 2, 255, 239]);
    expect(base64urlBytes('A'.repeat(87))).toHaveLength(65);
    expect(() => base64urlBytes('not base64!')).toThrow();
  });

  it('gives the table the endpoint and keys only', () => {
    const json = {
      endpoint: 'https://push.example/abc',
      expirationTime: null,
      keys: { p256dh: 'BKey', auth: 'secret' },
    };
    expect(subscriptionJson(json)).toEqual({
      endpoint: 'https://push.example/abc',
      keys: { p256dh: 'BKey', auth: 'secret' },
    });
    expect(subscriptionJson({ endpoint: 'https://push.example/abc', keys: {} })).toBeNull();
    expect(subscriptionJson({ keys: { p256dh: 'BKey', auth: 'secret' } })).toBeNull();
  });
});
