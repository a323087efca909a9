/** The `?` overlay: every key binding on one screen (fits 80×24). */
import { Box, Text } from 'ink';

const KEY_BINDINGS: readonly (readonly [string, string])[] = [
  ['↑ ↓  j k', 'mover na lista / rolar'],
  ['PgUp PgDn  g G', 'página acima/abaixo, início/fim'],
  ['Enter', 'abrir o item selecionado'],
  ['Esc  Backspace', 'voltar'],
  ['Tab  Shift+Tab  1-4', 'trocar de aba'],
  ['← →  h l', 'rodada/fase anterior e seguinte'],
  ['s  t  y  c', 'filtros: status, tipo, temporada, limpar'],
  ['a', 'partidas ao vivo'],
  ['/', 'buscar times e jogadores'],
  ['r', 'recarregar'],
  ['?', 'esta ajuda (qualquer tecla fecha)'],
  ['q  Ctrl+C', 'sair'],
];

export function HelpOverlay() {
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={1}>
      <Text bold>Teclas</Text>
      {KEY_BINDINGS.map(([keys, what]) => (
        <Text key={keys}>
          <Text color="cyan">{keys.padEnd(22)}</Text>
          {what}
        </Text>
      ))}
    </Box>
  );
}
