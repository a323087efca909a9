import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pg from 'pg';
import { pgControlPlane } from '../../src/control/postgres/pg-control-plane.js';
import { SecretBox } from '../../src/control/secret-box.js';
import { closedPort } from '../tui/serve.js';
import { startHarness } from './harness.js';

describe('a control plane out of reach (PostgreSQL restarting)', () => {
  it('answers 503 with Retry-After, not 500, and /readyz takes the node out of the pool', async () => {
    const pool = new pg.Pool({
      connectionString: `postgres://svc@127.0.0.1:${await closedPort()}/svc`,
      connectionTimeoutMillis: 1_000,
    });
    pool.on('error', () => {});
    const control = pgControlPlane({ pool, box: new SecretBox([Buffer.alloc(32, 7)]), close: () => pool.end() });
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
});
