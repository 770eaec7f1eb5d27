/**
 * What a notice says, in each of the page's languages (the device gives its page's language with
 * its subscription; English where it gave none). The table writes notices itself, so their words
 * live here rather than in the page's dictionaries; what a move was is told in move-words.ts.
 */
import type { NoticeLang } from '../push.ts';

/** What a move was, as move-words.ts tells it: a name and what they did, in a few words. */
export type MoveSaid =
  | { kind: 'moved' }
  | { kind: 'timedOut' }
  | { kind: 'played'; value: string }
  /** Sneak's flaunted cards, with their rank (2…14: J, Q, K, A) where they share one. */
  | { kind: 'playedCards'; count: number; rank: number | null }
  | { kind: 'drew'; count: number }
  | { kind: 'swapped'; count: number }
  | { kind: 'picked' }
  | { kind: 'droppedOut' }
  | { kind: 'tookDiscard' }
  | { kind: 'placed' }
  | { kind: 'discarded'; value: string }
  | { kind: 'flipped' }
  | { kind: 'opened' }
  | { kind: 'cleared' }
  | { kind: 'sneaked'; count: number }
  | { kind: 'answered' }
  | { kind: 'won'; count: number };

/** Face cards by rank (11 J, 12 Q, 13 K, 14 A); in German and French, one, then several. */
const EN_FACES: Record<number, string> = { 11: 'jack', 12: 'queen', 13: 'king', 14: 'ace' };
const DE_FACES: Record<number, [string, string]> = {
  11: ['einen Buben', 'Buben'],
  12: ['eine Dame', 'Damen'],
  13: ['einen König', 'Könige'],
  14: ['ein Ass', 'Asse'],
};
const FR_FACES: Record<number, [string, string]> = {
  11: ['un valet', 'valets'],
  12: ['une dame', 'dames'],
  13: ['un roi', 'rois'],
  14: ['un as', 'as'],
};

export interface NoticeWords {
  yourTurn(game: string): string;
  roundOver(game: string): string;
  nextRound: string;
  newGame(game: string): string;
  wantsAgain(name: string): string;
  waits: string;
  host: string;
  nudged(name: string): string;
  minutesLeft(n: number): string;
  hoursLeft(n: number): string;
  move(name: string, said: MoveSaid): string;
}

/** "a 7", "an 8", "an ace": the article English says before a card's name. */
const anEn = (what: string) => `${/^(8|11|18|ace)\b/.test(what) ? 'an' : 'a'} ${what}`;

const en: NoticeWords = {
  yourTurn: (game) => `Your turn at ${game}`,
  roundOver: (game) => `Round over at ${game}`,
  nextRound: 'Ready for the next round?',
  newGame: (game) => `A new game at ${game}`,
  wantsAgain: (name) => `${name} wants to play again. Are you in?`,
  waits: 'The table waits for you.',
  host: 'The host',
  nudged: (name) => `${name} nudged you: the table is waiting for you.`,
  minutesLeft: (n) => `You have ${n} min.`,
  hoursLeft: (n) => `You have ${n} h.`,
  move(name, said) {
    const cards = (n: number) => (n === 1 ? 'a card' : `${n} cards`);
    switch (said.kind) {
      case 'moved':
        return `${name} has moved.`;
      case 'timedOut':
        return `${name}’s time ran out.`;
      case 'played':
        return `${name} played ${anEn(said.value)}.`;
      case 'playedCards': {
        const { count, rank } = said;
        if (rank === null) return `${name} played ${cards(count)}.`;
        const face = EN_FACES[rank];
        if (count === 1) return `${name} played ${anEn(face ?? String(rank))}.`;
        const many = face ? `${face}s` : `${rank}s`;
        return count === 2
          ? `${name} played a pair of ${many}.`
          : `${name} played ${count} ${many}.`;
      }
      case 'drew':
        return `${name} drew ${cards(said.count)}.`;
      case 'swapped':
        return said.count === 0
          ? `${name} kept their cards.`
          : `${name} swapped ${cards(said.count)}.`;
      case 'picked':
        return `${name} chose their face-up cards.`;
      case 'droppedOut':
        return `${name} dropped out.`;
      case 'tookDiscard':
        return `${name} took the discard.`;
      case 'placed':
        return `${name} drew a card and placed it.`;
      case 'discarded':
        return `${name} discarded ${anEn(said.value)}.`;
      case 'flipped':
        return `${name} turned a card up.`;
      case 'opened':
        return `${name} turned up their first cards.`;
      case 'cleared':
        return `${name} cleared a line.`;
      case 'sneaked':
        return `${name} sneaked ${cards(said.count)}.`;
      case 'answered':
        return `${name} answered the lead.`;
      case 'won':
        return `${name} won ${cards(said.count)}.`;
      default:
        return said satisfies never;
    }
  },
};

