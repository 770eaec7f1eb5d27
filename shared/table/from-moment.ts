/**
 * An import's `from` ("Play from here … from what you knew", api.ts): the table, not the page,
 * deals the cards the seat could not see. Were the page to deal them and upload the state, whoever
 * made the table would hold every bot's and friend's cards in their browser; the table hides what
 * it deals. So the upload is the finished game's record and a step; the table replays the record
 * through the engine to that moment and makes the position there (position.ts) with a secret of
 * its own. What follows is any import with that position as its `start` and no move yet
 * (imported.ts), checked as such.
 */
import type { ImportTable } from '../api.ts';
import { fail } from '../engine/reject.ts';
import { stateAt } from '../engine/replay.ts';
import { seededRandom } from '../engine/rng.ts';
import type { RoundState } from '../engine/rounds.ts';
import type { Result } from '../engine/types.ts';
import type { ErrorCode } from '../errors.ts';
import { games } from '../games/index.ts';
import { checkNewTable } from './meta.ts';
import { positionAt } from './position.ts';
import { checkStart } from './start-state.ts';

/**
 * An upload with `from` made one at its moment: `start` the position dealt from what `you.seat`
 * knew, no move, no `from`; or why not: a record that does not replay to the step, or a moment
 * not offered (`game-over`, `seat-out`, `no-world`: position.ts). Any other upload as it is.
 * `secret` seeds the deal of the world and the position's generator: the table's own (the
 * import's server seed).
 */
export function atMoment(
  body: ImportTable,
  secret: string,
): Result<{ body: ImportTable }, ErrorCode> {
  const { from, reseeded, ...played } = body;
  if (from === undefined) return { ok: true, body };
  const checked = checkNewTable(body.game, body.players, body.config, []);
  if (!checked.ok) return checked;
  const table = { game: body.game, players: body.players, config: checked.config };
  let start: RoundState | undefined;
  if (body.start !== undefined) {
    const began = checkStart(table, body.start);
    if (!began.ok) return began;
    start = began.state;
  }
  let moment: RoundState;
  try {
    const record = { ...played, config: checked.config, start, reseeded };
    moment = stateAt(games[body.game], record, from.step);
  } catch {
    return fail('illegal-move', `The game's moves do not replay to step ${from.step}.`);
  }
  let position: ReturnType<typeof positionAt>;
  try {
    position = positionAt({
      game: body.game,
      state: moment,
      seat: body.you.seat,
      way: from.way,
      seed: secret,
      // Its own stream of the secret: the position's generator deals from the secret itself.
      random: seededRandom(`${secret}:world`),
    });
  } catch {
    // A moment the engine reached but no world fits (never met): refused, like any upload.
    return fail('no-world', 'No deal fits what the seat knew at that moment.');
  }
  if (!position.ok) return position;
  return { ok: true, body: { ...played, start: position.state, moves: [] } };
}
