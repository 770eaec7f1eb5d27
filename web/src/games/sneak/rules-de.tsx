import { Show } from 'solid-js';
import { CardChips as C } from './card.tsx';
import type { RulesText } from './rules-text.ts';

export function RulesDe(props: RulesText) {
  return (
    <>
      <h3>Das Ziel</h3>
      <p>
        Karten gewinnen: Jede gewonnene Karte zählt einen Punkt. Das Spiel endet mit der Runde, in
        der jemand{' '}
        <Show
          when={props.target}
          fallback={
            <>
              <b>100 Punkte</b> erreicht (<b>200</b> mit zwei Kartenspielen; der Tisch kann ein
              anderes Ziel festlegen)
            </>
          }
        >
          {(target) => (
            <>
              <b>{target()} Punkte</b> erreicht
            </>
          )}
        </Show>
        . Die höchste Summe gewinnt, bei Gleichstand teilt man den Sieg.
      </p>

      <h3>Karten und Vorbereitung</h3>
      <p>
        2 bis 7 Personen. Ein Spiel mit 52 Karten für 2–4 Personen, ab 5 Personen zwei gemischte
        Spiele (zu viert darf der Tisch zwei wählen). Es wird nichts ausgeteilt: Das gemischte Spiel
        ist der Stapel, und alle beginnen mit leerer Hand.
      </p>

      <h3>Dein Zug</h3>
      <p>Mach eines davon:</p>
      <ul>
        <li>
          <b>Ziehen</b>: die oberste Karte des Stapels. Dein erster Zug jeder Runde ist immer
          Ziehen, ebenso jeder Zug, den du ohne Karten beginnst.
        </li>
        <li>
          <b>Schieben</b>: eine oder mehrere Karten verdeckt ausspielen. Das darf ein Bluff sein:
          Niemand sieht sie, außer jemand fordert heraus.
        </li>
        <li>
          <b>Zeigen</b>: eine Einzelkarte oder eine Kombination offen ausspielen.
        </li>
      </ul>
      <p>Du darfst nie mehr Karten ausspielen, als die größte Hand der anderen hält.</p>

      <h3>Herausforderungen</h3>
      <p>
        Alle, die mindestens so viele Karten halten wie ausgespielt wurden, antworten gleichzeitig
        und geheim: mit gleich vielen Karten herausfordern oder passen.
      </p>
      <ul>
        <li>
          <b>Gegen verdeckte Karten</b> geht jede Auswahl. Dann wird alles aufgedeckt, und die beste
          Kombination gewinnt.
        </li>
        <li>
          <b>Gegen offene Karten</b> darf nur herausfordern, was sie schlägt: eine Einzelkarte nur
          eine höhere Karte derselben Farbe, eine Kombination nur eine höhere derselben Art.
        </li>
      </ul>
      <p>
        Wer gewinnt, nimmt alle gespielten Karten zu seinem Gewinn; ohne Herausforderung behält der
        Ausspielende seine Karten (verdeckte bleiben ungesehen). Bei Gleichstand gewinnt, wer
        ausgespielt hat; unter Herausforderern, die gleichauf darüber liegen, wer zuerst aufgedeckt
        hat, links vom Ausspielenden an gezählt. Danach ist immer dessen linker Nachbar am Zug.
      </p>

      <h3>Kombinationen, die beste zuerst</h3>
      <ol>
        <li>
          <b>Satz</b>: gleicher Rang, <C cards="8S 8H" />.
        </li>
        <li>
          <b>Straight Flush</b>: eine Folge in einer Farbe, <C cards="4D 5D 6D" />.
        </li>
        <li>
          <b>Straße</b>: eine Folge in gemischten Farben, <C cards="JC QH KS" />.
        </li>
        <li>
          <b>Flush</b>: eine Farbe ohne Folge, <C cards="2H 9H JH" />.
        </li>
      </ol>
      <p>
        Alles andere ist keine Kombination: Es liegt unter einem Flush und kann nur verdeckt
        geschoben werden. Zwei Kombinationen derselben Art vergleicht man nach der höchsten Karte,
        dann der nächsten. Einzelkarten zählen nur nach Rang. Das Ass ist hoch, oder in einer Folge
        tief (A-2-3); K-A-2 ist keine Folge.
      </p>

      <h3>Ende einer Runde</h3>
      <p>
        Ist der Stapel leer, wird nicht mehr geschoben, und wer keine Karten hat, wird übersprungen.
        Hält nur noch eine Person Karten, gewinnt sie diese dazu, und die Runde endet. Jede
        gewonnene Karte zählt einen Punkt; die nächste Runde mischt der linke Nachbar des letzten
        Gebers.
      </p>

      <h3>Ein Beispiel</h3>
      <p>
        Ann, Ben und Cy sitzen in dieser Reihenfolge. Ann schiebt zwei Karten verdeckt:{' '}
        <C cards="7C 2D" />, ein Bluff. Ben fordert mit <C cards="8D 9D" /> heraus, Cy mit{' '}
        <C cards="5H 5S" />. Alles wird aufgedeckt: Ann hat keine Kombination, Ben einen Straight
        Flush, Cy einen Satz, die beste Art. Cy gewinnt alle sechs Karten, also 6 Punkte, und am Zug
        ist Ben, links von Ann.
      </p>
      <p>
        Hätte Ann <C cards="9S 10S" /> offen gezeigt, hätte niemand herausfordern dürfen: Bens
        Straight Flush ist niedriger, Cys Satz eine andere Art. Nur ein höherer Straight Flush aus
        zwei Karten, etwa <C cards="JH QH" />, hätte gereicht.
      </p>
    </>
  );
}
