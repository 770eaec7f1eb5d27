/**
 * Where a Chromium-based browser is on this machine, for the browser tests and `npm run bench:web`:
 * `CHROMIUM_PATH` if set, else the first of the usual install places (Debian and other Linux,
 * macOS, Windows). Plain Node, no dependencies: the Vitest config reads it too.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

function usualPlaces(): string[] {
  const env = process.env;
  const windows = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA]
    .filter((dir): dir is string => Boolean(dir))
    .flatMap((dir) => [
      path.join(dir, 'Chromium/Application/chrome.exe'),
      path.join(dir, 'Google/Chrome/Application/chrome.exe'),
      path.join(dir, 'Microsoft/Edge/Application/msedge.exe'),
    ]);
  return [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/snap/bin/chromium',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    ...windows,
  ];
}

/** The browser's executable, or undefined when `CHROMIUM_PATH` is unset and none is installed. */
export function findChromium(): string | undefined {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) return chosen;
  return usualPlaces().find((file) => existsSync(file));
}

/** What to do when no browser is found: install one, or say where it is. */
export const NO_CHROMIUM =
  'no Chromium found: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH';
