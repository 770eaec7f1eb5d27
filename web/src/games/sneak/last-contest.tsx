/** The last contest: who led what, what each side showed, and who took the cards. */
import { For, Index, Show } from 'solid-js';
import type { ContestView, Shown } from '../../../../shared/games/sneak/types.ts';
import { Backs, CardFace, stable } from './card.tsx';
import { tieRule } from './contest.ts';
import { isCard } from './selection.ts';
import { comboName, t, tn } from './strings.ts';

export function LastContest(props: { last: ContestView; names: string[] }) {
  const sides = (): Shown[] =>
    props.last.lead ? [props.last.lead, ...props.last.challengers] : props.last.challengers;
  const total = () => props.last.count * (1 + props.last.challengers.length);
  const summary = () => {
    const last = props.last;
    const name = props.names[last.winner]!;
    if (last.unseen) return tn('sn.last.unseen', last.count, { name });
    if (last.challengers.length === 0) return tn('sn.last.unbeaten', last.count, { name });
    return t('sn.last.won', { name, n: total() });
  };
  return (
    <section class="sn-last" aria-label={t('sn.last.title')}>
      <div class="sn-last-head">
        <h2>{t('sn.last.title')}</h2>
        <p class="sn-last-summary">{summary()}</p>
      </div>
      <div class="sn-sides">
        <Show when={props.last.unseen}>
          <div class="sn-side winner">
            <span class="sn-side-name">{props.names[props.last.leader]}</span>
            <UnseenCards last={props.last} />
          </div>
        </Show>
        <Index each={sides()}>
          {(side) => (
            <div class="sn-side" classList={{ winner: side().seat === props.last.winner }}>
              <span class="sn-side-name">
                {props.names[side().seat]}
                <Show when={side().seat === props.last.leader}>
                  <span class="sn-tag">{t('sn.last.lead')}</span>
                </Show>
                <Show when={side().seat === props.last.winner}>
                  <span class="sn-tag sn-win">{t('sn.last.wins')}</span>
                </Show>
              </span>
              <span class="row sn-side-cards">
                <For each={side().cards.map(stable)}>{(c) => <CardFace card={c} small />}</For>
              </span>
              <Show when={side().combo !== 'single'}>
                <span class="sn-combo">{comboName(side().combo)}</span>
              </Show>
            </div>
          )}
        </Index>
      </div>
      <Show when={tieRule(props.last)}>
        {(rule) => <p class="sn-last-tie">{t(`sn.last.tie.${rule()}`)}</p>}
      </Show>
    </section>
  );
}

/** An unchallenged sneak: backs while the game is played, its cards once it is over (a replay). */
function UnseenCards(props: { last: ContestView }) {
  const faces = () => (props.last.sneak ?? []).filter(isCard);
  return (
    <Show when={faces().length > 0} fallback={<Backs count={props.last.count} />}>
      <span class="row sn-side-cards">
        <For each={faces().map(stable)}>{(c) => <CardFace card={c} small />}</For>
      </span>
    </Show>
  );
}
