import type { RulesText } from './rules-text.ts';

export function RulesEn(props: RulesText) {
  const Example = props.Example;
  return (
    <>
      <h3>The goal</h3>
      <p>
        Get rid of all your cards first, or be the last player still in the round. The round’s
        winner scores a point for every card on the discard pile. {props.goal}
      </p>

      <h3>Your cards</h3>
      <p>
        You get 5 cards in hand, seen only by you, and 5 face-up cards in front of you, seen by all.
        Before the first card is played, each player in turn may put up to 3 face-up cards under the
        draw pile and turn up as many new ones from its top.
      </p>

      <h3>A turn</h3>
      <p>
        Play one card, from your hand or your face-up row, and call <b>higher</b> or <b>lower</b>.
        The next player must follow that call: after a 9 and “lower”, any card from 1 to 8. The
        round’s first card can be anything.
      </p>

      <h3>Special cards</h3>
      <p>
        <b>Double.</b> A card equal to the top card is a double: you draw a card and make no call.
        The next player must play that value again (and draw too), or end the double with a card one
        step away (an 8 or a 10 on a double 9) or a joker, and then call.
      </p>
      <p>
        <b>Joker.</b> Every 7 is a joker. It goes on anything, ends a double, and the next call
        counts from 7. A joker on a joker is no double. Your very last card may not be a joker.
      </p>
      <p>
        <b>The edges.</b> You may play a 13 and call “higher”, or a 1 and call “lower”: the next
        player then needs a double or a joker.
      </p>

      <h3>Out, and the end of a round</h3>
      <p>
        There is no passing. If you cannot play when your turn comes, you drop out of the round and
        show your hand; the same call goes on to the next player. The round ends as soon as someone
        plays their last card, or only one player is left. Only the winner scores, and deals the
        next round.
      </p>

      <h3>An example</h3>
      <Example
        steps={[
          <>Ann plays a 9 and calls “lower”.</>,
          <>Bob plays a 4 and calls “higher”.</>,
          <>Cy plays a 4 too: a double. She draws a card and calls nothing.</>,
          <>Di has no 4, but a 5 is one step away: it ends the double, and she calls “higher”.</>,
          <>Ann plays a joker and calls “higher”: the next card must beat 7.</>,
          <>
            Bob holds 2, 3 and 6, and no joker: he is out for this round and shows them. Cy must now
            go above 7.
          </>,
        ]}
      />

      <h3>Table options</h3>
      <p>
        Off unless the table turns them on: picking your own 5 face-up cards out of 10, no swap, and
        naming who plays next with each card.
      </p>
    </>
  );
}
