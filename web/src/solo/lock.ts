/**
 * The Web Lock the page running solo table `id` holds while its worker runs (one tab at a time),
 * which "Your tables" reads too: it never drops a table open in a tab. In the start page's chunk
 * (web/chunks.ts), so that neither page loads a file for one name.
 */
export const soloLock = (id: string) => `hoopla-solo:${id}`;
