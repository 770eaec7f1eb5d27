import type { JSX } from 'solid-js';
import { navigate } from '../router.ts';

/** A link to the start page that stays in the app (no reload), as every way back does. */
export function HomeLink(props: { class?: string; children: JSX.Element }) {
  return (
    <a
      class={props.class}
      href="/"
      onClick={(e) => {
        e.preventDefault();
        navigate('/');
      }}
    >
      {props.children}
    </a>
  );
}
