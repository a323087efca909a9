/** A row of tab titles; Tab / Shift+Tab (or the digit keys) switch between them. */
import { Box, Text } from 'ink';
import { useRouteState } from '../context.js';
import { useKeys } from '../keys.js';

export function useTabs<T extends string>(tabs: readonly T[], isActive = true): T {
  const [index, setIndex] = useRouteState('tab', 0);
  useKeys(
    (input, key) => {
      if (key.tab) setIndex((i) => (i + (key.shift ? tabs.length - 1 : 1)) % tabs.length);
      const digit = Number.parseInt(input, 10);
      if (digit >= 1 && digit <= tabs.length) setIndex(digit - 1);
    },
    { isActive },
  );
  return tabs[Math.min(index, tabs.length - 1)] as T;
}

export function TabBar({ tabs, active }: { tabs: readonly string[]; active: string }) {
  return (
    <Box>
      {tabs.map((tab, i) => (
        <Text key={tab} inverse={tab === active} bold={tab === active}>
          {` ${i + 1} ${tab} `}
        </Text>
      ))}
      <Text dimColor> (Tab)</Text>
    </Box>
  );
}
