import { ByLang } from '../../i18n.ts';

/** Sneak in a nutshell, in our own words. */
export function Rules() {
  return (
    <ByLang
      en={
        <ul class="rules-text">
          <li>
            A 52-card pack (two from 5 players on) is the stock; nobody starts with cards. Your
            first turn of each round is always a draw.
          </li>
          <li>
            On your turn: draw a card, sneak one or more cards face down (a bluff), or flaunt a
            single card or a combo face up. You can’t lead more cards than someone else holds.
          </li>
          <li>
            Combos, best first: match (same rank), straight flush, straight, flush. The ace is high
            or low (A-2-3), never both (no K-A-2).
          </li>
          <li>
            Everyone with enough cards answers at once, in secret: challenge with as many cards, or
            decline. Against a sneak any cards will do; all are turned up and the best combo wins
            (single cards: highest rank). Against a flaunt, only a higher card of the same suit, or
            a higher combo of the same type, may challenge.
          </li>
          <li>
            The winner takes every card played; unchallenged, the leader keeps them, and a sneak
            stays unseen. The leader wins ties. The turn always moves to the leader’s left.
          </li>
          <li>
            Once the stock is gone, every lead is a flaunt, and the last player holding cards keeps
            them. Each card won is a point; the game goes to 100 (200 with two packs).
          </li>
        </ul>
      }
      fr={
        <ul class="rules-text">
          <li>
            Un jeu de 52 cartes (deux jeux dès 5 joueurs) forme la pioche ; personne n’a de cartes
            au départ. Le premier tour de chacun dans une manche est toujours une pioche.
          </li>
          <li>
            À votre tour : piochez une carte, glissez une ou plusieurs cartes face cachée (un
            bluff), ou exhibez face visible une carte seule ou une combinaison. Une mise ne peut
            compter plus de cartes que n’en tient un autre joueur.
          </li>
          <li>
            Combinaisons, de la plus forte à la plus faible : cartes de même rang, quinte flush,
            quinte, couleur. L’as est haut ou bas (A-2-3), sans boucler.
          </li>
          <li>
            Tous ceux qui ont assez de cartes répondent en même temps et en secret : défier avec
            autant de cartes, ou passer. Contre une mise glissée, n’importe quelles cartes : on
            retourne tout et la meilleure combinaison l’emporte (une carte seule : le rang le plus
            haut). Contre une mise exhibée, seule une carte plus haute de la même couleur, ou une
            combinaison plus haute du même type, peut défier.
          </li>
          <li>
            Le gagnant prend toutes les cartes jouées ; sans défi, le meneur les garde, et une mise
            glissée reste cachée. En cas d’égalité, le meneur gagne. La main passe toujours à gauche
            du meneur.
          </li>
          <li>
            Pioche vide : plus de mises cachées. Le dernier à tenir des cartes les garde. Chaque
            carte gagnée vaut 1 point ; la partie se joue en 100 points (200 avec deux jeux).
          </li>
        </ul>
      }
      de={
        <ul class="rules-text">
          <li>
            Ein Spiel mit 52 Karten (ab 5 Personen zwei) ist der Stapel; zu Beginn hat niemand
            Karten. Der erste Zug jeder Person in einer Runde ist immer Ziehen.
          </li>
          <li>
            Am Zug: eine Karte ziehen, eine oder mehrere Karten verdeckt schieben (ein Bluff) oder
            eine Einzelkarte bzw. Kombination offen zeigen. Ausspielen darf man höchstens so viele
            Karten, wie jemand anderes auf der Hand hat.
          </li>
          <li>
            Kombinationen, von hoch nach tief: Satz (gleicher Rang), Straight Flush, Straße, Flush.
            Das Ass ist hoch oder tief (A-2-3), aber nicht beides (kein K-A-2).
          </li>
          <li>
            Alle mit genug Karten antworten gleichzeitig und geheim: mit gleich vielen Karten
            herausfordern oder passen. Gegen verdeckte Karten geht jede Auswahl; alles wird
            aufgedeckt und die beste Kombination gewinnt (Einzelkarten: der höchste Rang). Gegen
            offene Karten darf nur eine höhere Karte derselben Farbe oder eine höhere Kombination
            derselben Art herausfordern.
          </li>
          <li>
            Wer gewinnt, nimmt alle gespielten Karten; ohne Herausforderung behält sie, wer
            ausgespielt hat, und verdeckte bleiben ungesehen. Bei Gleichstand gewinnt, wer
            ausgespielt hat. Danach ist immer der linke Nachbar des Ausspielenden dran.
          </li>
          <li>
            Ist der Stapel leer, wird nur noch offen gespielt; wer als Letzte(r) Karten hält, behält
            sie. Jede gewonnene Karte zählt 1 Punkt; gespielt wird bis 100 (mit zwei Spielen 200).
          </li>
        </ul>
      }
    />
  );
}
