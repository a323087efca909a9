import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseQuery } from '../../src/api/params.js';

const entries = (s: string) => [...parseQuery(s)];

test('parseQuery splits plain query strings like URLSearchParams does', () => {
  assert.deepEqual(entries(''), []);
  assert.deepEqual(entries('pagina=2&por_pagina=50'), [
    ['pagina', '2'],
    ['por_pagina', '50'],
  ]);
  assert.deepEqual(entries('a=1&b=2&a=3'), [
    ['a', ['1', '3']],
    ['b', '2'],
  ]);
  assert.deepEqual(entries('&&a&b=&=1&c==d&'), [
    ['a', ''],
    ['b', ''],
    ['', '1'],
    ['c', '=d'],
  ]);
  assert.deepEqual(entries('k=é'), [['k', 'é']]);
});

test('parseQuery decodes percent escapes and + (and keeps a malformed escape as text)', () => {
  assert.deepEqual(entries('q=S%C3%A3o+Paulo'), [['q', 'São Paulo']]);
  assert.deepEqual(entries('q=%zz&q=100%'), [['q', ['%zz', '100%']]]);
});

test('parseQuery keeps names like __proto__ as plain parameters', () => {
  assert.deepEqual(entries('__proto__=1&constructor=x'), [
    ['__proto__', '1'],
    ['constructor', 'x'],
  ]);
});
