/**
 * A live table's link to share: the link itself (to copy, or to share where the device can), its
 * QR code, and the way to put the table on a screen. In the lobby, and between rounds or games
 * while bots hold seats a friend could take (a solo game taken online, most of all).
 */
import { createSignal, lazy, Show } from 'solid-js';
import { t } from '../i18n.ts';

/** Only a table's share panel and its screen draw a QR code: the rest of the app never loads it. */
export const QrCode = lazy(() => import('./qr-code.tsx'));

export function ShareLink(props: { id: string }) {
  const [copied, setCopied] = createSignal(false);
  const link = () => `${location.origin}/t/${props.id}`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(link());
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard access: the link is on screen to copy by hand.
    }
  }

  return (
    <div class="share">
      <label for="share-link">{t('lobby.share')}</label>
      <input
        id="share-link"
        class="link"
        readonly
        value={link()}
        onFocus={(e) => e.currentTarget.select()}
      />
      <button type="button" onClick={copy}>
        {copied() ? t('lobby.copied') : t('lobby.copy')}
      </button>
      <Show when={'share' in navigator}>
        <button
          type="button"
          onClick={() => navigator.share({ title: 'Hoopla', url: link() }).catch(() => {})}
        >
          {t('lobby.shareButton')}
        </button>
      </Show>
      <a class="button-link" href={`/t/${props.id}?screen`} target="_blank" rel="noopener">
        {t('lobby.screen')}
      </a>
      <figure class="share-qr">
        <QrCode link={link()} label={t('lobby.qr')} />
        <figcaption>{t('lobby.qrHint')}</figcaption>
      </figure>
    </div>
  );
}
