/**
 * Game.predict against the table (CONTRACT, Extensions turn 5): over random games of every game at
 * every size, for every seat that may move and every move it may make, what the prediction sets
 * equals that seat's next view, outside the parts it marks pending; it shows no card the seat has
 * not seen, now or next; it is a pure function of the view and the move. Each game lists the move
 * kinds it predicts and how often at least (a prediction may decline where the mover cannot know).
 */
import { expect, it } from 'vitest';
import { type Prediction, setAt, valueAt } from '../../shared/engine/predict.ts';
import type { Seat } from '../../shared/engine/types.ts';
import { sameJson } from '../../shared/patch.ts';
import { ADAPTER, ADAPTERS } from './adapters.ts';
import { cardIds } from './support/cards.ts';
import { describeEachGame, type PerGame } from './support/per-game.ts';
import { check, deepFreeze, playGame, randomFrom } from './support/properties.ts';

/** Positions per game. */
const POSITIONS = 20_000;

/** Each game's predicted move kinds and least shares (its adapter's `predicted`). */
const PREDICTED: PerGame<Record<string, number>> = Object.fromEntries(
  Object.entries(ADAPTERS).flatMap(([id, a]) => (a?.predicted ? [[id, a.predicted]] : [])),
);

/** What stands at a pending path on both sides of the comparison. */
const MASK = { pending: true };

/** `view` with every pending part masked. */
function masked(view: unknown, pending: Prediction<unknown>['pending']): unknown {
  let out = view;
  for (const path of pending) out = setAt(out, path, MASK);
  return out;
}

type Tally = Record<string, { legal: number; predicted: number }>;

/** Checks one prediction against the view the table gives next. */
function checkPrediction(
  prediction: Prediction<unknown>,
  before: unknown,
  next: unknown,
  where: string,
): void {
  for (const path of prediction.pending) {
    check(
      path.length === 0 || valueAt(next, path.slice(0, -1)) !== undefined,
      `${where}: pending ${JSON.stringify(path)} leads nowhere in the table's view`,
    );
  }
  const guess = masked(prediction.view, prediction.pending);
  const truth = masked(next, prediction.pending);
  if (!sameJson(guess, truth)) expect(guess, `${where}: the prediction disagrees`).toEqual(truth);
  // Nothing the seat has not seen, pending stand-ins included.
  const seen = new Set([...cardIds(before), ...cardIds(next)]);
  for (const id of cardIds(prediction.view)) check(seen.has(id), `${where}: shows unseen ${id}`);
  // A stand-in shows card backs (PENDING_CARD), and cards only where the table's view shows them
  // too: a hand's known cards beside the back of the card drawn into it, never a guess.
  for (const path of prediction.pending) {
    const there = new Set(cardIds(valueAt(next, path)));
    for (const id of cardIds(valueAt(prediction.view, path))) {
      check(
        there.has(id),
        `${where}: a pending part shows ${id}, which the table's view does not show there`,
      );
    }
  }
}

describeEachGame(PREDICTED, 'list of predicted move kinds', 'predict: %s', (id, kinds) => {
  it(`agrees with the table's next view in ${POSITIONS} positions, for every seat and move`, () => {
    const adapter = ADAPTERS[id];
    if (!adapter) return expect.fail(`${id} has no ${ADAPTER}`);
    const { game } = adapter;
    const predict = game.predict;
    if (!predict) return expect.fail(`${id} lists predicted moves but has no predict`);
    const tally: Tally = {};
    const sizes = adapter.maxPlayers - adapter.minPlayers + 1;
    let positions = 0;
    for (let g = 0; positions < POSITIONS; g++) {
      const players = adapter.minPlayers + (g % sizes);
      const config = adapter.variants[g % adapter.variants.length] ?? {};
      const random = randomFrom(`predict/${id}/${g}`);
      const input = { seed: `predict-${g}`, players, config, picks: `p${g}` };
      playGame(adapter, input, ({ before }) => {
        positions++;
        for (const seat of game.toMove(before) as Seat[]) {
          const view = deepFreeze(game.view(before, seat));
          for (const listed of game.legalMoves(before, seat)) {
            const move = deepFreeze(
              adapter.concretize ? adapter.concretize(before, seat, listed, random) : listed,
            );
            const kind = String((move as { t?: unknown }).t);
            tally[kind] ??= { legal: 0, predicted: 0 };
            const count = tally[kind];
            count.legal++;
            const prediction = predict(view, move);
            if (!prediction) continue;
            count.predicted++;
            const out = game.apply(before, seat, move);
            check(out.ok, `${id}: a legal move was refused`);
            const where = `${id} game ${g} (${players} players), seat ${seat}, ${JSON.stringify(move)}`;
            checkPrediction(prediction, view, game.view(out.state, seat), where);
            // A pure function of its inputs: the same again (the frozen inputs forbid writes).
            if (positions % 16 === 0) {
              check(
                sameJson(predict(view, move), prediction),
                `${where}: predicted otherwise twice`,
              );
            }
          }
        }
      });
    }
    for (const [kind, least] of Object.entries(kinds)) {
      const n = tally[kind];
      expect(n, `${id}: no legal ${kind} reached`).toBeDefined();
      if (n)
        expect(n.predicted / n.legal, `${id}: ${kind} predicted`).toBeGreaterThanOrEqual(least);
    }
  }, 600_000);
});
