/**
 * The Worker `npm run bench:bots` runs in workerd (bot-times.ts bundles it): given a game, a table
 * size and a seed, it plays games with normal bots and, at sampled decisions, lets the hard bot
 * think as a table does (its slices one after another), timing each decision that searched.
 */
import { thinkThrough } from '../../shared/engine/bot.ts';
import { nextInt, seedRng } from '../../shared/engine/rng.ts';
import type { AnyGame, GameId } from '../../shared/engine/types.ts';
import { botFor } from '../../shared/games/bots.ts';
import { games } from '../../shared/games/index.ts';

export interface TimesRequest {
  game: GameId;
  players: number;
  options: unknown;
  /** How many searched decisions to time. */
  samples: number;
  seed: string;
}

/** The share of decisions with a choice at which the hard bot is timed. */
const SAMPLED = 0.05;
/** A guard against a game that never ends. */
const MAX_MOVES = 20_000;

function times(request: TimesRequest): number[] {
  const game = games[request.game] as AnyGame;
  const normal = botFor(request.game, 'normal');
  const hard = botFor(request.game, 'hard');
  const parsed = game.parseConfig(request.options, request.players);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const out: number[] = [];
  for (let g = 0; out.length < request.samples; g++) {
    const rng = seedRng(`${request.seed}/${g}`);
    const random = () => nextInt(rng, 0x40000000) / 0x40000000;
    let state = game.setup(parsed.config, request.players, `${request.seed}/${g}`);
    for (let m = 0; m < MAX_MOVES && !game.result(state).over; m++) {
      const seat = game.toMove(state)[0]!;
      const view = game.view(state, seat);
      if (view.legal.length > 1 && random() < SAMPLED && out.length < request.samples) {
        const start = performance.now();
        const { searched } = thinkThrough(hard, view, random);
        if (searched) out.push(performance.now() - start);
      }
      const next = game.apply(state, seat, normal.choose(view, random));
      if (!next.ok) throw new Error(`a normal bot's move was refused: ${next.error.code}`);
      state = next.state;
    }
  }
  return out;
}

export default {
  async fetch(request: Request): Promise<Response> {
    return Response.json(times((await request.json()) as TimesRequest));
  },
};
