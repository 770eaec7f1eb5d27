import type { RulesText } from './rules-text.ts';

export function RulesDe(props: RulesText) {
  const Example = props.Example;
  return (
    <>
      <h3>Das Ziel</h3>
      <p>
        Als Erste(r) alle Karten loswerden oder als Letzte(r) in der Runde übrig bleiben. Wer die
        Runde gewinnt, bekommt einen Punkt für jede Karte auf dem Ablagestapel. {props.goal}
      </p>

      <h3>Deine Karten</h3>
      <p>
        Du bekommst 5 Handkarten, die nur du siehst, und 5 offene Karten vor dir, die alle sehen.
        Bevor die erste Karte fällt, darf reihum jede(r) bis zu 3 offene Karten unter den
        Nachziehstapel schieben und ebenso viele neue von oben aufdecken.
      </p>

      <h3>Ein Zug</h3>
      <p>
        Spiele eine Karte, aus der Hand oder aus deiner offenen Reihe, und sage <b>höher</b> oder{' '}
        <b>tiefer</b>. Die nächste Person muss der Ansage folgen: nach einer 9 und „tiefer“ jede
        Karte von 1 bis 8. Die erste Karte einer Runde ist frei.
      </p>

      <h3>Besondere Karten</h3>
      <p>
        <b>Doppel.</b> Eine Karte mit demselben Wert wie die oberste ist ein Doppel: du ziehst eine
        Karte und sagst nichts an. Die nächste Person muss diesen Wert wieder spielen (und auch
        ziehen) oder das Doppel mit einer Nachbarkarte (eine 8 oder 10 auf ein Doppel 9) oder einem
        Joker beenden und dann ansagen.
      </p>
      <p>
        <b>Joker.</b> Jede 7 ist ein Joker. Sie geht auf alles, beendet ein Doppel, und die nächste
        Ansage zählt ab 7. Joker auf Joker ist kein Doppel. Deine allerletzte Karte darf kein Joker
        sein.
      </p>
      <p>
        <b>Am Rand.</b> Du darfst eine 13 spielen und „höher“ sagen oder eine 1 und „tiefer“: Die
        nächste Person braucht dann ein Doppel oder einen Joker.
      </p>

      <h3>Raus, und das Ende einer Runde</h3>
      <p>
        Passen gibt es nicht. Kannst du in deinem Zug nicht spielen, bist du für die Runde raus und
        zeigst deine Hand; dieselbe Ansage geht an die nächste Person. Die Runde endet, sobald
        jemand die letzte Karte spielt oder nur noch eine Person übrig ist. Nur wer gewinnt, punktet
        und gibt die nächste Runde.
      </p>

      <h3>Ein Beispiel</h3>
      <Example
        steps={[
          <>Ann spielt eine 9 und sagt „tiefer“.</>,
          <>Bob spielt eine 4 und sagt „höher“.</>,
          <>Cy spielt auch eine 4: ein Doppel. Sie zieht eine Karte und sagt nichts an.</>,
          <>Di hat keine 4, aber die 5 ist ein Nachbar: Sie beendet das Doppel und sagt „höher“.</>,
          <>Ann spielt einen Joker und sagt „höher“: Die nächste Karte muss über 7 liegen.</>,
          <>
            Bob hat 2, 3 und 6 und keinen Joker: Er ist für diese Runde raus und zeigt sie. Cy muss
            jetzt über 7 spielen.
          </>,
        ]}
      />

      <h3>Tisch-Optionen</h3>
      <p>
        Aus, außer der Tisch schaltet sie ein: die 5 offenen Karten selbst aus 10 wählen, kein
        Tauschen, und bei jeder Karte bestimmen, wer als Nächstes spielt.
      </p>
    </>
  );
}
