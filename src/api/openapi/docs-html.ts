/** The small HTML pieces the docs page is made of (docs-page.ts, docs-guide.ts). */

export function esc(s: unknown): string {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Inline code spans from backticks. */
export function md(s: unknown): string {
  return esc(s).replace(/`([^`]+)`/g, '<code>$1</code>');
}

export const table = (head: string[], rows: string[][]) =>
  `<div class="tbl"><table><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</table></div>`;

export const pre = (text: string) => `<pre><code>${esc(text)}</code></pre>`;

/**
 * The same thing in several languages: every block is in the page (readable without the script), which shows
 * them as tabs and remembers the reader's language for the tab.
 */
export function codeTabs(blocks: readonly { lang: string; label: string; code: string }[]): string {
  return `<div class="ex">${blocks
    .map((b) => `<pre data-lang="${esc(b.lang)}" data-label="${esc(b.label)}"><code>${esc(b.code)}</code></pre>`)
    .join('')}</div>`;
}

/** Lower case without accents: what the search box compares (the script folds the query the same way). */
export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
