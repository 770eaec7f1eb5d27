import { MAX_NAME_LENGTH } from '../../../shared/names.ts';

/** The one field where a player types their name, on the home page and at the table. */
export function NameField(props: {
  label: string;
  value: string;
  onInput: (name: string) => void;
  class?: string;
}) {
  return (
    <label class={props.class}>
      <span>{props.label}</span>
      <input
        value={props.value}
        maxLength={MAX_NAME_LENGTH}
        autocomplete="nickname"
        onInput={(e) => props.onInput(e.currentTarget.value)}
      />
    </label>
  );
}
