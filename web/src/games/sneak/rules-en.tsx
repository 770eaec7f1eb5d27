import { Show } from 'solid-js';
import { CardChips as C } from './card.tsx';
import type { RulesText } from './rules-text.ts';

export function RulesEn(props: RulesText) {
  return (
    <>
      <h3>The goal</h3>
      <p>
        Win cards: each card you win is a point. The game ends with the round in which someone’s
        total reaches{' '}
        <Show
          when={props.target}
          fallback={
            <>
              <b>100 points</b> (<b>200</b> when two packs are used; the table may set another
              target)
            </>
          }
        >
          {(target) => <b>{target()} points</b>}
        </Show>
        . The highest total wins, and equal totals share the win.
      </p>

      <h3>Cards and setup</h3>
      <p>
        2 to 7 players. One 52-card pack for 2–4 players, two packs shuffled together from 5 players
        (a table of 4 may choose two). Nobody is dealt anything: the shuffled pack is the stock, and
        every hand starts empty.
      </p>

      <h3>Your turn</h3>
      <p>Do one of these:</p>
      <ul>
        <li>
          <b>Draw</b> the top card of the stock. Your first turn in each round is always a draw, as
          is any turn you start with no cards.
        </li>
        <li>
          <b>Sneak</b>: lay one or more cards face down. It may be a bluff: nobody sees them unless
          someone challenges.
        </li>
        <li>
          <b>Flaunt</b>: lay one card, or a combination, face up.
        </li>
      </ul>
      <p>You may not lead more cards than the largest hand among the other players.</p>

      <h3>Challenges</h3>
      <p>
        Everyone holding at least as many cards as the lead answers at the same time, in secret:
        challenge with the same number of cards, or decline.
      </p>
      <ul>
        <li>
          <b>Against a sneak</b> any cards will do. All the cards are then turned up and the best
          set wins.
        </li>
        <li>
          <b>Against a flaunt</b> only a set that beats it may challenge: a single card only with a
          higher card of the same suit, a combination only with a higher one of the same kind.
        </li>
      </ul>
      <p>
        The winner adds every card played in the contest to their winnings; unchallenged, the leader
        keeps their own cards (a sneak stays unseen). A tie goes to the leader; between challengers
        tied above the leader, to the one revealed first, going left from the leader. Whoever wins,
        the turn passes to the leader’s left.
      </p>

      <h3>Combinations, best first</h3>
      <ol>
        <li>
          <b>Match</b>: all the same rank, <C cards="8S 8H" />.
        </li>
        <li>
          <b>Straight flush</b>: a run in one suit, <C cards="4D 5D 6D" />.
        </li>
        <li>
          <b>Straight</b>: a run of mixed suits, <C cards="JC QH KS" />.
        </li>
        <li>
          <b>Flush</b>: one suit but no run, <C cards="2H 9H JH" />.
        </li>
      </ol>
      <p>
        Any other set is no combination: it ranks below a flush and can only be sneaked. Two sets of
        the same kind compare their highest cards, then the next ones. Single cards compare by rank
        alone. An ace is high, or low in a run (A-2-3); K-A-2 is no run.
      </p>

      <h3>End of a round</h3>
      <p>
        Once the stock is empty there are no more sneaks, and players without cards are skipped.
        When only one player still holds cards, they win them too and the round ends. Each card won
        scores a point; the next round is shuffled by the previous dealer’s left neighbour.
      </p>

      <h3>An example</h3>
      <p>
        Ann, Ben and Cy sit in that order. Ann sneaks two cards face down: <C cards="7C 2D" />, a
        bluff. Ben challenges with <C cards="8D 9D" />, Cy with <C cards="5H 5S" />. Everything is
        turned up: Ann has no combination, Ben a straight flush, Cy a match, the best kind. Cy wins
        all six cards, 6 points, and the next turn is Ben’s, on Ann’s left.
      </p>
      <p>
        Had Ann flaunted <C cards="9S 10S" /> instead, neither could challenge: Ben’s straight flush
        is lower and Cy’s match is another kind. Only a higher two-card straight flush, such as{' '}
        <C cards="JH QH" />, could.
      </p>
    </>
  );
}
