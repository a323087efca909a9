import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pg from 'pg';
import { pgControlPlane } from '../../src/control/postgres/pg-control-plane.js';
import { SecretBox } from '../../src/control/secret-box.js';
import { postgresSql } from '../../src/control/sql/control-sql.js';
import { closedPort } from '../kit/ports.js';
import { startHarness } from '../kit/server.js';

describe('a control plane out of reach (PostgreSQL restarting)', () => {
  it('answers 503 with Retry-After, not 500, and /readyz takes the node out of the pool', async () => {
    const pool = new pg.Pool({
      connectionString: `postgres://svc@127.0.0.1:${await closedPort()}/svc`,
      connectionTimeoutMillis: 1_000,
    });
    pool.on('error', () => {});
    const control = pgControlPlane({
      pool,
      sql: postgresSql(pool),
      box: new SecretBox([Buffer.alloc(32, 7)]),
      close: () => pool.end(),
    });
    const h = await startHarness({ control });
    try {
      const r = await h.get('/v1/campeonatos', 'svc_live_qualquer-chave-ainda-nao-vista');
      assert.equal(r.status, 503);
      assert.equal(r.headers.get('retry-after'), '1');
      assert.deepEqual(r.json, {
        erro: 'Serviço indisponível',
        mensagem: 'O plano de controle não respondeu; tente novamente em instantes.',
      });
      const ready = await h.get('/readyz');
      assert.equal(ready.status, 503);
      assert.deepEqual(ready.json, {
        erro: 'Serviço indisponível',
        mensagem: 'O plano de controle (PostgreSQL) não respondeu.',
      });
    } finally {
      await h.cleanup();
      await control.close();
    }
  });

  it('a full control-plane disk is 503 with Retry-After, not 500, and the error is logged', async () => {
    const h = await startHarness();
    try {
      const key = await h.key('enterprise');
      // A real full database: SQLite refuses to grow past max_page_count exactly as on a full disk
      // (SQLITE_FULL). The quota table is filled with another key's days, so the key's first lease finds no room.
      const pages = (h.control.prepare('PRAGMA page_count').get() as { page_count: number }).page_count;
      h.control.exec(`PRAGMA max_page_count = ${pages}`);
      const fill = h.control.prepare('INSERT INTO uso_diario (chave_id, dia, requisicoes) VALUES (0, ?, 0)');
      assert.throws(() => {
        for (let day = 0; ; day++) fill.run(new Date(Date.UTC(2000, 0, 1 + day)).toISOString().slice(0, 10));
      }, /database or disk is full/);
      const r = await h.get('/v1/campeonatos', key);
      assert.equal(r.status, 503);
      assert.equal(r.headers.get('retry-after'), '30');
      assert.deepEqual(r.json, {
        erro: 'Serviço indisponível',
        mensagem: 'O plano de controle não consegue gravar agora; tente novamente mais tarde.',
      });
      assert.ok(h.logs.some((l) => l.level === 'error' && String(l.err).includes('database or disk is full')));
    } finally {
      await h.cleanup();
    }
  });
});
