import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ByteLru } from '../../src/api/snapshot/byte-lru.js';

describe('ByteLru', () => {
  it('evicts the least recently used entries to stay within its byte limit', () => {
    const lru = new ByteLru<string>(10);
    lru.set('a', 'A', 4);
    lru.set('b', 'B', 4);
    assert.equal(lru.get('a'), 'A'); // a is now the most recently used
    lru.set('c', 'C', 4);
    assert.equal(lru.get('b'), undefined);
    assert.deepEqual([lru.get('a'), lru.get('c'), lru.bytes, lru.size], ['A', 'C', 8, 2]);
  });

  it('replaces a key in place, keeps nothing larger than the limit, and clears', () => {
    const lru = new ByteLru<string>(10);
    lru.set('a', 'A', 4);
    lru.set('a', 'A2', 6);
    assert.deepEqual([lru.get('a'), lru.bytes], ['A2', 6]);
    lru.set('big', 'X', 11);
    assert.deepEqual([lru.has('big'), lru.has('a'), lru.bytes], [false, true, 6]);
    lru.clear();
    assert.deepEqual([lru.size, lru.bytes], [0, 0]);
  });
});
