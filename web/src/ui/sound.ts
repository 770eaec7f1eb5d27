/**
 * An optional short chime when it becomes your turn: off until the player turns it on (the
 * choice is remembered). Made with Web Audio, so there is no sound file to download.
 */
import { createSignal } from 'solid-js';
import { load, store } from '../saved.ts';

const [soundOn, setSound] = createSignal(load('sound') === 'on');

export { soundOn };

export function setSoundOn(on: boolean): void {
  store('sound', on ? 'on' : null);
  setSound(on);
  if (on) chime(); // the first chime is also the browser's permission to play sound
}

let audio: AudioContext | null = null;

/** Two soft rising notes, a quarter of a second in all. */
export function chime(): void {
  try {
    audio ??= new AudioContext();
    const start = audio.currentTime;
    for (const [i, freq] of [660, 880].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      const at = start + i * 0.12;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.15, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.12);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + 0.13);
    }
  } catch {
    // No audio here (or not allowed yet): the title and icon still say it is your turn.
  }
}
