/** Each game's table options on the start page, with the rulebooks' defaults. */
import { Match, Show, Switch } from 'solid-js';
import type { GameId } from '../../../shared/engine/types.ts';
import { addStrings, t } from '../i18n.ts';

type Options = Record<string, unknown>;

addStrings({
  en: {
    'blurb.hulahoo': 'Call higher or lower, double up, keep your hoop spinning.',
    'blurb.hilo': 'Keep your 3×3 grid low and clear lines of one colour.',
    'blurb.sneak': 'Bluff face down or show your strength face up to win cards.',
    'opt.goal': 'The game ends',
    'opt.goal.points': 'at 77 points',
    'opt.goal.wins': 'after 3 round wins',
    'opt.goal.row': 'after 3 round wins in a row',
    'opt.chaos': 'Chaos rules',
    'opt.chooseFaceUp': 'Choose your 5 face-up cards',
    'opt.noSwap': 'No swapping',
    'opt.chooseTarget': 'Name who plays next',
    'opt.limit': 'The game ends at',
    'opt.points': '{n} points',
    'opt.packs': 'Packs of cards',
    'opt.target': 'Play to',
  },
  fr: {
    'blurb.hulahoo': 'Plus haut ou plus bas, doublez, gardez votre cerceau en l’air.',
    'blurb.hilo': 'Gardez votre grille 3×3 basse et videz les lignes d’une couleur.',
    'blurb.sneak': 'Bluffez face cachée ou montrez votre force pour gagner des cartes.',
    'opt.goal': 'La partie s’arrête',
    'opt.goal.points': 'à 77 points',
    'opt.goal.wins': 'après 3 manches gagnées',
    'opt.goal.row': 'après 3 manches gagnées d’affilée',
    'opt.chaos': 'Règles chaos',
    'opt.chooseFaceUp': 'Choisir ses 5 cartes visibles',
    'opt.noSwap': 'Pas d’échange',
    'opt.chooseTarget': 'Désigner qui joue ensuite',
    'opt.limit': 'La partie s’arrête à',
    'opt.points': '{n} points',
    'opt.packs': 'Jeux de cartes',
    'opt.target': 'Jouer jusqu’à',
  },
  de: {
    'blurb.hulahoo': 'Höher oder tiefer, doppeln, den Reifen am Laufen halten.',
    'blurb.hilo': 'Halte dein 3×3-Raster niedrig und räume Reihen einer Farbe ab.',
    'blurb.sneak': 'Verdeckt bluffen oder offen trumpfen, um Karten zu gewinnen.',
    'opt.goal': 'Das Spiel endet',
    'opt.goal.points': 'bei 77 Punkten',
    'opt.goal.wins': 'nach 3 gewonnenen Runden',
    'opt.goal.row': 'nach 3 gewonnenen Runden in Folge',
    'opt.chaos': 'Chaos-Regeln',
    'opt.chooseFaceUp': '5 offene Karten selbst wählen',
    'opt.noSwap': 'Kein Tauschen',
    'opt.chooseTarget': 'Bestimmen, wer als Nächstes spielt',
    'opt.limit': 'Das Spiel endet bei',
    'opt.points': '{n} Punkten',
    'opt.packs': 'Kartenspiele',
    'opt.target': 'Spielen bis',
  },
});

/** The options a new table starts with (the engine fills in anything left out). */
export function optionsFor(game: GameId, players: number): Options {
  switch (game) {
    case 'hulahoo':
      return { goal: { kind: 'points', points: 77 }, chaos: {} };
    case 'hilo':
      return { limit: 100 };
    case 'sneak': {
      const packs = players >= 5 ? 2 : 1; // SN-1
      return { packs, target: packs === 1 ? 100 : 200 }; // SN-13
    }
  }
}

export function GameOptions(props: {
  game: GameId;
  players: number;
  value: Options;
  onChange: (next: Options) => void;
}) {
  const set = (patch: Options) => props.onChange({ ...props.value, ...patch });
  return (
    <Switch>
      <Match when={props.game === 'hulahoo'}>
        <HulaOptions value={props.value} set={set} />
      </Match>
      <Match when={props.game === 'hilo'}>
        <label class="field">
          <span>{t('opt.limit')}</span>
          <select
            value={String(props.value.limit)}
            onChange={(e) => set({ limit: Number(e.currentTarget.value) })}
          >
            {[50, 100, 150, 200].map((n) => (
              <option value={n}>{t('opt.points', { n })}</option>
            ))}
          </select>
        </label>
      </Match>
      <Match when={props.game === 'sneak'}>
        <Show when={props.players === 4}>
          <label class="field">
            <span>{t('opt.packs')}</span>
            <select
              value={String(props.value.packs)}
              onChange={(e) => {
                const packs = Number(e.currentTarget.value);
                set({ packs, target: packs === 1 ? 100 : 200 });
              }}
            >
              <option value="1">1 × 52</option>
              <option value="2">2 × 52</option>
            </select>
          </label>
        </Show>
        <label class="field">
          <span>{t('opt.target')}</span>
          <select
            value={String(props.value.target)}
            onChange={(e) => set({ target: Number(e.currentTarget.value) })}
          >
            {[50, 100, 150, 200, 300].map((n) => (
              <option value={n}>{t('opt.points', { n })}</option>
            ))}
          </select>
        </label>
      </Match>
    </Switch>
  );
}

function HulaOptions(props: { value: Options; set: (patch: Options) => void }) {
  const goal = () => {
    const g = props.value.goal as { kind: string; consecutive?: boolean };
    return g.kind === 'points' ? 'points' : g.consecutive ? 'row' : 'wins';
  };
  const chaos = () => (props.value.chaos ?? {}) as Record<string, boolean>;
  const GOALS = {
    points: { kind: 'points', points: 77 },
    wins: { kind: 'wins', wins: 3, consecutive: false },
    row: { kind: 'wins', wins: 3, consecutive: true },
  };
  return (
    <>
      <label class="field">
        <span>{t('opt.goal')}</span>
        <select
          value={goal()}
          onChange={(e) => props.set({ goal: GOALS[e.currentTarget.value as keyof typeof GOALS] })}
        >
          <option value="points">{t('opt.goal.points')}</option>
          <option value="wins">{t('opt.goal.wins')}</option>
          <option value="row">{t('opt.goal.row')}</option>
        </select>
      </label>
      <fieldset class="checks">
        <legend>{t('opt.chaos')}</legend>
        {(['chooseFaceUp', 'noSwap', 'chooseTarget'] as const).map((rule) => (
          <label>
            <input
              type="checkbox"
              checked={chaos()[rule] ?? false}
              onChange={(e) =>
                props.set({ chaos: { ...chaos(), [rule]: e.currentTarget.checked } })
              }
            />
            {t(`opt.${rule}`)}
          </label>
        ))}
      </fieldset>
    </>
  );
}
