/** The table's answer to a browser's offer of compression (worker/compression.ts, RFC 7692). */
import { describe, expect, it } from 'vitest';
import { deflateAgreement } from '../../worker/compression.ts';

describe('permessage-deflate agreement', () => {
  it("answers browsers' usual offers with a 4 KB server window", () => {
    const answer = 'permessage-deflate; server_max_window_bits=12';
    expect(deflateAgreement('permessage-deflate; client_max_window_bits')).toBe(answer); // Chromium
    expect(deflateAgreement('permessage-deflate')).toBe(answer); // Firefox, Safari
    expect(deflateAgreement('x-webkit-deflate-frame, permessage-deflate')).toBe(answer);
  });

  it('keeps a smaller window and no context takeover when the client asks for them', () => {
    expect(deflateAgreement('permessage-deflate; server_max_window_bits=10')).toBe(
      'permessage-deflate; server_max_window_bits=10',
    );
    expect(deflateAgreement('permessage-deflate; server_max_window_bits="15"')).toBe(
      'permessage-deflate; server_max_window_bits=12',
    );
    expect(deflateAgreement('permessage-deflate; server_no_context_takeover')).toBe(
      'permessage-deflate; server_max_window_bits=12; server_no_context_takeover',
    );
  });

  it('leaves the choice to the runtime for no offer, another extension or unknown parameters', () => {
    expect(deflateAgreement(null)).toBeNull();
    expect(deflateAgreement('')).toBeNull();
    expect(deflateAgreement('x-webkit-deflate-frame')).toBeNull();
    expect(deflateAgreement('permessage-deflate; mystery=1')).toBeNull();
    expect(deflateAgreement('permessage-deflate; server_max_window_bits=7')).toBeNull();
    expect(deflateAgreement('permessage-deflate; server_max_window_bits=x')).toBeNull();
  });
});
