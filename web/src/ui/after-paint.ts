/**
 * Runs `run` once the browser has painted the next frame: an animation frame comes just before a
 * paint, and a task queued from it just after. For what may come a frame later than the board.
 */
export function afterNextPaint(run: () => void): void {
  requestAnimationFrame(() => setTimeout(run));
}
