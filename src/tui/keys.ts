/**
 * Key handling for screens. Ink's `useInput` subscribes in a passive effect, after the frame is already on
 * screen, so a key pressed right after a screen appears could reach the previous handler or none. Here the
 * app holds one Ink subscription for its whole life and screens register handlers in layout effects, which
 * run before any further input is read: what is on screen is always what receives the next key.
 */
import type { Key } from 'ink';
import { useLayoutEffect, useRef } from 'react';
import { useTui } from './context.js';

export type KeyHandler = (input: string, key: Key) => void;

export class KeyRegistry {
  private readonly handlers = new Set<{ current: KeyHandler }>();

  add(handler: { current: KeyHandler }): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  dispatch(input: string, key: Key): void {
    for (const handler of [...this.handlers]) handler.current(input, key);
  }
}

/** Like Ink's useInput, without the gap between a frame and its handlers. */
export function useKeys(handler: KeyHandler, options: { isActive?: boolean } = {}): void {
  const { keys } = useTui();
  const isActive = options.isActive ?? true;
  const ref = useRef(handler);
  useLayoutEffect(() => {
    ref.current = handler;
  });
  useLayoutEffect(() => (isActive ? keys.add(ref) : undefined), [isActive, keys]);
}

// '\n' is Enter too: a key typed before Ink puts the terminal in raw mode (right at launch) reaches us through
// the tty's line discipline, which turns the carriage return into a line feed.
const CONTROL_KEYS: Readonly<Record<string, keyof Key>> = {
  '\r': 'return',
  '\n': 'return',
  '\t': 'tab',
  '\b': 'backspace',
  '\x7f': 'delete',
};

/**
 * Ink hands over a chunk of keys read together (typed fast, or sent by a script: `j` + Enter) as one input.
 * Split into single keys so each acts; escape sequences (arrows) are already separate.
 */
export function splitKeys(input: string, key: Key): [string, Key][] {
  if (([...input].length <= 1 && !(input in CONTROL_KEYS)) || input.includes('\x1b')) return [[input, key]];
  return [...input].map((char): [string, Key] => {
    const control = CONTROL_KEYS[char];
    const plain: Key = {
      ...key,
      return: false,
      tab: false,
      backspace: false,
      delete: false,
      ctrl: false,
      meta: false,
      shift: false,
    };
    return control ? ['', { ...plain, [control]: true }] : [char, plain];
  });
}
