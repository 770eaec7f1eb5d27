/**
 * Where Firefox is on this machine, for the browser tests that also run in it: `FIREFOX_PATH` if
 * set, else the first of the usual install places (Debian's firefox-esr, other Linux, macOS,
 * Windows). It is driven headless over WebDriver BiDi by puppeteer-core (no browser download).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';

function usualPlaces(): string[] {
  const windows = [process.env.PROGRAMFILES, process.env['PROGRAMFILES(X86)']]
    .filter((dir): dir is string => Boolean(dir))
    .map((dir) => path.join(dir, 'Mozilla Firefox/firefox.exe'));
  return [
    '/usr/bin/firefox-esr',
    '/usr/bin/firefox',
    '/snap/bin/firefox',
    '/Applications/Firefox.app/Contents/MacOS/firefox',
    ...windows,
  ];
}

/** The browser's executable, or undefined when `FIREFOX_PATH` is unset and none is installed. */
export function findFirefox(): string | undefined {
  const chosen = process.env.FIREFOX_PATH;
  if (chosen) return chosen;
  return usualPlaces().find((file) => existsSync(file));
}

/** What to do when no Firefox is found: install one, or say where it is. */
export const NO_FIREFOX =
  'no Firefox found: install it (Debian: apt-get install firefox-esr) or set FIREFOX_PATH';

/**
 * Whether this run drives Firefox: CI always does (and fails without it); elsewhere a machine
 * without it skips those tests, with one line saying so.
 */
export function withFirefox(): boolean {
  if (process.env.CI || findFirefox()) return true;
  console.warn(`Skipping the Firefox tests: ${NO_FIREFOX}.`);
  return false;
}

/** Starts headless Firefox with a fresh temporary profile, in English; throws if there is none. */
export function launchFirefox(): Promise<Browser> {
  const executablePath = findFirefox();
  if (!executablePath) throw new Error(NO_FIREFOX);
  return puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: true,
    extraPrefsFirefox: { 'intl.accept_languages': 'en-US', 'intl.locale.requested': 'en-US' },
  });
}
