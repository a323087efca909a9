import { waitFor } from '../kit/wait.js';

export const KEY = {
  enter: '\r',
  tab: '\t',
  escape: '\x1b',
  down: '\x1b[B',
  up: '\x1b[A',
  left: '\x1b[D',
  right: '\x1b[C',
} as const;

export interface Rendered {
  lastFrame(): string | undefined;
  stdin: { write(data: string): void };
}

/**
 * Waits until the last frame satisfies `check` (requests go to a real server, so rendering is asynchronous).
 * The deadline only bounds a hang; on expiry the error shows the frame that was on screen.
 */
export async function waitForFrame(app: Rendered, check: (frame: string) => boolean, what: string): Promise<string> {
  let frame = '';
  await waitFor(
    () => check((frame = app.lastFrame() ?? '')),
    () => `${what}; last frame:\n${frame}`,
    20_000,
  );
  return frame;
}

export function waitForText(app: Rendered, text: string): Promise<string> {
  return waitForFrame(app, (f) => f.includes(text), JSON.stringify(text));
}

/** The header's trail of screens (`Campeonatos › Brasileirão 2026 › BOT x FLU`), without the server address. */
export function trail(frame: string): string {
  return /^ svc · (.*?)\s{2,}\S+$/.exec(frame.split('\n')[0] ?? '')?.[1] ?? '';
}

/**
 * Presses a key and waits until the header's trail is exactly `expected` (the target screen on top, the one
 * before it gone) and the frame shows `text` and no longer shows `gone` (what only the previous screen shows).
 */
export async function pressAndWaitForScreen(
  app: Rendered,
  key: string,
  expected: { trail: string; text: string; gone: string },
): Promise<string> {
  app.stdin.write(key);
  return waitForFrame(
    app,
    (f) => trail(f) === expected.trail && f.includes(expected.text) && !f.includes(expected.gone),
    `screen ${JSON.stringify(expected.trail)} showing ${JSON.stringify(expected.text)} without ${JSON.stringify(expected.gone)}`,
  );
}

/** Presses a key and waits for the screen it leads to. */
export async function pressAndWait(app: Rendered, key: string, text: string): Promise<string> {
  app.stdin.write(key);
  return waitForText(app, text);
}

/** The row under the cursor (lists mark it with `›`). */
export function selectedLine(frame: string): string | undefined {
  return frame.split('\n').find((line) => line.startsWith('› '));
}

/**
 * Moves the cursor down until the selected row contains `text`. Each step waits for the cursor to leave the
 * row it was on, so no key is ever in flight when the target is checked (Ink may merge quick frames).
 */
export async function selectRow(app: Rendered, text: string): Promise<void> {
  for (let step = 0; step < 500; step++) {
    const frame = app.lastFrame() ?? '';
    const before = selectedLine(frame);
    if (before?.includes(text)) return;
    app.stdin.write(KEY.down);
    await waitForFrame(app, (f) => selectedLine(f) !== before, `the cursor to move towards ${JSON.stringify(text)}`);
  }
  throw new Error(`no row containing ${JSON.stringify(text)}`);
}
