import { blue, Down, green, red } from './rules-cards.tsx';
import type { RulesText } from './rules-text.ts';

export function RulesEn(props: RulesText) {
  return (
    <>
      <h3>The goal</h3>
      <p>
        Collect as few points as you can. The game is played in rounds; it ends after the round in
        which someone’s total reaches {props.limit} points
        {props.table ? '' : ' (or the limit a table sets)'}, and the lowest total wins. Tied players
        share the win.
      </p>
      <h3>The cards and the opening</h3>
      <p>
        104 cards run from −1 to 11 in eight colours, each colour with its own shape. You get nine
        cards face down in a 3 × 3 grid: nobody knows them, you neither. One card starts the discard
        pile.
      </p>
      <p>
        Everyone then picks two of their cards and turns them up at the same time. The highest sum
        of those two begins (on a tie, the first of them to the dealer’s left); play goes on to the
        left.
      </p>
      <h3>Your turn</h3>
      <ul>
        <li>
          <strong>Take</strong> the top card of the discard pile and put it face up in place of any
          of your cards, face up or face down. The card you replace goes onto the discard pile.
        </li>
        <li>
          Or <strong>draw</strong> a card that only you see. Swap it in the same way, or discard it
          and turn up one of your face-down cards instead.
        </li>
      </ul>
      <p>An empty draw pile is remade from the discard pile, all but its top card.</p>
      <h3>HILO</h3>
      <p>
        Three face-up cards of one colour in a row, a column or a diagonal are a HILO (face-down
        cards never count). At the end of your turn you may remove one: its cards go onto the
        discard pile, the lowest on top. Or keep it for a later turn.
      </p>
      <p>
        When a diagonal leaves, you choose how the rest closes up: sliding left (three rows of two)
        or up (two rows of three). A new HILO made that way may go at once. A smaller layout only
        has the lines of three along its long side.
      </p>
      <h3>End of a round and scoring</h3>
      <p>
        When someone ends a turn without a face-down card (or without any card), everyone else has
        one more turn. Then all cards are turned up; any HILO that shows now leaves by itself. Your
        score is the sum of your cards.
      </p>
      <p>
        The player who ended the round doubles a score above 0 unless theirs is the lowest sum,
        alone: a tie is not enough. A round that drags on ends once everyone has had {props.turns}{' '}
        turns, and then nobody doubles.
      </p>
      <h3>An example</h3>
      <p>
        Your top row shows {red(2)} {red(5)} <Down />, and the discard pile shows {red(-1)}. You
        take the {red(-1)} and put it on the face-down card: the row is all red, a HILO. You remove
        it; {red(-1)} lands on top of the discard pile, and six cards are left to you.
      </p>
      <p>
        Later you end a round by turning up your last card; your six cards, {blue(3)} {green(0)}{' '}
        {blue(1)} and three more, add up to 9. Someone else also has 9: you are not the lowest
        alone, so your 9 counts double, 18.
      </p>
    </>
  );
}
