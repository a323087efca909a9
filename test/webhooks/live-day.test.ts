import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openControlDb, type ControlDb } from '../../src/control/database.js';
import type { WebhookRegistry } from '../../src/control/webhooks/registry.js';
import { sqliteControlPlane } from '../../src/control/control-plane.js';
import { EVENTOS } from '../../src/domain/events.js';
import type { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { startLocalDispatcher } from './delivery-stack.js';
import { verifyDelivery } from '../../src/webhooks/verify.js';
import { DEMO_FIXTURES, FIXTURES_NOW, LIVE_DAY } from '../kit/fixtures.js';
import { runSvcInProcess } from '../kit/svc.js';
import { createAccount } from './helpers.js';
import { Receiver, type ReceivedRequest } from '../kit/receiver.js';
import { testDataDir, type TestDataDir } from '../kit/dirs.js';
import { waitFor } from '../kit/wait.js';

const SECRET = 'whsec_live_day';
const MATCH_KEYS = [
  'id',
  'campeonato_id',
  'rodada_numero',
  'fase',
  'status',
  'placar_mandante',
  'placar_visitante',
  'disputa_penalti',
  'penalti',
  'data_hora_realizacao',
  'time_mandante',
  'time_visitante',
  'estadio',
  'gols',
];

interface Payload {
  evento: string;
  gerado_em: string;
  dados: Record<string, unknown>;
}

/**
 * The whole flow from a customer's point of view: the demo is ingested, a webhook subscribes to everything,
 * the live day is ingested step by step with the daemon running, and a real receiver gets each event.
 */
describe('live day → signed deliveries (svc ingest + dispatcher + real receiver)', () => {
  let dataDir: TestDataDir;
  let db: ControlDb;
  let store: WebhookRegistry;
  let receiver: Receiver;
  let dispatcher: Dispatcher;
  const byStep = new Map<string, ReceivedRequest[]>();

  before(async () => {
    dataDir = testDataDir();
    const demo = await runSvcInProcess(['ingest', DEMO_FIXTURES, '--data-dir', dataDir.root]);
    assert.equal(demo.code, 0, demo.stderr);
    db = await openControlDb(dataDir.controlDb);
    store = sqliteControlPlane(db).webhooks;
    receiver = new Receiver();
    const url = await receiver.start();
    await store.createWebhook(
      { contaId: createAccount(db, 'acme', 'pro'), nome: 'tudo', url, eventos: [...EVENTOS], secret: SECRET },
      null,
      Date.now(),
    );
    dispatcher = await startLocalDispatcher(dataDir, db);
    for (const file of readdirSync(LIVE_DAY)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const before = receiver.requests.length;
      const r = await runSvcInProcess([
        'ingest',
        path.join(LIVE_DAY, file),
        '--data-dir',
        dataDir.root,
        '--json',
        '--now',
        FIXTURES_NOW,
      ]);
      assert.equal(r.code, 0, `${file}: ${r.stderr}`);
      const { total } = (JSON.parse(r.stdout) as { eventos: { total: number } }).eventos;
      await receiver.waitFor(before + total);
      byStep.set(file, receiver.requests.slice(before));
    }
  });

  after(async () => {
    await dispatcher?.stop();
    await receiver?.stop();
    db?.close();
    dataDir?.cleanup();
  });

  const events = (file: string) => (byStep.get(file) ?? []).map((r) => (JSON.parse(r.body) as Payload).evento).sort();

  it('delivers each of the eight event types, every one signed and byte-identical to its outbox body', async () => {
    const all = [...byStep.values()].flat();
    assert.deepEqual([...new Set(all.map((r) => r.headers['x-svc-evento']))].sort(), [...EVENTOS].sort());
    for (const r of all) {
      assert.deepEqual(
        verifyDelivery({
          secret: SECRET,
          body: r.body,
          timestamp: String(r.headers['x-svc-timestamp']),
          signature: String(r.headers['x-svc-assinatura']),
        }),
        { ok: true },
      );
      assert.equal((JSON.parse(r.body) as Payload).evento, r.headers['x-svc-evento']);
    }
    assert.equal(new Set(all.map((r) => r.headers['x-svc-entrega'])).size, all.length, 'one delivery id per event');
    await waitFor(
      async () => (await store.listDeliveries(1, 100)).every((d) => d.status === 'entregue'),
      'all recorded',
    );
    const recorded = new Map((await store.listDeliveries(1, 100)).map((d) => [d.id, d.corpo]));
    for (const r of all) assert.equal(r.body, recorded.get(String(r.headers['x-svc-entrega'])));
  });

  it('matches the live-day script step by step (cards and substitutions send nothing)', () => {
    assert.deepEqual(
      events('01-pre-jogo.json'),
      [
        'partida.encerrada',
        'partida.encerrada',
        'partida.escalacao_publicada',
        'partida.gol',
        'partida.placar_atualizado',
      ].sort(),
    );
    assert.deepEqual(events('02-inicio.json'), ['partida.ao_vivo', 'partida.ao_vivo']);
    for (const goal of ['03-gol.json', '04-gol-contra.json', '07-penalti.json'])
      assert.deepEqual(events(goal), ['partida.gol', 'partida.placar_atualizado']);
    assert.deepEqual(events('05-cartao.json'), []);
    assert.deepEqual(events('06-substituicao.json'), []);
    assert.deepEqual(events('08-fim.json'), ['partida.encerrada']);
    assert.deepEqual(events('09-rodada-encerrada.json'), ['partida.encerrada', 'rodada.encerrada']);
    assert.deepEqual(events('10-semifinal-inicio.json'), ['partida.ao_vivo']);
    assert.deepEqual(
      events('11-fase-finalizada.json'),
      ['fase.finalizada', 'partida.criada', 'partida.encerrada', 'partida.gol', 'partida.placar_atualizado'].sort(),
    );
  });

  it('a goal sends the new score and the goal with author and minute; match payloads carry the spec fields', () => {
    const payloads = (byStep.get('03-gol.json') ?? []).map((r) => JSON.parse(r.body) as Payload);
    const score = payloads.find((p) => p.evento === 'partida.placar_atualizado');
    const goal = payloads.find((p) => p.evento === 'partida.gol');
    assert.deepEqual(Object.keys(score?.dados ?? {}).sort(), [...MATCH_KEYS].sort());
    assert.deepEqual(Object.keys(goal?.dados ?? {}).sort(), [...MATCH_KEYS, 'gol'].sort());
    assert.equal(goal?.dados.placar_mandante, 1);
    assert.equal(goal?.dados.placar_visitante, 0);
    assert.deepEqual(goal?.dados.gol, { tipo: 'gol', jogador: 'Diego Freitas', time_nome: 'Flamengo', minuto: 22 });
    assert.deepEqual(goal?.dados.gols, [goal?.dados.gol]);
    assert.match(String(goal?.gerado_em), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:\d{2}$/);
    const own = (byStep.get('04-gol-contra.json') ?? [])
      .map((r) => JSON.parse(r.body) as Payload)
      .find((p) => p.evento === 'partida.gol');
    assert.equal((own!.dados.gol as { tipo: string }).tipo, 'gol_contra');
    const pen = (byStep.get('07-penalti.json') ?? [])
      .map((r) => JSON.parse(r.body) as Payload)
      .find((p) => p.evento === 'partida.gol');
    assert.deepEqual(pen?.dados.gol, { tipo: 'penalti', jogador: 'Diego Freitas', time_nome: 'Flamengo', minuto: 78 });
  });
});
