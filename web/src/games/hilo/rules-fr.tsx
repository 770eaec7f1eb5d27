import { blue, Down, green, red } from './rules-cards.tsx';
import type { RulesText } from './rules-text.ts';

export function RulesFr(props: RulesText) {
  return (
    <>
      <h3>Le but</h3>
      <p>
        Marquer le moins de points possible. La partie se joue en manches ; elle s’arrête après la
        manche où le total de quelqu’un atteint {props.limit} points
        {props.table ? '' : ' (ou la limite choisie pour la table)'}, et le plus petit total gagne.
        Les ex æquo se partagent la victoire.
      </p>
      <h3>Les cartes et le départ</h3>
      <p>
        104 cartes vont de −1 à 11 en huit couleurs, chacune avec sa forme. Vous recevez neuf cartes
        cachées en grille de 3 × 3 : personne ne les connaît, vous non plus. Une carte ouvre la
        défausse.
      </p>
      <p>
        Chacun choisit alors deux de ses cartes et tout le monde les retourne en même temps. La plus
        forte somme de ces deux cartes commence (à égalité, le premier d’entre eux à gauche du
        donneur) ; on joue ensuite vers la gauche.
      </p>
      <h3>Votre tour</h3>
      <ul>
        <li>
          <strong>Prenez</strong> la carte du dessus de la défausse et posez-la face visible à la
          place d’une de vos cartes, visible ou cachée. La carte remplacée part sur la défausse.
        </li>
        <li>
          Ou <strong>piochez</strong> une carte que vous seul voyez. Échangez-la de la même façon,
          ou défaussez-la et retournez à la place une de vos cartes cachées.
        </li>
      </ul>
      <p>Une pioche vide est refaite avec la défausse, sauf sa carte du dessus.</p>
      <h3>HILO</h3>
      <p>
        Trois cartes visibles d’une même couleur en ligne, en colonne ou en diagonale forment un
        HILO (les cartes cachées ne comptent jamais). À la fin de votre tour, vous pouvez en retirer
        un : ses cartes vont sur la défausse, la plus petite dessus. Ou le garder pour un tour
        suivant.
      </p>
      <p>
        Quand une diagonale part, vous choisissez comment le reste se resserre : en glissant à
        gauche (trois lignes de deux) ou vers le haut (deux lignes de trois). Un nouveau HILO ainsi
        formé peut partir aussitôt. Une grille plus petite n’a que les lignes de trois de son grand
        côté.
      </p>
      <h3>Fin de manche et score</h3>
      <p>
        Quand quelqu’un finit son tour sans carte cachée (ou sans aucune carte), chacun des autres
        joue encore une fois. Puis toutes les cartes sont retournées ; un HILO qui apparaît alors
        part de lui-même. Votre score est la somme de vos cartes.
      </p>
      <p>
        Qui a clos la manche double un score au-dessus de 0, sauf s’il a seul la plus petite somme :
        une égalité ne suffit pas. Une manche qui s’éternise s’arrête quand chacun a joué{' '}
        {props.turns} tours, et personne ne double alors.
      </p>
      <h3>Un exemple</h3>
      <p>
        Votre ligne du haut montre {red(2)} {red(5)} <Down />, et la défausse montre {red(-1)}. Vous
        prenez le {red(-1)} et le posez sur la carte cachée : la ligne est toute rouge, un HILO.
        Vous la retirez ; le {red(-1)} se retrouve sur la défausse, et il vous reste six cartes.
      </p>
      <p>
        Plus tard, vous terminez une manche en retournant votre dernière carte ; vos six cartes,{' '}
        {blue(3)} {green(0)} {blue(1)} et trois autres, font 9. Quelqu’un d’autre a aussi 9 : vous
        n’êtes pas seul le plus bas, vos 9 comptent donc double, 18.
      </p>
    </>
  );
}
