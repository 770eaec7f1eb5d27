/**
 * The one field where a player types their name, on the home page and at the table. 24 is the
 * server's MAX_NAME_LENGTH (shared/protocol.ts), written out here so the first page loads without
 * the protocol's schemas.
 */
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
        maxLength={24}
        autocomplete="nickname"
        onInput={(e) => props.onInput(e.currentTarget.value)}
      />
    </label>
  );
}
