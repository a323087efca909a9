/**
 * A list taller than the screen: a window of rows that follows the cursor (arrows, j/k, PgUp/PgDn, g/G).
 * With `onSelect` rows are chosen with Enter; without it the list is a scrollable text view. Headings
 * (`selectable: false`) are skipped by the cursor. Cursor and scroll survive a visit to another screen.
 */
import { Box, Text } from 'ink';
import { useRef } from 'react';
import { useRouteState } from '../context.js';
import { cell } from '../format.js';
import { useKeys } from '../keys.js';

export interface ListRow {
  key: string;
  text: string;
  selectable?: boolean;
  color?: string;
  bold?: boolean;
  dim?: boolean;
}

interface ScrollListProps {
  /** Names the cursor in the route's memory (two lists on one screen need two names). */
  name: string;
  rows: readonly ListRow[];
  height: number;
  width: number;
  onSelect?: (row: ListRow, index: number) => void;
  isActive?: boolean;
}

/** Cursor row (selecting lists) and first visible row. */
interface Position {
  cursor: number;
  top: number;
}

export function ScrollList({ name, rows, height, width, onSelect, isActive = true }: ScrollListProps) {
  const overflow = rows.length > height;
  const windowRows = overflow ? Math.max(1, height - 1) : height;
  const selecting = onSelect !== undefined;
  const [remembered, setPosition] = useRouteState<Position>(`${name}:position`, { cursor: -1, top: 0 });
  // A refresh may have shortened the list under the remembered position.
  const position = fit(remembered, rows, windowRows);
  // Keys read in one chunk (j then Enter) are handled before the next render: Enter must see the cursor j moved.
  const latest = useRef(position);
  latest.current = position;

  useKeys(
    (input, key) => {
      if (rows.length === 0) return;
      const step = (delta: number) => {
        latest.current = move(latest.current, delta, rows, windowRows, selecting);
        setPosition(latest.current);
      };
      if (key.downArrow || input === 'j') step(1);
      else if (key.upArrow || input === 'k') step(-1);
      else if (key.pageDown) step(windowRows);
      else if (key.pageUp) step(-windowRows);
      else if (key.home || input === 'g') step(-rows.length);
      else if (key.end || input === 'G') step(rows.length);
      else if (key.return && selecting) {
        const { cursor } = latest.current;
        const row = rows[cursor];
        if (row && row.selectable !== false) onSelect(row, cursor);
      }
    },
    { isActive },
  );

  const visible = rows.slice(position.top, position.top + windowRows);
  return (
    <Box flexDirection="column">
      {visible.map((row, i) => {
        const selected = selecting && position.top + i === position.cursor;
        // The marker shows the cursor where colours are off (NO_COLOR, monochrome terminals).
        const marker = selecting ? (selected ? '› ' : '  ') : '';
        return (
          <Text
            key={row.key}
            inverse={selected}
            color={row.color}
            bold={row.bold === true}
            dimColor={row.dim === true}
            wrap="truncate"
          >
            {cell((marker + row.text).trimEnd(), width)}
          </Text>
        );
      })}
      {overflow && (
        <Text dimColor wrap="truncate">
          {cell(`  ↕ ${position.top + 1}–${Math.min(rows.length, position.top + windowRows)} de ${rows.length}`, width)}
        </Text>
      )}
    </Box>
  );
}

function fit(p: Position, rows: readonly ListRow[], windowRows: number): Position {
  const cursor = p.cursor >= 0 && p.cursor < rows.length ? p.cursor : firstSelectable(rows, 0, 1);
  return { cursor, top: clampTop(p.top, rows, windowRows) };
}

function move(p: Position, delta: number, rows: readonly ListRow[], windowRows: number, selecting: boolean): Position {
  if (!selecting) return { cursor: p.cursor, top: clampTop(p.top + delta, rows, windowRows) };
  const from = Math.max(0, Math.min(p.cursor + delta, rows.length - 1));
  const direction = delta > 0 ? 1 : -1;
  // At either end a heading may be the last row in the direction of travel: settle on the nearest row.
  const ahead = firstSelectable(rows, from, direction);
  const found = ahead >= 0 ? ahead : firstSelectable(rows, from, direction === 1 ? -1 : 1);
  const cursor = found >= 0 ? found : p.cursor;
  if (cursor < p.top) return { cursor, top: cursor };
  if (cursor >= p.top + windowRows) return { cursor, top: clampTop(cursor - windowRows + 1, rows, windowRows) };
  return { cursor, top: p.top };
}

function clampTop(top: number, rows: readonly ListRow[], windowRows: number): number {
  return Math.max(0, Math.min(top, Math.max(0, rows.length - windowRows)));
}

function firstSelectable(rows: readonly ListRow[], from: number, direction: 1 | -1): number {
  for (let i = from; i >= 0 && i < rows.length; i += direction) {
    if (rows[i]?.selectable !== false) return i;
  }
  return -1;
}
