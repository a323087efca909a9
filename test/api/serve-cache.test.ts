import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { rollbackTo } from '../../src/warehouse/rollback.js';
import { SHARED_DATA, LIVE_DAY } from '../kit/fixtures.js';
import { ingestInto } from '../kit/ingest.js';
import { startHarness, type Harness } from '../kit/server.js';

const step = (name: string) => path.join(LIVE_DAY, name);
const lastSwap = (h: Harness) => h.logs.filter((l) => l.event === 'snapshot_carregado').at(-1)!;
const unlimited = { requisicoes_por_segundo: 1_000_000, cota_requisicoes: 10_000_000 };

describe('serve cache across swaps', () => {
  it('an unrelated goal keeps the ETag of untouched resources (304) and a changed match is visible at once', async () => {
    const h = await startHarness();
    try {
      const key = await h.key('enterprise', unlimited);
      const untouched = ['/v1/campeonatos/2/fases', '/v1/campeonatos/1/rodadas/1', '/v1/campeonatos/2/chave'];
      const tags = new Map<string, string>();
      for (const p of untouched) {
        const r = await h.get(p, key);
        assert.equal(r.status, 200, p);
        tags.set(p, r.headers.get('etag')!);
      }
      const eventosAntes = (await h.get('/v1/partidas/339/eventos', key)).json.data;
      const rodadaAntes = (await h.get('/v1/campeonatos/1/rodadas/34', key)).json.data;
      const artilheiroAntes = (await h.get('/v1/jogadores?q=Diego%20Freitas', key)).json.data[0];

      // Three snapshots in a row, one swap: the manifests' chain names what changed.
      for (const f of ['01-pre-jogo.json', '02-inicio.json', '03-gol.json']) await ingestInto(h.dataDir, [step(f)]);
      await h.api.holder.refresh();
      const swap = lastSwap(h);
      assert.equal(swap.cold, false);
      assert.ok((swap.reused as number) >= 1, `partitions carried over: ${JSON.stringify(swap)}`);

      for (const p of untouched) {
        const r = await h.get(p, key, { 'If-None-Match': tags.get(p)! });
        assert.equal(r.status, 304, p);
        assert.equal(r.headers.get('etag'), tags.get(p), p);
      }
      const eventos = (await h.get('/v1/partidas/339/eventos', key)).json.data;
      assert.equal(eventos.length, eventosAntes.length + 1);
      assert.deepEqual(eventos.at(-1), {
        tipo: 'gol',
        jogador: 'Diego Freitas',
        time_nome: eventos.at(-1).time_nome,
        minuto: 22,
      });
      const rodada = (await h.get('/v1/campeonatos/1/rodadas/34', key)).json.data;
      const jogo = rodada.partidas.find((p: { id: number }) => p.id === 339);
      assert.deepEqual([jogo.status, jogo.placar_mandante, jogo.placar_visitante], ['ao_vivo', 1, 0]);
      assert.notDeepEqual(rodada, rodadaAntes);
      const aoVivo = (await h.get('/v1/partidas/ao-vivo', key)).json.data;
      assert.ok(aoVivo.some((p: { id: number; placar_mandante: number }) => p.id === 339 && p.placar_mandante === 1));
      const artilheiro = (await h.get(`/v1/jogadores/${artilheiroAntes.id}`, key)).json.data;
      assert.equal(artilheiro.gols, artilheiroAntes.gols + 1);
    } finally {
      await h.cleanup();
    }
  });

  it('a new championship with new teams keeps the cached championships (a rename would not)', async () => {
    const h = await startHarness();
    try {
      const key = await h.key('enterprise', unlimited);
      const tag = (await h.get('/v1/campeonatos/1/tabela', key)).headers.get('etag')!;
      const feed = path.join(h.dataDir.root, 'estadual.json');
      writeFileSync(
        feed,
        JSON.stringify({
          formato: 'svc-feed/1',
          fonte: 'demo',
          gerado_em: '2026-11-22T17:10:00-03:00',
          times: [
            { id: 'tst-nov', nome: 'Novorizontino Teste', sigla: 'NVT', tipo: 'clube', escudo_url: null, estado: 'SP' },
            { id: 'tst-itu', nome: 'Ituano Teste', sigla: 'ITT', tipo: 'clube', escudo_url: null, estado: 'SP' },
          ],
          campeonatos: [
            {
              id: 'sp27',
              nome: 'Estadual Teste',
              nome_popular: 'Estadual',
              slug: 'estadual-teste',
              temporada: '2027',
              tipo: 'pontos-corridos',
              regiao: 'estadual',
              logo_url: null,
            },
          ],
          rodadas: [{ id: 'sp27-r01', campeonato: 'sp27', numero: 1 }],
          partidas: [
            {
              id: 'sp27-r01-nov-itu',
              campeonato: 'sp27',
              rodada: 'sp27-r01',
              mandante: 'tst-nov',
              visitante: 'tst-itu',
              status: 'encerrado',
              placar_mandante: 1,
              placar_visitante: 0,
              data_hora: '2026-11-20T16:00:00-03:00',
              estadio: 'Jorge Ismael de Biasi',
            },
          ],
        }),
      );
      await ingestInto(h.dataDir, [feed]);
      await h.api.holder.refresh();
      const swap = lastSwap(h);
      assert.equal(swap.cold, false, JSON.stringify(swap));
      assert.ok((swap.reused as number) >= 1, JSON.stringify(swap));
      assert.equal((await h.get('/v1/campeonatos/1/tabela', key, { 'If-None-Match': tag })).status, 304);
      const nomes = (await h.get('/v1/campeonatos?por_pagina=100', key)).json.data.map((c: { nome: string }) => c.nome);
      assert.ok(nomes.includes('Estadual Teste'), JSON.stringify(nomes));

      // A rename: the championship it played in is read again, the others stay cached.
      const estadual = (await h.get('/v1/campeonatos?por_pagina=100', key)).json.data.find(
        (c: { nome: string }) => c.nome === 'Estadual Teste',
      ).id;
      const tabela = `/v1/campeonatos/${estadual}/tabela`;
      assert.match((await h.get(tabela, key)).text, /Novorizontino Teste/);
      writeFileSync(
        feed,
        JSON.stringify({
          formato: 'svc-feed/1',
          fonte: 'demo',
          gerado_em: '2026-11-22T17:20:00-03:00',
          times: [
            {
              id: 'tst-nov',
              nome: 'Grêmio Novorizontino',
              sigla: 'NVT',
              tipo: 'clube',
              escudo_url: null,
              estado: 'SP',
            },
          ],
        }),
      );
      await ingestInto(h.dataDir, [feed]);
      await h.api.holder.refresh();
      assert.equal(lastSwap(h).cold, false);
      assert.match((await h.get(tabela, key)).text, /Grêmio Novorizontino/);
      assert.equal((await h.get('/v1/campeonatos/1/tabela', key, { 'If-None-Match': tag })).status, 304);
    } finally {
      await h.cleanup();
    }
  });

  it('a table or a match list reads no match details; a per-match route reads them once per championship', async () => {
    const h = await startHarness();
    try {
      const key = await h.key('enterprise', unlimited);
      const entries = async () => (await h.get('/v1/status')).json.data.cache.entradas as number;
      const start = await entries();
      assert.equal((await h.get('/v1/campeonatos/1/tabela', key)).status, 200);
      assert.equal((await h.get('/v1/campeonatos/1/partidas', key)).status, 200);
      // The partition and two responses: no details.
      assert.equal(await entries(), start + 3);
      assert.equal((await h.get('/v1/partidas/339/eventos', key)).status, 200);
      assert.equal(await entries(), start + 5, 'the details and the response');
      assert.equal((await h.get('/v1/partidas/339/estatisticas', key)).status, 200);
      assert.equal(await entries(), start + 6, 'the details already read: one more response');
    } finally {
      await h.cleanup();
    }
  });

  it('a rollback starts from a cold cache and serves the older snapshot', async () => {
    const h = await startHarness();
    try {
      const key = await h.key('enterprise', unlimited);
      const first = h.api.holder.current!.id;
      const antes = (await h.get('/v1/partidas/339/eventos', key)).text;
      await ingestInto(h.dataDir, [step('03-gol.json')]);
      await h.api.holder.refresh();
      assert.notEqual((await h.get('/v1/partidas/339/eventos', key)).text, antes);

      rollbackTo(h.dataDir, first);
      await h.api.holder.refresh();
      assert.equal(h.api.holder.current!.id, first);
      assert.equal(lastSwap(h).cold, true);
      assert.equal((await h.get('/v1/partidas/339/eventos', key)).text, antes);
    } finally {
      await h.cleanup();
    }
  });

  it('a read that started before a swap finishes on its own snapshot, the next one reads the new file', async () => {
    const h = await startHarness();
    try {
      const old = h.api.holder.current!;
      const reading = old.partition(1);
      await ingestInto(h.dataDir, [step('03-gol.json')]);
      await h.api.holder.refresh();
      const current = h.api.holder.current!;
      assert.notEqual(current.id, old.id);
      const [before, after] = [await reading, await current.partition(1)];
      assert.equal(before.partida.get(339)?.placar_mandante, null);
      assert.equal(after.partida.get(339)?.placar_mandante, 1);
      assert.equal(
        old.championshipScope(2),
        current.championshipScope(2),
        'an untouched championship keeps its data generation',
      );
    } finally {
      await h.cleanup();
    }
  });

  it('onSwap tells listeners the new and the previous snapshot until they unsubscribe', async () => {
    const h = await startHarness();
    try {
      const seen: [string, string | null][] = [];
      const off = h.api.holder.onSwap((next, previous) => seen.push([next.id, previous?.id ?? null]));
      const first = h.api.holder.current!.id;
      const second = await ingestInto(h.dataDir, [step('01-pre-jogo.json')]);
      await h.api.holder.refresh();
      off();
      await ingestInto(h.dataDir, [step('02-inicio.json')]);
      await h.api.holder.refresh();
      assert.deepEqual(seen, [[second, first]]);
    } finally {
      await h.cleanup();
    }
  });

  const csv = path.join(SHARED_DATA, 'brasileirao-dataset');
  it('memory stays under --cache-mb while every championship is requested in turn', {
    skip: !existsSync(csv) && `no ${csv}`,
  }, async () => {
    // A championship's partition and three responses hold ~0.5 MB (counted as held: heap-bytes.ts): 2 MB keeps a few.
    const h = await startHarness({ ingestDemo: false, cacheMb: 2 });
    try {
      await ingestInto(h.dataDir, [csv]);
      await h.api.holder.refresh();
      const key = await h.key('enterprise', unlimited);
      const ids: number[] = (await h.get('/v1/campeonatos', key)).json.data.map((c: { id: number }) => c.id);
      assert.ok(ids.length >= 20);
      const first = await h.get(`/v1/campeonatos/${ids[0]}/tabela`, key);
      let requests = 1;
      for (const id of ids) {
        for (const p of ['tabela', 'partidas?por_pagina=100', 'rodadas']) {
          assert.equal((await h.get(`/v1/campeonatos/${id}/${p}`, key)).status, 200, `${id} ${p}`);
          requests++;
        }
        const cache = (await h.get('/v1/status')).json.data.cache;
        assert.equal(cache.limite_bytes, 2 * 1024 * 1024);
        assert.ok(cache.bytes > 0 && cache.bytes <= cache.limite_bytes, JSON.stringify(cache));
      }
      const { entradas } = (await h.get('/v1/status')).json.data.cache;
      // Partitions and responses of all championships would be several entries each: most were evicted.
      assert.ok(entradas < requests / 2, `${entradas} entries after ${requests} requests`);
      const again = await h.get(`/v1/campeonatos/${ids[0]}/tabela`, key);
      assert.equal(again.text, first.text);
      assert.equal(again.headers.get('etag'), first.headers.get('etag'));
    } finally {
      await h.cleanup();
    }
  });
});
