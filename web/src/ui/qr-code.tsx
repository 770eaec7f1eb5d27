/**
 * A QR code of a link, drawn as one SVG path of dark modules on white (with the quiet zone a
 * reader needs). Loaded only where a table shows its link: the lobby and the table screen.
 */
import { encode } from 'uqr';

export default function QrCode(props: { link: string; label: string }) {
  const qr = () => encode(props.link, { ecc: 'M', border: 4 });
  const modules = () => {
    const d: string[] = [];
    qr().data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d.push(`M${x} ${y}h1v1h-1z`);
      });
    });
    return d.join('');
  };
  return (
    <svg
      class="qr-code"
      viewBox={`0 0 ${qr().size} ${qr().size}`}
      role="img"
      aria-label={props.label}
      shape-rendering="crispEdges"
    >
      <rect width="100%" height="100%" fill="#fff" />
      <path d={modules()} fill="#000" />
    </svg>
  );
}
