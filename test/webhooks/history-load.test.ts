/**
 * Issue #14: loading history into a data dir that already holds data and has a webhook registered records
 * no webhook event (the live window), while a live step still records and delivers its events; an ingest
 * recording more events than --event-warning says so.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openControlDb, type ControlDb } from '../../src/control/database.js';
import { sqliteControlPlane } from '../../src/control/control-plane.js';
import type { IngestSummary } from '../../src/warehouse/ingest.js';
import { EVENTOS } from '../../src/domain/events.js';
import type { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { startLocalDispatcher } from './delivery-stack.js';
import { DEMO_FIXTURES, FIXTURES_NOW, LIVE_DAY } from '../kit/fixtures.js';
import { runSvc } from '../kit/svc.js';
import { CSV_DIR, JSON_2019, SKIP } from '../real-data/real-data.js';
import { createAccount } from './helpers.js';
import { Receiver } from '../kit/receiver.js';
import { testDataDir, type TestDataDir } from '../kit/dirs.js';

/** The demo's moment: the live-day matches are inside the live window around it. */
const NOW = ['--now', FIXTURES_NOW];

describe('history loads send no webhooks; live steps do', { skip: SKIP }, () => {
  let dataDir: TestDataDir;
  let db: ControlDb;
  let receiver: Receiver;
  let dispatcher: Dispatcher;

  async function ingest(inputs: string[], extra: string[] = []): Promise<{ summary: IngestSummary; stderr: string }> {
    const r = await runSvc(['ingest', ...inputs, '--data-dir', dataDir.root, '--json', ...NOW, ...extra], {
      timeoutMs: 300_000,
    });
    assert.equal(r.code, 0, r.stderr);
    return { summary: JSON.parse(r.stdout) as IngestSummary, stderr: r.stderr };
  }

  before(async () => {
    dataDir = testDataDir();
    await ingest([DEMO_FIXTURES]);
    db = await openControlDb(dataDir.controlDb);
    receiver = new Receiver();
    const url = await receiver.start();
    await sqliteControlPlane(db).webhooks.createWebhook(
      { contaId: createAccount(db, 'acme', 'pro'), nome: 'tudo', url, eventos: [...EVENTOS], secret: 'whsec_h' },
      null,
      Date.now(),
    );
    dispatcher = await startLocalDispatcher(dataDir, db);
  });

  after(async () => {
    await dispatcher?.stop();
    await receiver?.stop();
    db?.close();
    dataDir?.cleanup();
  });

  it('openfootball 2019 and the CSV family record zero events; the next live step is all the receiver gets', async () => {
    const season = await ingest([JSON_2019]);
    assert.ok((season.summary.contagens.partidas ?? 0) > 300 && !season.summary.nada_mudou, 'the season was loaded');
    assert.deepEqual(season.summary.eventos, {
      total: 0,
      seq_inicio: null,
      seq_fim: null,
      por_tipo: {},
      limite_aviso: 500,
      acima_do_limite: false,
      // Said, not silent: the season's matches changed, outside the window around the fixtures' moment.
      fora_da_janela: {
        partidas: season.summary.contagens.partidas,
        inicio_min: '2019-04-27T19:00:00Z',
        inicio_max: '2019-12-08T19:00:00Z',
        janela: { desde: '2026-11-19T20:10:00Z', ate: '2026-12-22T20:10:00Z' },
      },
    });
    const csv = await ingest([CSV_DIR]);
    assert.ok((csv.summary.contagens.partidas ?? 0) > 8000 && !csv.summary.nada_mudou, 'the CSV family was loaded');
    assert.equal(csv.summary.eventos.total, 0);

    // The dispatcher delivers in seq order: had history recorded anything, it would arrive before these.
    const live = await ingest([path.join(LIVE_DAY, '01-pre-jogo.json'), path.join(LIVE_DAY, '02-inicio.json')]);
    assert.ok(live.summary.eventos.total > 0, 'a live step records its events');
    await receiver.waitFor(live.summary.eventos.total);
    const recebidos = receiver.requests.map((r) => (JSON.parse(r.body) as { evento: string }).evento);
    assert.equal(recebidos.length, live.summary.eventos.total);
    assert.deepEqual(
      recebidos.sort(),
      Object.entries(live.summary.eventos.por_tipo)
        .flatMap(([t, n]) => Array<string>(n).fill(t))
        .sort(),
    );
  });

  it('more events than --event-warning: a warning on stderr and acima_do_limite in --json', async () => {
    const { summary, stderr } = await ingest([path.join(LIVE_DAY, '03-gol.json')], ['--event-warning', '1']);
    assert.equal(summary.eventos.total, 2);
    assert.deepEqual([summary.eventos.limite_aviso, summary.eventos.acima_do_limite], [1, true]);
    assert.equal(
      stderr,
      'svc: aviso: este ingest registrou 2 eventos de webhook (limite de aviso 1); carga de histórico? use --backfill\n',
    );
    const quiet = await ingest([path.join(LIVE_DAY, '04-gol-contra.json')], ['--event-warning', '2']);
    assert.deepEqual(
      [quiet.summary.eventos.total, quiet.summary.eventos.acima_do_limite, quiet.stderr],
      [2, false, ''],
    );
  });
});
