/** Both lineups side by side: formation, coach, starters and substitutes. */
import { Text } from 'ink';
import type { JogadorEscalado, LadoEscalacao } from '../../../clients/typescript/index.js';
import type { MatchRef as Partida } from '../routes.js';
import { useTui } from '../context.js';
import { cell, orUnknown, UNKNOWN } from '../format.js';
import { ScrollList } from '../components/scroll-list.js';
import { ResourceView } from '../components/status.js';
import { useResource } from '../use-resource.js';

export function LineupsTab({ partida, height }: { partida: Partida; height: number }) {
  const { client, columns } = useTui();
  const escalacao = useResource('escalacao', () => client.escalacao(partida.id));
  const half = Math.floor((columns - 3) / 2);
  if (escalacao.errorStatus === 404) {
    return <Text dimColor>Escalação ainda não divulgada para esta partida.</Text>;
  }
  return (
    <ResourceView resource={escalacao} label="Carregando escalações">
      {(e) => {
        const left = ladoLinhas(e.time_mandante?.nome ?? UNKNOWN, e.escalacoes.mandante);
        const right = ladoLinhas(e.time_visitante?.nome ?? UNKNOWN, e.escalacoes.visitante);
        const rows = Array.from({ length: Math.max(left.length, right.length) }, (_, i) => ({
          key: String(i),
          text: `${cell(left[i] ?? '', half)} │ ${cell(right[i] ?? '', half)}`,
          ...(i === 0 ? { bold: true } : {}),
        }));
        return <ScrollList name="escalacao" height={height} width={columns} rows={rows} />;
      }}
    </ResourceView>
  );
}

function ladoLinhas(time: string, lado: LadoEscalacao | null): string[] {
  if (!lado) return [time, 'Escalação não divulgada'];
  return [
    `${time}${lado.confirmada ? '' : ' (provável)'}`,
    `Formação ${orUnknown(lado.formacao)}`,
    `Técnico ${orUnknown(lado.tecnico)}`,
    'Titulares',
    ...lado.titulares.map(jogador),
    'Reservas',
    ...lado.reservas.map(jogador),
  ];
}

function jogador(j: JogadorEscalado): string {
  const sai = j.substituido_por
    ? ` ↓${j.substituido_por.minuto ? `${j.substituido_por.minuto}'` : ''} ${j.substituido_por.nome}`
    : '';
  return `${cell(j.numero === null ? '' : String(j.numero), 3, 'right')} ${j.apelido || j.nome} ${j.posicao_sigla ? `(${j.posicao_sigla})` : ''}${sai}`;
}
