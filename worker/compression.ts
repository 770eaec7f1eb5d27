/**
 * permessage-deflate (RFC 7692) with a 4 KB window for what the table sends. With the default
 * 32 KB window, zlib searches dozens of earlier messages of the same shape for every byte of a new
 * one: under `npm run load` that search (`longest_match`, seen with perf) took a quarter of the
 * table's CPU, about 0.2 ms a move, and a 4 KB window cuts it to 0.05 ms. The window still holds
 * each socket's last several messages, so they stay small on the wire: zlib over the patches of
 * random play gives 58 bytes a message instead of 42.
 */
const SERVER_WINDOW_BITS = 12;

/** Parameters the agreement below knows how to honour; an offer naming others is left alone. */
const KNOWN = new Set([
  'client_max_window_bits',
  'server_max_window_bits',
  'client_no_context_takeover',
  'server_no_context_takeover',
]);

/**
 * The `Sec-WebSocket-Extensions` answer to a client's offer, or null to leave the choice to the
 * runtime (no offer of permessage-deflate, or one with parameters this does not know). Takes the
 * client's first permessage-deflate offer: a smaller window or no context takeover that it asks
 * of the server is kept; what it says of its own side needs no answer.
 */
export function deflateAgreement(offer: string | null): string | null {
  if (!offer) return null;
  for (const extension of offer.split(',')) {
    const [name, ...params] = extension.split(';').map((part) => part.trim());
    if (name?.toLowerCase() !== 'permessage-deflate') continue;
    let bits = SERVER_WINDOW_BITS;
    let noTakeover = false;
    for (const param of params) {
      const [key = '', value] = param.split('=').map((part) => part.trim().replace(/^"|"$/g, ''));
      const k = key.toLowerCase();
      if (!KNOWN.has(k)) return null;
      if (k === 'server_no_context_takeover') noTakeover = true;
      if (k === 'server_max_window_bits') {
        const asked = Number(value);
        if (!Number.isInteger(asked) || asked < 8 || asked > 15) return null;
        bits = Math.min(bits, asked);
      }
    }
    return `permessage-deflate; server_max_window_bits=${bits}${noTakeover ? '; server_no_context_takeover' : ''}`;
  }
  return null;
}
