import { Show } from 'solid-js';
import { CardChips as C } from './card.tsx';
import type { RulesText } from './rules-text.ts';

export function RulesFr(props: RulesText) {
  return (
    <>
      <h3>Le but</h3>
      <p>
        Gagner des cartes : chaque carte gagnée vaut un point. La partie s’arrête à la fin de la
        manche où quelqu’un atteint{' '}
        <Show
          when={props.target}
          fallback={
            <>
              <b>100 points</b> (<b>200</b> avec deux jeux ; la table peut fixer un autre total)
            </>
          }
        >
          {(target) => <b>{target()} points</b>}
        </Show>
        . Le plus haut total l’emporte ; à égalité, la victoire est partagée.
      </p>

      <h3>Cartes et mise en place</h3>
      <p>
        De 2 à 7 joueurs. Un jeu de 52 cartes de 2 à 4 joueurs, deux jeux mélangés dès 5 joueurs (à
        4, la table peut en prendre deux). On ne distribue rien : le jeu mélangé forme la pioche, et
        chacun commence la main vide.
      </p>

      <h3>À votre tour</h3>
      <p>Faites l’une de ces trois choses :</p>
      <ul>
        <li>
          <b>Piocher</b> la carte du dessus. Votre premier tour de chaque manche est toujours une
          pioche, comme tout tour que vous commencez sans carte.
        </li>
        <li>
          <b>Glisser</b> une ou plusieurs cartes face cachée. C’est peut-être un bluff : personne ne
          les voit, sauf si quelqu’un défie.
        </li>
        <li>
          <b>Exhiber</b> une carte seule, ou une combinaison, face visible.
        </li>
      </ul>
      <p>Une mise ne peut compter plus de cartes que la plus grosse main des autres joueurs.</p>

      <h3>Les défis</h3>
      <p>
        Tous ceux qui ont au moins autant de cartes que la mise répondent en même temps, en secret :
        défier avec le même nombre de cartes, ou passer.
      </p>
      <ul>
        <li>
          <b>Contre une mise glissée</b>, n’importe quelles cartes conviennent. On retourne alors
          tout, et le meilleur ensemble l’emporte.
        </li>
        <li>
          <b>Contre une mise exhibée</b>, seul un ensemble qui la bat peut défier : une carte seule
          par une carte plus haute de la même couleur, une combinaison par une combinaison plus
          haute du même type.
        </li>
      </ul>
      <p>
        Le gagnant ajoute à ses gains toutes les cartes jouées ; sans défi, le meneur garde ses
        cartes (une mise glissée reste cachée). En cas d’égalité, le meneur gagne ; entre
        challengers à égalité au-dessus de lui, celui qui s’est dévoilé le premier, en partant de la
        gauche du meneur. Quel que soit le gagnant, la main passe à gauche du meneur.
      </p>

      <h3>Les combinaisons, de la meilleure à la moins bonne</h3>
      <ol>
        <li>
          <b>Série</b> : même rang, <C cards="8S 8H" />.
        </li>
        <li>
          <b>Quinte flush</b> : une suite dans une couleur, <C cards="4D 5D 6D" />.
        </li>
        <li>
          <b>Quinte</b> : une suite de couleurs mêlées, <C cards="JC QH KS" />.
        </li>
        <li>
          <b>Couleur</b> : une seule couleur, sans suite, <C cards="2H 9H JH" />.
        </li>
      </ol>
      <p>
        Tout autre ensemble n’est pas une combinaison : il vaut moins qu’une couleur et ne peut
        qu’être glissé. Deux ensembles du même type se comparent par leur plus haute carte, puis la
        suivante. Les cartes seules se comparent au rang seul. L’as est haut, ou bas dans une suite
        (A-2-3) ; roi-as-2 n’est pas une suite.
      </p>

      <h3>Fin de manche</h3>
      <p>
        Une fois la pioche vide, on ne glisse plus, et ceux qui n’ont plus de cartes sont sautés.
        Quand un seul joueur tient encore des cartes, il les gagne aussi et la manche s’arrête.
        Chaque carte gagnée rapporte un point ; la manche suivante est mélangée par le voisin de
        gauche du donneur précédent.
      </p>

      <h3>Un exemple</h3>
      <p>
        Ann, Ben et Cy sont assis dans cet ordre. Ann glisse deux cartes face cachée :{' '}
        <C cards="7C 2D" />, un bluff. Ben défie avec <C cards="8D 9D" />, Cy avec{' '}
        <C cards="5H 5S" />. On retourne tout : Ann n’a pas de combinaison, Ben une quinte flush, Cy
        une série, le meilleur type. Cy gagne les six cartes, soit 6 points, et c’est à Ben de
        jouer, à gauche d’Ann.
      </p>
      <p>
        Si Ann avait exhibé <C cards="9S 10S" />, personne n’aurait pu défier : la quinte flush de
        Ben est plus basse et la série de Cy d’un autre type. Seule une quinte flush de deux cartes
        plus haute, comme <C cards="JH QH" />, l’aurait pu.
      </p>
    </>
  );
}
