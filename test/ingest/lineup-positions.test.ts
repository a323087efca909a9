/**
 * Position and shirt number from the canonical feed (issue #27): a player the feed names only in a lineup
 * gets the position and number of their latest lineup; a player record's own values win.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { DuckDBInstance } from '@duckdb/node-api';
import { runSvcInProcess } from '../kit/svc.js';
import { tempDir } from '../kit/dirs.js';

describe('svc ingest: positions and numbers from lineups', () => {
  it('fills a player named only in lineups from the latest one; a player record keeps its own', async (t) => {
    const { dir, cleanup } = tempDir();
    t.after(cleanup);
    const data = path.join(dir, 'data');
    const lineup = (partida: number, numero: number, posicao_sigla: string) => ({
      partida,
      lado: 'mandante',
      confirmada: true,
      titulares: [
        { nome: 'Ciclano Souza', numero, posicao: 'x', posicao_sigla },
        { nome: 'Beltrano Lima', numero: 4, posicao: 'Zagueiro', posicao_sigla: 'ZAG' },
      ],
      reservas: [],
    });
    const input = path.join(dir, 'feed.json');
    writeFileSync(
      input,
      JSON.stringify({
        formato: 'svc-feed/1',
        fonte: 'teste',
        campeonatos: [{ id: 'c', nome: 'Liga Teste', temporada: '2025', tipo: 'pontos-corridos' }],
        rodadas: [1, 2].map((n) => ({ id: `r${n}`, campeonato: 'c', numero: n })),
        times: [
          { id: 'fla', nome: 'Flamengo' },
          { id: 'san', nome: 'Santos' },
        ],
        jogadores: [{ id: 'b', time: 'fla', nome: 'Beltrano Lima', posicao: 'lateral', numero_camisa: 2 }],
        partidas: [1, 2].map((n) => ({
          id: n,
          campeonato: 'c',
          rodada: `r${n}`,
          mandante: 'fla',
          visitante: 'san',
          status: 'encerrado',
          placar_mandante: 0,
          placar_visitante: 0,
          data_hora: `2025-04-0${n}T16:00:00-03:00`,
        })),
        // The second (latest) lineup moves Ciclano forward and changes his number.
        escalacoes: [lineup(1, 8, 'MEI'), lineup(2, 9, 'ATA')],
      }),
    );
    const r = await runSvcInProcess(['ingest', input, '--data-dir', data]);
    assert.equal(r.code, 0, r.stderr);
    const current = readFileSync(path.join(data, 'CURRENT'), 'utf8').trim();
    const instance = await DuckDBInstance.create(path.join(data, 'snapshots', `${current}.duckdb`), {
      access_mode: 'READ_ONLY',
    });
    const conn = await instance.connect();
    const rows = (
      await conn.runAndReadAll(
        'SELECT j.nome, p.posicao, p.numero_camisa FROM pessoas p JOIN jogadores j USING (id) ORDER BY j.nome',
      )
    ).getRowObjectsJson();
    conn.closeSync();
    instance.closeSync();
    assert.deepEqual(rows, [
      { nome: 'Beltrano Lima', posicao: 'lateral', numero_camisa: 2 },
      { nome: 'Ciclano Souza', posicao: 'atacante', numero_camisa: 9 },
    ]);
  });
});
