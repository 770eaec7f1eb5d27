import { ByLang } from '../../i18n.ts';

/** Hula-Hoo! in a nutshell, in our own words. */
export function Rules() {
  return (
    <ByLang
      en={
        <ul class="rules-text">
          <li>
            Everyone has 5 hidden hand cards and 5 face-up cards; first you may swap up to 3 face-up
            cards with the draw pile.
          </li>
          <li>
            On your turn, play a card and call “higher” or “lower”: the next player must go above or
            below it.
          </li>
          <li>
            A card of the same value is a double: you draw a card, and the next players must double
            too or cancel with a neighbour (±1) or a joker.
          </li>
          <li>
            The 7 is a joker: it goes on anything and cancels a double. Your last card may not be a
            joker.
          </li>
          <li>
            Whoever cannot play drops out for the round and shows their hand. The first to shed
            every card, or the last one standing, wins the round and scores a point per card in the
            discard pile.
          </li>
        </ul>
      }
      fr={
        <ul class="rules-text">
          <li>
            Chacun a 5 cartes cachées en main et 5 cartes visibles devant soi ; on peut d’abord
            échanger jusqu’à 3 cartes visibles avec la pioche.
          </li>
          <li>
            À votre tour, posez une carte et annoncez « plus » ou « moins » : le suivant doit jouer
            plus haut ou plus bas.
          </li>
          <li>
            Une carte de même valeur est un double : vous piochez une carte, et les suivants doivent
            doubler aussi ou annuler avec une carte voisine (±1) ou un joker.
          </li>
          <li>
            Le 7 est un joker : il se joue sur tout et annule un double. Votre dernière carte ne
            peut pas être un joker.
          </li>
          <li>
            Qui ne peut pas jouer est éliminé pour la manche et montre sa main. Qui se débarrasse de
            toutes ses cartes, ou reste seul, gagne la manche et marque une carte par point de la
            défausse.
          </li>
        </ul>
      }
      de={
        <ul class="rules-text">
          <li>
            Alle haben 5 verdeckte Handkarten und 5 offene Karten; zu Beginn darf man bis zu 3
            offene Karten mit dem Stapel tauschen.
          </li>
          <li>
            Spiele eine Karte und sage „höher“ oder „tiefer“: die nächste Person muss darüber oder
            darunter bleiben.
          </li>
          <li>
            Eine gleiche Karte ist ein Doppel: du ziehst eine Karte, und die Nächsten müssen weiter
            doppeln oder mit einer Nachbarkarte (±1) oder einem Joker aufheben.
          </li>
          <li>
            Die 7 ist ein Joker: sie geht immer und hebt ein Doppel auf. Deine letzte Karte darf
            kein Joker sein.
          </li>
          <li>
            Wer nicht spielen kann, scheidet für die Runde aus und zeigt die Hand. Wer alle Karten
            los wird oder als Letzte(r) übrig bleibt, gewinnt die Runde: ein Punkt pro Karte im
            Ablagestapel.
          </li>
        </ul>
      }
    />
  );
}
