/**
 * The heap a graph of plain values takes, counted object by object as V8 lays them out in Node's 64-bit build
 * (8-byte tagged words, no pointer compression): what the serve cache charges for a championship's partition and
 * match details, so that `--cache-mb` bounds what they really hold. Checked against the heap V8 reports for real
 * partitions (test/real-data/cache-accounting.test.ts); an estimate per row missed it 4× one way and 2× the other.
 *
 * Walked: plain objects, arrays, Maps, strings and numbers; each object once, however often it is referenced.
 * Each string value is counted once: a holder shares its equal strings (StringPool), as V8 itself does only for
 * some (JSON.parse's short values), and the rows DuckDB returns repeat them (a status, a stadium, a team's URL).
 * Not modelled, so kept out of what is cached: objects of more than 19 properties added one by one, which V8 turns
 * into hash tables ~5× this size (a statistics row of 57 columns took 2.8 kB; match-details.ts holds them as arrays).
 */
const WORD = 8;
/** Map (hidden class), properties and elements pointers. */
const OBJECT_HEADER = 3 * WORD;
/** Properties an empty literal (`{}`) has room for in the object, and how many more each growth adds. */
const IN_OBJECT = 4;
const FIELDS_ADDED = 3;
/** An object's header plus its length. */
const ARRAY_HEADER = 4 * WORD;
/** Map and length of a backing store (FixedArray). */
const STORE_HEADER = 2 * WORD;
/** Map, hash and length. */
const STRING_HEADER = 16;
/** A double, or an integer beyond 32 bits: a boxed number. */
const HEAP_NUMBER = 16;
/** A JSMap: an object's header plus its table. */
const MAP_HEADER = 4 * WORD;
/** A Map's table: element, deleted and bucket counts; a bucket per two entries; key, value, chain per entry. */
const TABLE_FIELDS = 3;
const ENTRY_WORDS = 3;

const TWO_BYTE = /[^\0-\xff]/;

export function heapBytes(root: unknown): number {
  const seen = new Set<object>();
  const strings = new Set<string>();
  const stack: unknown[] = [root];
  let total = 0;
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (!strings.has(v)) total += stringBytes(v);
      strings.add(v);
    } else if (typeof v === 'number') total += Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31 ? 0 : HEAP_NUMBER;
    else if (typeof v === 'object' && v !== null && !seen.has(v)) {
      seen.add(v);
      if (Array.isArray(v)) {
        total += ARRAY_HEADER + STORE_HEADER + WORD * v.length;
        for (const x of v) stack.push(x);
      } else if (v instanceof Map) {
        total += MAP_HEADER + tableBytes(v.size);
        for (const [k, x] of v) stack.push(k, x);
      } else {
        const values = Object.values(v);
        total += objectBytes(values.length);
        for (const x of values) stack.push(x);
      }
    }
    // Booleans, null and undefined are shared constants; a small integer lives in its slot.
  }
  return total;
}

/**
 * An object built property by property, as the DuckDB client builds each row (`{}`, then a store per column): the
 * first 4 properties in the object, the rest in a property array grown 3 at a time. JSON.parse and literals size
 * the object to its properties, 16–40 bytes less for more than 4, which the count leaves as an excess.
 */
function objectBytes(properties: number): number {
  if (properties <= IN_OBJECT) return OBJECT_HEADER + WORD * IN_OBJECT;
  const added = Math.ceil((properties - IN_OBJECT) / FIELDS_ADDED) * FIELDS_ADDED;
  return OBJECT_HEADER + WORD * IN_OBJECT + STORE_HEADER + WORD * added;
}

function stringBytes(s: string): number {
  const bytes = STRING_HEADER + (TWO_BYTE.test(s) ? 2 : 1) * s.length;
  return Math.ceil(bytes / WORD) * WORD;
}

/** A Map's table holds a power of two entries, at least 4, doubling when full. */
function tableBytes(size: number): number {
  let capacity = 4;
  while (capacity < size) capacity *= 2;
  return STORE_HEADER + WORD * (TABLE_FIELDS + capacity / 2 + ENTRY_WORDS * capacity);
}

/** Hands out one instance of each string value it is given: equal strings of a holder share their heap. */
export class StringPool {
  private readonly strings = new Map<string, string>();

  /** `v`, or the equal string given before. */
  share<T>(v: T): T {
    if (typeof v !== 'string') return v;
    const had = this.strings.get(v);
    if (had !== undefined) return had as T;
    this.strings.set(v, v);
    return v;
  }

  /** Shares every string of `value` and of the objects and arrays under it, in place; returns `value`. */
  deep<T>(value: T): T {
    if (typeof value !== 'object' || value === null) return this.share(value);
    const o = value as Record<string, unknown>;
    for (const k of Object.keys(o)) {
      const v = o[k];
      if (typeof v === 'string') o[k] = this.share(v);
      else if (typeof v === 'object' && v !== null) this.deep(v);
    }
    return value;
  }
}
