import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { runSvcInProcess } from '../kit/svc.js';
import { ingestInto } from '../kit/ingest.js';
import { LIVE_DAY } from '../kit/fixtures.js';
import { startHarness } from '../kit/server.js';
import { waitFor } from '../kit/wait.js';

describe('snapshot hot swap', () => {
  it('swaps to each new snapshot under load with zero failed requests and one snapshot per response', async () => {
    const h = await startHarness();
    try {
      const key = await h.key('enterprise', { requisicoes_por_segundo: 1_000_000, cota_requisicoes: 10_000_000 });
      const paths = [
        '/v1/partidas/ao-vivo',
        '/v1/campeonatos/1/tabela',
        '/v1/campeonatos/1/rodadas/34',
        '/v1/partidas/337/eventos',
      ];
      const failures: string[] = [];
      const bodiesByTag = new Map<string, string>();
      let served = 0;
      let running = true;
      const worker = async (i: number) => {
        for (let n = i; running; n++) {
          const p = paths[n % paths.length]!;
          const r = await h.get(p, key);
          served++;
          if (r.status !== 200) failures.push(`${p} ${r.status} ${r.text}`);
          const tag = r.headers.get('etag')!;
          const seen = bodiesByTag.get(tag);
          if (seen !== undefined && seen !== r.text) failures.push(`${p}: ETag ${tag} with two different bodies`);
          bodiesByTag.set(tag, r.text);
        }
      };
      const workers = Array.from({ length: 8 }, (_, i) => worker(i));
      const published: string[] = [];
      for (const file of readdirSync(LIVE_DAY)
        .filter((f) => f.endsWith('.json'))
        .sort()) {
        const id = await ingestInto(h.dataDir, [path.join(LIVE_DAY, file)]);
        await h.api.holder.refresh();
        assert.equal(h.api.holder.current?.id, id, `serving ${id} after ${file}`);
        published.push(id);
      }
      running = false;
      await Promise.all(workers);
      assert.deepEqual(failures, []);
      assert.ok(served > published.length * 4, `requests kept flowing during ${published.length} swaps (${served})`);
      assert.equal((await h.get('/v1/status')).json.data.snapshot.id, published.at(-1));
      const swaps = h.logs.filter((l) => l.event === 'snapshot_carregado');
      assert.equal(swaps.length, published.length + 1, 'initial load plus one per published snapshot');
    } finally {
      await h.cleanup();
    }
  });

  it('picks up a new CURRENT by itself (watch), without an explicit refresh', { timeout: 60_000 }, async () => {
    const h = await startHarness();
    try {
      const first = h.api.holder.current?.id;
      const file = readdirSync(LIVE_DAY)
        .filter((f) => f.endsWith('.json'))
        .sort()[0]!;
      const id = await ingestInto(h.dataDir, [path.join(LIVE_DAY, file)]);
      assert.notEqual(id, first);
      await waitFor(() => h.api.holder.current?.id === id, `the server swapping to ${id}`);
      assert.equal((await h.get('/readyz')).json.snapshot, id);
    } finally {
      await h.cleanup();
    }
  });

  it('/readyz is 503 while the node cannot load the snapshot CURRENT names, 200 once it serves it', async () => {
    const h = await startHarness();
    try {
      const served = h.api.holder.current!.id;
      // A snapshot that cannot be loaded: half of a real one's file, published under the next id.
      const broken = String(Number(served) + 1).padStart(8, '0');
      const file = readFileSync(path.join(h.dataDir.snapshotsDir, `${served}.duckdb`));
      writeFileSync(path.join(h.dataDir.snapshotsDir, `${broken}.duckdb`), file.subarray(0, file.length / 2));
      writeFileSync(h.dataDir.currentFile, `${broken}\n`);
      await h.api.holder.refresh();
      assert.equal(h.api.holder.current?.id, served, 'still serving the old snapshot');
      const frozen = await h.get('/readyz');
      assert.equal(frozen.status, 503);
      assert.deepEqual(frozen.json, {
        erro: 'Serviço indisponível',
        mensagem: `O snapshot atual ${broken} não pôde ser carregado; este nó ainda serve o ${served}.`,
      });
      const rollback = await runSvcInProcess(['snapshots', 'rollback', served, '--data-dir', h.dir]);
      assert.equal(rollback.code, 0, rollback.stderr);
      await h.api.holder.refresh();
      const ready = await h.get('/readyz');
      assert.equal(ready.status, 200);
      assert.equal(ready.json.snapshot, served);
    } finally {
      await h.cleanup();
    }
  });
});
