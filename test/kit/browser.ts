/** The real Chromium of the browser tests (the machine's, driven by playwright-core). */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/** Why the browser tests cannot run here, or false when Chromium is installed. */
export const chromiumSkip: string | false = existsSync(CHROMIUM) ? false : `${CHROMIUM} is not installed`;

/** Headless Chromium without a sandbox, GPU or any network of its own (updates, sync). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
