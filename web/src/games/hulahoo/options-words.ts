/** Hula-Hoo!'s table options in words (HH-15, HH-16): the form's labels and the lobby's summary. */
import {
  CHAOS_RULES,
  DEFAULT_POINTS,
  DEFAULT_WINS,
} from '../../../../shared/games/hulahoo/config.ts';
import type { Config, Goal } from '../../../../shared/games/hulahoo/types.ts';
import { addStrings } from '../../i18n.ts';

export const { t, tn } = addStrings({
  en: {
    'hh.opt.goal': 'The game ends',
    'hh.opt.goal.points': 'at {n} points',
    'hh.opt.goal.wins.one': 'after {n} round win',
    'hh.opt.goal.wins': 'after {n} round wins',
    'hh.opt.goal.row.one': 'after {n} round win',
    'hh.opt.goal.row': 'after {n} round wins in a row',
    'hh.opt.chaos': 'Chaos rules',
    'hh.opt.chooseFaceUp': 'Choose your 5 face-up cards',
    'hh.opt.noSwap': 'No swapping',
    'hh.opt.chooseTarget': 'Name who plays next',
  },
  fr: {
    'hh.opt.goal': 'La partie s’arrête',
    'hh.opt.goal.points': 'à {n} points',
    'hh.opt.goal.wins.one': 'après {n} manche gagnée',
    'hh.opt.goal.wins': 'après {n} manches gagnées',
    'hh.opt.goal.row.one': 'après {n} manche gagnée',
    'hh.opt.goal.row': 'après {n} manches gagnées d’affilée',
    'hh.opt.chaos': 'Règles chaos',
    'hh.opt.chooseFaceUp': 'Choisir ses 5 cartes visibles',
    'hh.opt.noSwap': 'Pas d’échange',
    'hh.opt.chooseTarget': 'Désigner qui joue ensuite',
  },
  de: {
    'hh.opt.goal': 'Das Spiel endet',
    'hh.opt.goal.points': 'bei {n} Punkten',
    'hh.opt.goal.wins.one': 'nach {n} gewonnenen Runde',
    'hh.opt.goal.wins': 'nach {n} gewonnenen Runden',
    'hh.opt.goal.row.one': 'nach {n} gewonnenen Runde',
    'hh.opt.goal.row': 'nach {n} gewonnenen Runden in Folge',
    'hh.opt.chaos': 'Chaos-Regeln',
    'hh.opt.chooseFaceUp': '5 offene Karten selbst wählen',
    'hh.opt.noSwap': 'Kein Tauschen',
    'hh.opt.chooseTarget': 'Bestimmen, wer als Nächstes spielt',
  },
});

/** The ways a game may end, as the form offers them: points, round wins, round wins in a row. */
export const GOALS = ['points', 'wins', 'row'] as const;
export type GoalChoice = (typeof GOALS)[number];

export const choiceOf = (goal: Goal): GoalChoice =>
  goal.kind === 'points' ? 'points' : goal.consecutive ? 'row' : 'wins';

/** A goal of the chosen kind with the rules' own number (HH-15). */
export const goalFor = (choice: GoalChoice): Goal =>
  choice === 'points'
    ? { kind: 'points', points: DEFAULT_POINTS }
    : { kind: 'wins', wins: DEFAULT_WINS, consecutive: choice === 'row' };

export const goalNumber = (goal: Goal): number =>
  goal.kind === 'points' ? goal.points : goal.wins;

/** The table's options in words, for everyone in its lobby: its end, and the chaos rules in play. */
export function settings(config: Config): string[] {
  const goal = `${t('hh.opt.goal')} ${tn(`hh.opt.goal.${choiceOf(config.goal)}`, goalNumber(config.goal))}`;
  const chaos = CHAOS_RULES.filter((rule) => config.chaos[rule]).map((rule) => t(`hh.opt.${rule}`));
  return chaos.length > 0 ? [goal, `${t('hh.opt.chaos')}: ${chaos.join(', ')}`] : [goal];
}
