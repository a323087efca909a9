import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decideDeactivation, FAILURES_BEFORE_DEACTIVATION } from '../../src/webhooks/deactivation-policy.js';

const NOON = Date.UTC(2026, 10, 22, 12, 0, 0);

describe('deactivation policy', () => {
  it('below 20 consecutive failures: stays active', () => {
    assert.equal(FAILURES_BEFORE_DEACTIVATION, 20);
    assert.equal(decideDeactivation({ falhasConsecutivas: 19, desativacoesSeguidas: 2 }, NOON), null);
  });

  it('the 20th failure: off until the next UTC midnight, saying when', () => {
    assert.deepEqual(decideDeactivation({ falhasConsecutivas: 20, desativacoesSeguidas: 0 }, NOON), {
      tipo: 'temporaria',
      motivo: '20 entregas consecutivas falharam: reativado em 2026-11-23T00:00:00.000+00:00',
      reativarEm: Date.UTC(2026, 10, 23),
    });
    // One millisecond before midnight and at midnight itself: the next midnight, never the current instant.
    assert.equal(
      decideDeactivation({ falhasConsecutivas: 20, desativacoesSeguidas: 0 }, Date.UTC(2026, 10, 23) - 1)?.reativarEm,
      Date.UTC(2026, 10, 23),
    );
    assert.equal(
      decideDeactivation({ falhasConsecutivas: 20, desativacoesSeguidas: 0 }, Date.UTC(2026, 10, 23))?.reativarEm,
      Date.UTC(2026, 10, 24),
    );
  });

  it('a second temporary one still lapses; the third without a 2xx is permanent', () => {
    assert.equal(decideDeactivation({ falhasConsecutivas: 20, desativacoesSeguidas: 1 }, NOON)?.tipo, 'temporaria');
    assert.deepEqual(decideDeactivation({ falhasConsecutivas: 20, desativacoesSeguidas: 2 }, NOON), {
      tipo: 'permanente',
      motivo: '3 desativações temporárias sem nenhuma entrega bem-sucedida: desativado até ser reativado pelo cliente',
      reativarEm: null,
    });
  });
});
