import { blue, Down, green, red } from './rules-cards.tsx';
import type { RulesText } from './rules-text.ts';

export function RulesDe(props: RulesText) {
  return (
    <>
      <h3>Das Ziel</h3>
      <p>
        Möglichst wenige Punkte sammeln. Gespielt wird in Runden; das Spiel endet nach der Runde, in
        der jemandes Summe {props.limit} Punkte{props.table ? '' : ' (oder das Limit des Tischs)'}{' '}
        erreicht, und die kleinste Summe gewinnt. Bei Gleichstand teilen sich alle Beteiligten den
        Sieg.
      </p>
      <h3>Die Karten und der Start</h3>
      <p>
        104 Karten reichen von −1 bis 11 in acht Farben, jede Farbe mit eigener Form. Du bekommst
        neun verdeckte Karten als 3 × 3-Raster: niemand kennt sie, auch du nicht. Eine Karte beginnt
        den Ablagestapel.
      </p>
      <p>
        Dann wählen alle zwei ihrer Karten und decken sie gleichzeitig auf. Die höchste Summe dieser
        zwei beginnt (bei Gleichstand die erste Person davon links vom Geber); weiter geht es nach
        links.
      </p>
      <h3>Dein Zug</h3>
      <ul>
        <li>
          <strong>Nimm</strong> die oberste Karte des Ablagestapels und lege sie offen an die Stelle
          einer deiner Karten, offen oder verdeckt. Die ersetzte Karte kommt auf den Ablagestapel.
        </li>
        <li>
          Oder <strong>ziehe</strong> eine Karte, die nur du siehst. Tausche sie genauso ein, oder
          lege sie ab und decke stattdessen eine deiner verdeckten Karten auf.
        </li>
      </ul>
      <p>
        Ein leerer Nachziehstapel entsteht neu aus dem Ablagestapel, außer dessen oberster Karte.
      </p>
      <h3>HILO</h3>
      <p>
        Drei offene Karten einer Farbe in einer Reihe, Spalte oder Diagonale sind ein HILO
        (verdeckte Karten zählen nie). Am Ende deines Zuges darfst du einen entfernen: seine Karten
        kommen auf den Ablagestapel, die kleinste oben. Oder du behältst ihn für einen späteren Zug.
      </p>
      <p>
        Geht eine Diagonale, wählst du, wie der Rest zusammenrückt: nach links (drei Reihen zu zwei)
        oder nach oben (zwei Reihen zu drei). Ein so entstandener neuer HILO darf gleich mit. Eine
        kleinere Auslage hat nur die Dreierlinien ihrer langen Seite.
      </p>
      <h3>Rundenende und Wertung</h3>
      <p>
        Beendet jemand einen Zug ohne verdeckte Karte (oder ganz ohne Karten), haben alle anderen
        noch einen Zug. Dann wird alles aufgedeckt; ein HILO, der sich jetzt zeigt, verschwindet von
        selbst. Dein Ergebnis ist die Summe deiner Karten.
      </p>
      <p>
        Wer die Runde beendet hat, verdoppelt ein Ergebnis über 0, außer er hat allein die kleinste
        Summe: Gleichstand reicht nicht. Eine Runde, die sich zieht, endet, sobald alle{' '}
        {props.turns} Züge hatten, und dann verdoppelt niemand.
      </p>
      <h3>Ein Beispiel</h3>
      <p>
        Deine oberste Reihe zeigt {red(2)} {red(5)} <Down />, und auf dem Ablagestapel liegt{' '}
        {red(-1)}. Du nimmst die {red(-1)} und legst sie auf die verdeckte Karte: die Reihe ist ganz
        rot, ein HILO. Du entfernst sie; die {red(-1)} liegt oben auf dem Ablagestapel, und dir
        bleiben sechs Karten.
      </p>
      <p>
        Später beendest du eine Runde, indem du deine letzte Karte aufdeckst; deine sechs Karten,{' '}
        {blue(3)} {green(0)} {blue(1)} und drei weitere, ergeben 9. Jemand anderes hat auch 9: du
        bist nicht allein am niedrigsten, also zählen deine 9 doppelt, 18.
      </p>
    </>
  );
}
