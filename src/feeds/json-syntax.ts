/**
 * Parses JSON text, and when it is malformed says where: line, column and a readable reason. V8's own
 * messages omit the position for some errors ("Unexpected token"), so the position comes from a small
 * scanner that walks the grammar only on the failure path.
 */
import { MAX_DEPTH, tooDeep } from './limits.js';

export interface JsonSyntaxProblem {
  line: number;
  column: number;
  reason: string;
}

export type JsonParseResult = { ok: true; value: unknown } | { ok: false; problem: JsonSyntaxProblem };

export function parseJson(text: string): JsonParseResult {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, problem: locate(text) };
  }
}

class ScanError extends Error {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

function locate(text: string): JsonSyntaxProblem {
  let offset = text.length;
  let reason = 'JSON inválido';
  try {
    const s = new Scanner(text);
    s.ws();
    s.value();
    s.ws();
    if (s.i < text.length) throw new ScanError(s.i, 'conteúdo extra depois do fim do documento JSON');
  } catch (err) {
    if (!(err instanceof ScanError)) throw err;
    offset = err.offset;
    reason = err.reason;
  }
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return { line, column, reason };
}

class Scanner {
  i = 0;
  private depth = 0;
  constructor(private readonly t: string) {}

  ws(): void {
    while (this.i < this.t.length && ' \t\n\r'.includes(this.t[this.i] as string)) this.i++;
  }

  fail(reason: string): never {
    if (this.i >= this.t.length) throw new ScanError(this.t.length, 'fim inesperado do JSON');
    throw new ScanError(this.i, `${reason} (encontrado ${JSON.stringify(this.t[this.i])})`);
  }

  value(): void {
    const c = this.t[this.i];
    if (c === '{' || c === '[') {
      // Recursion bounded by the format's own nesting: a malformed document nested 100,000 deep overflowed the stack.
      if (++this.depth > MAX_DEPTH) throw new ScanError(this.i, tooDeep);
      if (c === '{') this.object();
      else this.array();
      this.depth--;
    } else if (c === '"') this.string();
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) this.number();
    else this.literal();
  }

  private literal(): void {
    for (const word of ['true', 'false', 'null']) {
      if (this.t.startsWith(word, this.i)) {
        this.i += word.length;
        return;
      }
    }
    this.fail('valor esperado');
  }

  object(): void {
    if (this.opensEmpty('}')) return;
    do {
      this.ws();
      if (this.t[this.i] !== '"') this.fail('nome de campo entre aspas esperado');
      this.string();
      this.ws();
      if (this.t[this.i] !== ':') this.fail('":" esperado');
      this.i++;
      this.ws();
      this.value();
    } while (this.next('}'));
  }

  array(): void {
    if (this.opensEmpty(']')) return;
    do {
      this.ws();
      this.value();
    } while (this.next(']'));
  }

  /** Steps over the opening bracket; true when the container closes at once (`{}`, `[]`). */
  private opensEmpty(close: '}' | ']'): boolean {
    this.i++;
    this.ws();
    if (this.t[this.i] !== close) return false;
    this.i++;
    return true;
  }

  /** After an element: `,` → another follows (true); the closing bracket → done (false); anything else fails. */
  private next(close: '}' | ']'): boolean {
    this.ws();
    const c = this.t[this.i];
    if (c !== ',' && c !== close) this.fail(`"," ou "${close}" esperado`);
    this.i++;
    return c === ',';
  }

  string(): void {
    this.i++;
    while (this.i < this.t.length) {
      const c = this.t[this.i] as string;
      if (c === '"') {
        this.i++;
        return;
      }
      if (c === '\\') {
        const e = this.t[this.i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(this.t.slice(this.i + 2, this.i + 6))) this.fail('escape \\u inválido');
          this.i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) this.i += 2;
        else this.fail('escape inválido em string');
        continue;
      }
      if (c < ' ') this.fail('caractere de controle dentro de string');
      this.i++;
    }
    this.fail('string sem aspas de fechamento');
  }

  number(): void {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(this.t.slice(this.i, this.i + 64));
    if (!m) this.fail('número inválido');
    this.i += m[0].length;
  }
}
