/**
 * What a table's object answers over HTTP: the WebSocket handshake (the credentials a socket
 * presents in its subprotocols, the subprotocol and compression agreed), and refusals in the
 * API's error shape.
 */
import type { ErrorCode } from '../shared/errors.ts';
import { SUBPROTOCOL } from '../shared/protocol.ts';
import { deflateAgreement } from './compression.ts';
import { RETRY_AFTER_S } from './error-page.ts';
import { sha256 } from './secrets.ts';

/** What `summary` answers for a table whose stored record cannot be loaded. */
export const UNAVAILABLE = 'unavailable';

/** An HTTP refusal with the API's error shape. */
export function refusal(status: number, code: ErrorCode, message: string): Response {
  return Response.json({ error: { code, message } }, { status });
}

/** A table whose stored record cannot be loaded: the server's fault, and perhaps not for long. */
export function unavailable(): Response {
  const res = refusal(503, 'unavailable', 'This table cannot be opened right now.');
  res.headers.set('Retry-After', RETRY_AFTER_S);
  return res;
}

/** The hashes of the credentials an upgrade request presents, for the step's `open` input. */
export const presented = (request: Request): Promise<string[]> =>
  Promise.all(credentials(offeredProtocols(request)).map((p) => sha256(p)));

/** The handshake's answer: the client's end of the socket, with what was agreed for it. */
export function accepted(request: Request, client: WebSocket): Response {
  const headers = new Headers();
  const agreement = deflateAgreement(request.headers.get('Sec-WebSocket-Extensions'));
  if (agreement) headers.set('Sec-WebSocket-Extensions', agreement);
  if (offeredProtocols(request).includes(SUBPROTOCOL))
    headers.set('Sec-WebSocket-Protocol', SUBPROTOCOL);
  return new Response(null, { status: 101, webSocket: client, headers });
}

/** The subprotocols an upgrade request offers (`Sec-WebSocket-Protocol`). */
export function offeredProtocols(request: Request): string[] {
  return (request.headers.get('Sec-WebSocket-Protocol') ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/**
 * Why an upgrade is refused for what it offers, or null to open it. The table speaks `hoopla`
 * and answers nothing else: echoing another offer would send a credential offered alone back in
 * a response header. A client that offers no subprotocol at all (the plain upgrade of the HTTP
 * surface) is answered with none; one that offers some, but not ours, speaks something else.
 */
export function refusedProtocols(request: Request): Response | null {
  const offered = offeredProtocols(request);
  if (offered.length === 0 || offered.includes(SUBPROTOCOL)) return null;
  return refusal(400, 'bad-request', `Offer the ${SUBPROTOCOL} subprotocol, or none.`);
}

/**
 * The credentials among the subprotocols a socket offers: beside the table's own name, a page
 * presents its seat's token and the host key before it joins. A few at most, of the shape a
 * secret has; anything else is not looked at.
 */
export function credentials(offered: readonly string[]): string[] {
  return offered.filter((p) => p !== SUBPROTOCOL && /^[\w-]{16,64}$/.test(p)).slice(0, 3);
}
