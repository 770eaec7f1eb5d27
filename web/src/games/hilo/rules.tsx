import { ByLang } from '../../i18n.ts';

/** HiLO in a nutshell, in our own words. */
export function Rules() {
  return (
    <ByLang
      en={
        <ul class="rules-text">
          <li>
            Cards run from −1 to 11 in eight colours. Everyone gets 9 cards face down in a 3 × 3
            grid; nobody, not even you, knows a face-down card. Aim for the fewest points.
          </li>
          <li>
            To begin, everyone turns up two cards at the same time; the highest face-up sum plays
            first.
          </li>
          <li>
            On your turn, either take the top card of the discard pile and swap it for any card of
            yours (face up or down), or draw: then swap the drawn card in the same way, or discard
            it and turn up one of your face-down cards instead. A card you swap out goes on the
            discard pile.
          </li>
          <li>
            Three face-up cards of one colour in a row, column or diagonal make a HILO: at the end
            of your turn you may remove one such line, its lowest card ending on top of the discard
            pile. After a diagonal you choose whether your cards slide left or up, and a new HILO
            may go straight away.
          </li>
          <li>
            When someone ends a turn with no face-down card, everyone else plays once more. Then all
            cards turn up (any HILO this makes leaves by itself) and the sum of your layout is your
            score for the round.
          </li>
          <li>
            Whoever ended the round without strictly the lowest sum doubles a positive score. The
            game ends after the round in which someone reaches 100 points (or the table’s limit):
            the lowest total wins.
          </li>
        </ul>
      }
      fr={
        <ul class="rules-text">
          <li>
            Les cartes vont de −1 à 11 en huit couleurs. Chacun reçoit 9 cartes cachées en grille de
            3 × 3 ; personne, pas même vous, ne connaît une carte cachée. Le but : le moins de
            points.
          </li>
          <li>
            Pour commencer, tout le monde retourne deux cartes en même temps ; la plus forte somme
            visible joue en premier.
          </li>
          <li>
            À votre tour, soit vous prenez la carte du dessus de la défausse et l’échangez contre
            une de vos cartes (cachée ou non), soit vous piochez : vous l’échangez de même, ou vous
            la défaussez et retournez alors une de vos cartes cachées. La carte remplacée part à la
            défausse.
          </li>
          <li>
            Trois cartes visibles de la même couleur alignées (ligne, colonne ou diagonale) forment
            un HILO : à la fin de votre tour, vous pouvez retirer une telle ligne ; la plus petite
            carte finit sur la défausse. Après une diagonale, vous choisissez si la grille glisse
            vers la gauche ou vers le haut, et un nouveau HILO peut partir aussitôt.
          </li>
          <li>
            Quand quelqu’un termine son tour sans carte cachée, les autres jouent encore une fois.
            Puis tout est retourné (les HILO ainsi formés partent d’eux-mêmes) et la somme de votre
            grille est votre score de la manche.
          </li>
          <li>
            Qui a clos la manche sans avoir strictement la plus petite somme double son score s’il
            est positif. La partie s’arrête après la manche où quelqu’un atteint 100 points (ou la
            limite choisie) : le plus petit total gagne.
          </li>
        </ul>
      }
      de={
        <ul class="rules-text">
          <li>
            Die Karten reichen von −1 bis 11 in acht Farben. Alle bekommen 9 verdeckte Karten als 3
            × 3-Raster; verdeckte Karten kennt niemand, auch du nicht. Ziel: möglichst wenige
            Punkte.
          </li>
          <li>
            Zu Beginn decken alle gleichzeitig zwei Karten auf; wer die höchste offene Summe hat,
            fängt an.
          </li>
          <li>
            In deinem Zug nimmst du entweder die oberste Karte des Ablagestapels und tauschst sie
            gegen eine deiner Karten (offen oder verdeckt), oder du ziehst: dann tauschst du die
            Karte genauso ein oder legst sie ab und deckst dafür eine deiner verdeckten Karten auf.
            Die ersetzte Karte kommt auf den Ablagestapel.
          </li>
          <li>
            Drei offene Karten einer Farbe in einer Reihe, Spalte oder Diagonale sind ein HILO: am
            Ende deines Zuges darfst du eine solche Linie entfernen; die kleinste Karte liegt danach
            oben auf dem Ablagestapel. Nach einer Diagonale wählst du, ob die Auslage nach links
            oder nach oben zusammenrückt, und ein neuer HILO darf gleich mit.
          </li>
          <li>
            Beendet jemand den Zug ohne verdeckte Karte, haben alle anderen noch einen Zug. Dann
            wird alles aufgedeckt (so entstandene HILOs verschwinden von selbst), und die Summe
            deiner Auslage ist dein Rundenergebnis.
          </li>
          <li>
            Wer die Runde beendet hat, ohne allein die kleinste Summe zu haben, verdoppelt ein
            positives Ergebnis. Das Spiel endet nach der Runde, in der jemand 100 Punkte (oder das
            gewählte Limit) erreicht: die kleinste Summe gewinnt.
          </li>
        </ul>
      }
    />
  );
}
