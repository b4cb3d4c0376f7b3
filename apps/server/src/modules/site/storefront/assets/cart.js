// The own site's cart (docs/site.md "Cart and checkout"): plain JavaScript, no framework.
// Lines live in localStorage per site ({id, sku, qty}); prices always come from the server
// (`<base>/cart/lines`). `<base>/<lang>/cart?add=<id>&sku=<sku>&qty=<n>` adds a line, then the
// address loses its query. Text is set with textContent only.
(() => {
  const MAX_LINES = 50;
  const MAX_QTY = 99;
  const keyOf = (base) => `site-cart:${new URL(base, location.href).pathname}`;
  const valid = (l) =>
    l &&
    Number.isInteger(l.id) &&
    l.id > 0 &&
    typeof l.sku === 'string' &&
    l.sku.length <= 100 &&
    Number.isInteger(l.qty) &&
    l.qty >= 1;
  const load = (key) => {
    try {
      const v = JSON.parse(localStorage.getItem(key) || '[]');
      return Array.isArray(v) ? v.filter(valid).slice(0, MAX_LINES) : [];
    } catch {
      return [];
    }
  };
  const save = (key, lines) => localStorage.setItem(key, JSON.stringify(lines.slice(0, MAX_LINES)));
  const encode = (lines) => lines.map((l) => `${l.id}:${encodeURIComponent(l.sku)}:${l.qty}`).join(',');
  const el = (tag, text) => {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    return e;
  };

  // The order page after payment: the cart was bought.
  const order = document.getElementById('order');
  if (order) {
    if (order.dataset.paid === '1' && order.dataset.base) localStorage.removeItem(keyOf(order.dataset.base));
    return;
  }

  const root = document.getElementById('cart');
  if (!root) return;
  const base = root.dataset.base;
  const key = keyOf(base);
  let lines = load(key);

  const q = new URLSearchParams(location.search);
  const addId = Number(q.get('add'));
  if (Number.isInteger(addId) && addId > 0) {
    const sku = (q.get('sku') || '').slice(0, 100);
    const qty = Math.min(MAX_QTY, Math.max(1, Number.parseInt(q.get('qty') || '1', 10) || 1));
    const had = lines.find((l) => l.id === addId && l.sku === sku);
    if (had) had.qty = Math.min(MAX_QTY, had.qty + qty);
    else if (lines.length < MAX_LINES) lines.push({ id: addId, sku, qty });
    save(key, lines);
  }
  if (location.search) history.replaceState(null, '', location.pathname);

  const table = root.querySelector('.cart-lines');
  const body = table.querySelector('tbody');
  const totalCell = root.querySelector('.cart-total');
  const empty = root.querySelector('.cart-empty');
  const note = root.querySelector('.cart-note');
  const form = root.querySelector('form.checkout');

  const render = (data) => {
    const gone = data.lines.filter((l) => !l.available);
    if (gone.length) {
      lines = lines.filter((l) => !gone.some((g) => g.id === l.id && g.sku === l.sku));
      save(key, lines);
      note.textContent = root.dataset.unavailable;
      note.hidden = false;
    }
    const ok = data.lines.filter((l) => l.available);
    body.replaceChildren(
      ...ok.map((l) => {
        const tr = el('tr');
        tr.className = 'cart-line';
        const qty = el('input');
        qty.type = 'number';
        qty.min = '1';
        qty.max = String(MAX_QTY);
        qty.value = String(l.qty);
        qty.setAttribute('aria-label', l.title);
        qty.addEventListener('change', () => {
          const n = Math.min(MAX_QTY, Math.max(1, Number.parseInt(qty.value, 10) || 1));
          const line = lines.find((x) => x.id === l.id && x.sku === l.sku);
          if (line) line.qty = n;
          save(key, lines);
          refresh();
        });
        const remove = el('button', root.dataset.remove);
        remove.type = 'button';
        remove.addEventListener('click', () => {
          lines = lines.filter((x) => !(x.id === l.id && x.sku === l.sku));
          save(key, lines);
          refresh();
        });
        const cells = [el('td', l.title), el('td', l.unit_text), el('td'), el('td', l.line_text), el('td')];
        cells[2].append(qty);
        cells[4].append(remove);
        tr.append(...cells);
        return tr;
      }),
    );
    totalCell.textContent = data.total_text;
    table.hidden = ok.length === 0;
    empty.hidden = ok.length > 0;
    form.hidden = ok.length === 0;
    form.elements.items.value = encode(lines);
    form.elements.expected_total.value = String(data.total_minor);
  };

  const refresh = () => {
    if (lines.length === 0) return render({ lines: [], total_minor: 0, total_text: '' });
    const url = `${base}/cart/lines?${new URLSearchParams({ items: encode(lines), lang: root.dataset.lang })}`;
    return fetch(url, { headers: { accept: 'application/json' } })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
      .then(render)
      .catch(() => {
        note.textContent = root.dataset.unavailable;
        note.hidden = false;
      });
  };

  // One submit per form: a double click sends one request (the server also makes one order per key).
  form.addEventListener('submit', () => {
    form.querySelector('button[type=submit]').disabled = true;
  });
  refresh();
})();
