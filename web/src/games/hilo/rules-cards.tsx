/** Cards drawn inside the rules' sentences: a chip with the colour's shape and the value. */

import { Shape } from './card.tsx';
import { cardName, valueText } from './names.ts';
import { t } from './strings.ts';

function C(props: { c: number; v: number }) {
  return (
    <span
      class="hl-card hl-inline"
      data-c={props.c}
      role="img"
      aria-label={cardName({ id: '', c: props.c, v: props.v })}
    >
      <Shape c={props.c} />
      {valueText(props.v)}
    </span>
  );
}

export const Down = () => (
  <span class="card-back hl-back hl-inline" role="img" aria-label={t('hl.faceDown')} />
);

// Colours by number: 0 red, 1 blue, 3 green.
export const red = (v: number) => <C c={0} v={v} />;
export const blue = (v: number) => <C c={1} v={v} />;
export const green = (v: number) => <C c={3} v={v} />;
