import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { deliveryHeaders, sign } from '../../src/webhooks/signing.js';
import { verifyDelivery } from '../../src/webhooks/verify.js';
import { decide, MAX_ATTEMPTS, parseRetryAfter, RETRY_DELAYS_MS } from '../../src/webhooks/retry-policy.js';

const NOW = Date.UTC(2026, 10, 22, 12);

describe('signature', () => {
  it('is sha256= + hex HMAC-SHA256 over timestamp.raw-body', () => {
    const expected = createHmac('sha256', 'k').update('1700000000.{"a":1}').digest('hex');
    assert.equal(sign('k', '1700000000', '{"a":1}'), `sha256=${expected}`);
  });

  it('headers carry event, delivery id, fresh timestamp, signature and attempt', () => {
    const h = deliveryHeaders({
      evento: 'partida.gol',
      entregaId: 'e1',
      tentativa: 3,
      secret: 'k',
      body: '{}',
      nowMs: NOW + 999,
    });
    assert.equal(h['x-svc-timestamp'], String(NOW / 1000));
    assert.equal(h['x-svc-assinatura'], sign('k', String(NOW / 1000), '{}'));
    assert.deepEqual([h['x-svc-evento'], h['x-svc-entrega'], h['x-svc-tentativa']], ['partida.gol', 'e1', '3']);
  });
});

describe('verifyDelivery', () => {
  const ts = String(NOW / 1000);
  const good = { secret: 'k', body: '{"a":1}', timestamp: ts, signature: sign('k', ts, '{"a":1}'), nowMs: NOW };
  it('accepts a valid signature within 300 s either way', () => {
    assert.deepEqual(verifyDelivery(good), { ok: true });
    assert.deepEqual(verifyDelivery({ ...good, nowMs: NOW + 300e3 }), { ok: true });
    assert.deepEqual(verifyDelivery({ ...good, nowMs: NOW - 300e3 }), { ok: true });
  });
  it('rejects a re-serialised body, a wrong secret, a stale or future timestamp, missing headers', () => {
    assert.deepEqual(verifyDelivery({ ...good, body: '{ "a": 1 }' }), { ok: false, motivo: 'assinatura não confere' });
    assert.deepEqual(verifyDelivery({ ...good, secret: 'x' }), { ok: false, motivo: 'assinatura não confere' });
    assert.deepEqual(verifyDelivery({ ...good, nowMs: NOW + 301e3 }), {
      ok: false,
      motivo: 'timestamp fora da tolerância de 300 s (diferença 301 s)',
    });
    assert.deepEqual(verifyDelivery({ ...good, nowMs: NOW - 301e3 }), {
      ok: false,
      motivo: 'timestamp fora da tolerância de 300 s (diferença -301 s)',
    });
    assert.deepEqual(verifyDelivery({ ...good, timestamp: undefined }), {
      ok: false,
      motivo: 'X-SVC-Timestamp ausente ou inválido',
    });
    assert.deepEqual(verifyDelivery({ ...good, signature: undefined }), {
      ok: false,
      motivo: 'X-SVC-Assinatura ausente',
    });
    assert.deepEqual(verifyDelivery({ ...good, signature: 'sha256=00' }), {
      ok: false,
      motivo: 'assinatura não confere',
    });
  });
});

describe('retry policy', () => {
  const base = {
    numero: 1,
    statusCode: 500,
    retryAfter: null,
    erro: null,
    bloqueada: false,
    nowMs: NOW,
    random: () => 0.5,
  };
  it('schedules 8 attempts: +10 s, +1 min, +5 min, +30 min, +1 h, +1 h, +1 h', () => {
    assert.equal(MAX_ATTEMPTS, 8);
    const delays = [1, 2, 3, 4, 5, 6, 7].map((numero) => decide({ ...base, numero }));
    assert.deepEqual(
      delays,
      [10e3, 60e3, 300e3, 1800e3, 3600e3, 3600e3, 3600e3].map((delayMs) => ({ kind: 'retentar', delayMs })),
    );
    assert.deepEqual(decide({ ...base, numero: 8 }), { kind: 'falhou', motivo: 'HTTP 500 (8 tentativas esgotadas)' });
  });
  it('jitters ±10 %', () => {
    assert.deepEqual(decide({ ...base, random: () => 0 }), { kind: 'retentar', delayMs: 9e3 });
    assert.deepEqual(decide({ ...base, random: () => 0.9999999 }), { kind: 'retentar', delayMs: 11e3 });
  });
  it('classifies responses', () => {
    assert.deepEqual(decide({ ...base, statusCode: 204 }), { kind: 'entregue' });
    for (const s of [408, 429, 502, 503]) assert.equal(decide({ ...base, statusCode: s }).kind, 'retentar');
    for (const s of [301, 302, 304, 400, 401, 404, 410, 422])
      assert.deepEqual(decide({ ...base, statusCode: s }), { kind: 'falhou', motivo: `HTTP ${s}` });
    assert.equal(decide({ ...base, statusCode: null, erro: 'tempo esgotado (10000 ms)' }).kind, 'retentar');
    assert.deepEqual(decide({ ...base, statusCode: null, erro: 'URL bloqueada: x', bloqueada: true }), {
      kind: 'falhou',
      motivo: 'URL bloqueada: x',
    });
  });
  it('bounds Retry-After to [base, 4 × base], as seconds or a date', () => {
    assert.deepEqual(decide({ ...base, retryAfter: '1' }), { kind: 'retentar', delayMs: RETRY_DELAYS_MS[0] });
    assert.deepEqual(decide({ ...base, retryAfter: '20' }), { kind: 'retentar', delayMs: 20e3 });
    assert.deepEqual(decide({ ...base, retryAfter: '9999' }), { kind: 'retentar', delayMs: 40e3 });
    assert.equal(parseRetryAfter(new Date(NOW + 30e3).toUTCString(), NOW), 30e3);
    assert.equal(parseRetryAfter('soon', NOW), null);
  });
});