const de: NoticeWords = {
  yourTurn: (game) => `Du bist dran bei ${game}`,
  roundOver: (game) => `Runde vorbei bei ${game}`,
  nextRound: 'Bereit für die nächste Runde?',
  newGame: (game) => `Eine neue Partie ${game}`,
  wantsAgain: (name) => `${name} will noch einmal spielen. Bist du dabei?`,
  waits: 'Der Tisch wartet auf dich.',
  host: 'Der Gastgeber',
  nudged: (name) => `${name} hat dich angestupst: Der Tisch wartet auf dich.`,
  minutesLeft: (n) => `Du hast ${n} Min.`,
  hoursLeft: (n) => `Du hast ${n} Std.`,
  move(name, said) {
    const cards = (n: number) => (n === 1 ? 'eine Karte' : `${n} Karten`);
    switch (said.kind) {
      case 'moved':
        return `${name} hat gezogen.`;
      case 'timedOut':
        return `${name}s Zeit ist abgelaufen.`;
      case 'played':
        return `${name} hat eine ${said.value} gespielt.`;
      case 'playedCards': {
        const { count, rank } = said;
        if (rank === null) return `${name} hat ${cards(count)} gespielt.`;
        const face = DE_FACES[rank];
        if (count === 1) return `${name} hat ${face ? face[0] : `eine ${rank}`} gespielt.`;
        const many = face ? face[1] : `${rank}er`;
        return count === 2
          ? `${name} hat ein Paar ${many} gespielt.`
          : `${name} hat ${count} ${many} gespielt.`;
      }
      case 'drew':
        return `${name} hat ${cards(said.count)} gezogen.`;
      case 'swapped':
        return said.count === 0
          ? `${name} hat die Karten behalten.`
          : `${name} hat ${cards(said.count)} getauscht.`;
      case 'picked':
        return `${name} hat die offenen Karten gewählt.`;
      case 'droppedOut':
        return `${name} ist ausgeschieden.`;
      case 'tookDiscard':
        return `${name} hat die Ablage genommen.`;
      case 'placed':
        return `${name} hat eine Karte gezogen und gelegt.`;
      case 'discarded':
        return `${name} hat eine ${said.value} abgelegt.`;
      case 'flipped':
        return `${name} hat eine Karte aufgedeckt.`;
      case 'opened':
        return `${name} hat die ersten Karten aufgedeckt.`;
      case 'cleared':
        return `${name} hat eine Reihe abgeräumt.`;
      case 'sneaked':
        return `${name} hat ${cards(said.count)} verdeckt gespielt.`;
      case 'answered':
        return `${name} hat auf das Ausspiel geantwortet.`;
      case 'won':
        return `${name} hat ${cards(said.count)} gewonnen.`;
      default:
        return said satisfies never;
    }
  },
};

const fr: NoticeWords = {
  yourTurn: (game) => `À vous de jouer à ${game}`,
  roundOver: (game) => `Manche terminée à ${game}`,
  nextRound: 'Prêt pour la manche suivante ?',
  newGame: (game) => `Une nouvelle partie de ${game}`,
  wantsAgain: (name) => `${name} veut rejouer. Vous en êtes ?`,
  waits: 'La table vous attend.',
  host: 'L’hôte',
  nudged: (name) => `${name} vous fait signe : la table vous attend.`,
  minutesLeft: (n) => `Il vous reste ${n} min.`,
  hoursLeft: (n) => `Il vous reste ${n} h.`,
  move(name, said) {
    const cards = (n: number) => (n === 1 ? 'une carte' : `${n} cartes`);
    switch (said.kind) {
      case 'moved':
        return `${name} a joué.`;
      case 'timedOut':
        return `Le temps de ${name} est écoulé.`;
      case 'played':
        return `${name} a joué un ${said.value}.`;
      case 'playedCards': {
        const { count, rank } = said;
        if (rank === null) return `${name} a joué ${cards(count)}.`;
        const face = FR_FACES[rank];
        if (count === 1) return `${name} a joué ${face ? face[0] : `un ${rank}`}.`;
        const many = face ? face[1] : String(rank);
        return count === 2
          ? `${name} a joué une paire de ${many}.`
          : `${name} a joué ${count} ${many}.`;
      }
      case 'drew':
        return `${name} a pioché ${cards(said.count)}.`;
      case 'swapped':
        return said.count === 0
          ? `${name} a gardé ses cartes.`
          : `${name} a échangé ${cards(said.count)}.`;
      case 'picked':
        return `${name} a choisi ses cartes visibles.`;
      case 'droppedOut':
        return `${name} est éliminé.`;
      case 'tookDiscard':
        return `${name} a pris la défausse.`;
      case 'placed':
        return `${name} a pioché une carte et l’a posée.`;
      case 'discarded':
        return `${name} a défaussé un ${said.value}.`;
      case 'flipped':
        return `${name} a retourné une carte.`;
      case 'opened':
        return `${name} a retourné ses premières cartes.`;
      case 'cleared':
        return `${name} a enlevé une ligne.`;
      case 'sneaked':
        return `${name} a joué ${cards(said.count)} face cachée.`;
      case 'answered':
        return `${name} a répondu à l’entame.`;
      case 'won':
        return `${name} a gagné ${cards(said.count)}.`;
      default:
        return said satisfies never;
    }
  },
};

export const NOTICE_WORDS: Record<NoticeLang, NoticeWords> = { en, de, fr };
