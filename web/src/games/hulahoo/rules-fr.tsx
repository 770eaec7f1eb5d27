import type { RulesText } from './rules-text.ts';

export function RulesFr(props: RulesText) {
  const Example = props.Example;
  return (
    <>
      <h3>Le but</h3>
      <p>
        Se débarrasser de toutes ses cartes le premier, ou rester le dernier en jeu dans la manche.
        Le gagnant de la manche marque un point par carte de la défausse. {props.goal}
      </p>

      <h3>Vos cartes</h3>
      <p>
        Vous recevez 5 cartes en main, que vous seul voyez, et 5 cartes visibles posées devant vous,
        que tout le monde voit. Avant la première carte jouée, chacun à son tour peut glisser
        jusqu’à 3 cartes visibles sous la pioche et en retourner autant de nouvelles prises dessus.
      </p>

      <h3>Un tour</h3>
      <p>
        Posez une carte, de votre main ou de votre rangée visible, et annoncez <b>plus</b> ou{' '}
        <b>moins</b>. Le joueur suivant doit suivre l’annonce : après un 9 et « moins », n’importe
        quelle carte de 1 à 8. La première carte de la manche est libre.
      </p>

      <h3>Les cartes spéciales</h3>
      <p>
        <b>Double.</b> Une carte égale à celle du dessus est un double : vous piochez une carte et
        n’annoncez rien. Le suivant doit rejouer cette valeur (et piocher aussi), ou arrêter le
        double avec une carte voisine (un 8 ou un 10 sur un double 9) ou un joker, puis annoncer.
      </p>
      <p>
        <b>Joker.</b> Chaque 7 est un joker. Il se pose sur tout, arrête un double, et l’annonce
        suivante se compte depuis 7. Un joker sur un joker n’est pas un double. Votre toute dernière
        carte ne peut pas être un joker.
      </p>
      <p>
        <b>Aux extrêmes.</b> On peut poser un 13 et annoncer « plus », ou un 1 et annoncer « moins »
        : le suivant doit alors doubler ou jouer un joker.
      </p>

      <h3>Éliminé, et fin de manche</h3>
      <p>
        On ne passe jamais par choix. Si vous ne pouvez pas jouer à votre tour, vous êtes éliminé de
        la manche et montrez votre main ; la même annonce passe au joueur suivant. La manche
        s’arrête dès qu’un joueur pose sa dernière carte, ou qu’il ne reste qu’un joueur. Seul le
        gagnant marque, et il distribue la manche suivante.
      </p>

      <h3>Un exemple</h3>
      <Example
        steps={[
          <>Ann pose un 9 et annonce « moins ».</>,
          <>Bob pose un 4 et annonce « plus ».</>,
          <>Cy pose aussi un 4 : c’est un double. Elle pioche une carte et n’annonce rien.</>,
          <>
            Di n’a pas de 4, mais un 5 est voisin : il arrête le double, et elle annonce « plus ».
          </>,
          <>Ann pose un joker et annonce « plus » : la carte suivante doit battre 7.</>,
          <>
            Bob a 2, 3 et 6, et pas de joker : il est éliminé pour la manche et les montre. Cy doit
            maintenant jouer plus que 7.
          </>,
        ]}
      />

      <h3>Options de table</h3>
      <p>
        Désactivées sauf si la table les choisit : choisir soi-même ses 5 cartes visibles parmi 10,
        pas d’échange, et désigner à chaque carte qui joue ensuite.
      </p>
    </>
  );
}
