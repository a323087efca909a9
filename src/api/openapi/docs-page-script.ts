/**
 * The docs page's one script, inline and allowed by its hash (routes/docs.ts): language tabs, copy buttons, the
 * search box and the try-it forms. Without it the page still reads whole: every language shown, blocks selectable.
 * The key typed into a try-it form stays in this tab (sessionStorage) and goes only to this page's own origin.
 */
export const DOCS_SCRIPT = `(() => {
  const store = (() => { try { return window.sessionStorage; } catch { return null; } })();
  const LANGUAGE = 'svc-docs-linguagem';
  const KEY = 'svc-docs-chave';

  for (const pre of document.querySelectorAll('main pre:not(.saida)')) {
    const box = document.createElement('div');
    box.className = 'bloco';
    if (pre.dataset.lang) box.dataset.lang = pre.dataset.lang;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copiar';
    button.textContent = 'Copiar';
    button.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(pre.textContent);
        button.textContent = 'Copiado';
      } catch {
        // Without the clipboard API (plain http on another host): select the block for Ctrl+C.
        const range = document.createRange();
        range.selectNodeContents(pre);
        getSelection().removeAllRanges();
        getSelection().addRange(range);
        button.textContent = 'Selecionado';
      }
      setTimeout(() => (button.textContent = 'Copiar'), 1500);
    });
    pre.replaceWith(box);
    box.append(pre, button);
  }

  const groups = [...document.querySelectorAll('.ex')];
  const choose = (lang) => {
    for (const group of groups) {
      const blocks = [...group.querySelectorAll('.bloco')];
      const shown = blocks.find((b) => b.dataset.lang === lang) ?? blocks[0];
      for (const b of blocks) b.hidden = b !== shown;
      for (const tab of group.querySelectorAll('[role=tab]')) tab.setAttribute('aria-selected', String(tab.dataset.lang === shown.dataset.lang));
    }
  };
  for (const group of groups) {
    const bar = document.createElement('div');
    bar.className = 'abas';
    bar.setAttribute('role', 'tablist');
    for (const pre of group.querySelectorAll('pre')) {
      const tab = document.createElement('button');
      tab.type = 'button';
      tab.setAttribute('role', 'tab');
      tab.dataset.lang = pre.dataset.lang;
      tab.textContent = pre.dataset.label;
      tab.addEventListener('click', () => {
        store?.setItem(LANGUAGE, tab.dataset.lang);
        const top = tab.getBoundingClientRect().top;
        choose(tab.dataset.lang);
        // Keep the clicked tab where it was while blocks above change height.
        window.scrollBy(0, tab.getBoundingClientRect().top - top);
      });
      bar.append(tab);
    }
    group.prepend(bar);
  }
  choose(store?.getItem(LANGUAGE) ?? 'curl');

  const fold = (s) => s.normalize('NFD').replace(/[\\u0300-\\u036f]/g, '').toLowerCase();
  const search = document.getElementById('busca');
  const items = [...document.querySelectorAll('nav li[data-busca]')];
  const none = document.getElementById('busca-vazia');
  search.hidden = false;
  search.addEventListener('input', () => {
    const terms = fold(search.value).split(/\\s+/).filter(Boolean);
    let found = 0;
    for (const li of items) {
      li.hidden = !terms.every((t) => li.dataset.busca.includes(t));
      if (!li.hidden) found++;
    }
    for (const ul of document.querySelectorAll('nav ul')) {
      ul.hidden = ![...ul.children].some((li) => !li.hidden);
      if (ul.previousElementSibling?.classList.contains('t')) ul.previousElementSibling.hidden = ul.hidden;
    }
    none.hidden = found > 0;
    if (terms.length > 0) document.querySelector('details.menu').open = true;
  });
  search.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const first = items.find((li) => !li.hidden);
    if (first) location.hash = first.querySelector('a').hash;
  });

  const keys = [...document.querySelectorAll('form.experimentar input[name=chave]')];
  for (const input of keys) {
    input.value = store?.getItem(KEY) ?? '';
    input.addEventListener('input', () => {
      for (const other of keys) if (other !== input) other.value = input.value;
      store?.setItem(KEY, input.value);
    });
  }
  for (const details of document.querySelectorAll('details.tente')) details.hidden = false;
  for (const form of document.querySelectorAll('form.experimentar')) {
    const field = (name) => form.elements.namedItem(name);
    const status = form.querySelector('.resposta-status');
    const out = form.querySelector('.saida');
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      out.hidden = true;
      const url = new URL(field('caminho').value.trim(), location.origin);
      if (url.origin !== location.origin) {
        status.textContent = 'Só caminhos deste servidor (' + location.origin + ').';
        return;
      }
      const headers = {};
      const key = field('chave')?.value.trim();
      if (key) headers.Authorization = 'Bearer ' + key;
      const init = { method: form.dataset.metodo, headers, cache: 'no-store', credentials: 'omit', redirect: 'error', referrerPolicy: 'no-referrer' };
      if (field('corpo')) {
        headers['Content-Type'] = 'application/json';
        init.body = field('corpo').value;
      }
      status.textContent = 'Enviando…';
      try {
        const r = await fetch(url, init);
        const text = await r.text();
        const shown = ['RateLimit-Remaining', 'Retry-After', 'X-Request-Id']
          .filter((h) => r.headers.has(h))
          .map((h) => ' · ' + h + ': ' + r.headers.get(h));
        status.textContent = r.status + ' ' + r.statusText + shown.join('');
        let body = text;
        try { body = JSON.stringify(JSON.parse(text), null, 2); } catch {}
        out.firstChild.textContent = body || '(sem corpo)';
        out.hidden = false;
      } catch (err) {
        status.textContent = 'Falhou: ' + err.message;
      }
    });
  }
})();`;
