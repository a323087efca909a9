/**
 * A list taller than the screen: a window of rows that follows the cursor (arrows, j/k, PgUp/PgDn, g/G).
 * With `onSelect` rows are chosen with Enter; without it the list is a scrollable text view. Headings
 * (`selectable: false`) are skipped by the cursor. Cursor and scroll survive a visit to another screen.
 */
import { Box, Text, useInput } from 'ink';
import { useRouteState } from '../context.js';
import { cell } from '../format.js';

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

export function ScrollList({ name, rows, height, width, onSelect, isActive = true }: ScrollListProps) {
  const [cursor, setCursor] = useRouteState(`${name}:cursor`, firstSelectable(rows, 0, 1));
  const [offset, setOffset] = useRouteState(`${name}:offset`, 0);
  const overflow = rows.length > height;
  const windowRows = overflow ? Math.max(1, height - 1) : height;
  const selecting = onSelect !== undefined;
  // A refresh may shorten the list under the remembered cursor.
  const current = cursor >= 0 && cursor < rows.length ? cursor : firstSelectable(rows, 0, 1);

  const clampOffset = (value: number) => Math.max(0, Math.min(value, Math.max(0, rows.length - windowRows)));
  const top = clampOffset(offset);
  const moveTo = (index: number) => {
    if (!selecting) {
      setOffset(clampOffset(index));
      return;
    }
    setCursor(index);
    if (index < top) setOffset(index);
    else if (index >= top + windowRows) setOffset(clampOffset(index - windowRows + 1));
  };
  const step = (delta: number) => {
    if (!selecting) return moveTo(top + delta);
    const from = Math.max(0, Math.min(current + delta, rows.length - 1));
    const found = firstSelectable(rows, from, delta > 0 ? 1 : -1);
    moveTo(found >= 0 ? found : current);
  };

  useInput(
    (input, key) => {
      if (rows.length === 0) return;
      if (key.downArrow || input === 'j') step(1);
      else if (key.upArrow || input === 'k') step(-1);
      else if (key.pageDown) step(windowRows);
      else if (key.pageUp) step(-windowRows);
      else if (key.home || input === 'g') step(-rows.length);
      else if (key.end || input === 'G') step(rows.length);
      else if (key.return && selecting) {
        const row = rows[current];
        if (row && row.selectable !== false) onSelect(row, current);
      }
    },
    { isActive },
  );

  const visible = rows.slice(top, top + windowRows);
  return (
    <Box flexDirection="column">
      {visible.map((row, i) => {
        const selected = selecting && top + i === current;
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
            {cell(marker + row.text, width)}
          </Text>
        );
      })}
      {overflow && (
        <Text dimColor wrap="truncate">
          {cell(`  ↕ ${top + 1}–${Math.min(rows.length, top + windowRows)} de ${rows.length}`, width)}
        </Text>
      )}
    </Box>
  );
}

function firstSelectable(rows: readonly ListRow[], from: number, direction: 1 | -1): number {
  for (let i = from; i >= 0 && i < rows.length; i += direction) {
    if (rows[i]?.selectable !== false) return i;
  }
  return -1;
}
