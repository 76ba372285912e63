// boardlab serve: the page. It draws any game's board from the definition's topology (grid,
// lattice, track), lets a person make moves by clicking the legs the server lists for every
// legal move, and asks the server for everything else: it knows no game and no rule.
'use strict';

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';
const PALETTE = ['#c62828', '#1565c0', '#2e7d32', '#6a1b9a', '#ef6c00', '#00838f', '#4e342e', '#ad1457'];

let catalog = null;  // GET /api/catalog
let game = null;     // {id, def, view}
let sel = { legs: [], partial: [] };  // the legs chosen so far, and the stops of the one begun
let shown = null;    // the position on the board (the game's, a preview, or a step back)
let stepping = null; // {positions, moves, at} while stepping through the game
let paused = false, stepTimer = null, busy = false;

async function api(method, path, body) {
  const res = await fetch(path, { method, headers: { 'Content-Type': 'application/json' },
                                  body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await res.json().catch(() => ({ error: `the server replied ${res.status}` }));
  if (!res.ok) throw new Error(data.error || `the server replied ${res.status}`);
  return data;
}

function el(tag, attrs = {}, parent = null, text = null) {
  const e = tag === 'svg' || ['g', 'rect', 'circle', 'line', 'text', 'polygon', 'ellipse', 'title'].includes(tag)
    ? document.createElementNS(SVG, tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== null) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

// ---------------------------------------------------------------- setup

async function loadCatalog() {
  catalog = await api('GET', '/api/catalog');
  const select = $('game-select');
  select.innerHTML = '';
  for (const g of catalog.games) el('option', { value: g.key }, select, `${g.definition.title} (${g.key})`);
  select.onchange = showSetup;
  showSetup();
}

function chosenGame() { return catalog.games.find((g) => g.key === $('game-select').value); }

function showSetup() {
  const g = chosenGame(), def = g.definition;
  $('game-description').textContent = def.description;
  const options = $('options');
  options.innerHTML = '';
  if (def.options.length) {
    const fs = el('fieldset', {}, options);
    el('legend', {}, fs, 'Options');
    for (const o of def.options) {
      const label = el('label', { title: o.doc }, fs, `${o.name} `);
      let input;
      if (o.values.length) {
        input = el('select', {}, label);
        for (const v of o.values) el('option', { value: v }, input, v);
      } else if (o.type === 'bool') {
        input = el('select', {}, label);
        for (const v of ['true', 'false']) el('option', { value: v }, input, v);
      } else {
        input = el('input', { type: o.type === 'int' ? 'number' : 'text' }, label);
      }
      input.value = o.value;
      input.dataset.option = o.name;
      input.dataset.default = o.value;
      el('small', {}, label, ` ${o.doc}`);
    }
  }
  const seats = $('seats');
  seats.innerHTML = '';
  const fs = el('fieldset', {}, seats);
  el('legend', {}, fs, 'Players');
  def.players.forEach((p, i) => {
    const label = el('label', {}, fs, `${p.name} `);
    const select = el('select', { 'data-seat': i }, label);
    el('option', { value: 'human' }, select, 'a person');
    for (let l = 1; l <= catalog.levels; ++l) el('option', { value: `level:${l}` }, select, `the computer, level ${l}`);
    el('option', { value: 'custom' }, select, 'an agent spec…');
    select.value = i === 0 ? 'human' : `level:${catalog.default_level}`;
    const spec = el('input', { 'data-spec': i, placeholder: 'e.g. mcts:iterations=2000', hidden: '' }, label);
    select.onchange = () => { spec.hidden = select.value !== 'custom'; };
  });
}

function setupRequest() {
  const options = [...document.querySelectorAll('[data-option]')]
    .filter((i) => i.value !== i.dataset.default).map((i) => `${i.dataset.option}=${i.value}`);
  const seats = [...document.querySelectorAll('[data-seat]')].map((s) =>
    s.value === 'custom' ? document.querySelector(`[data-spec="${s.dataset.seat}"]`).value.trim() : s.value);
  const body = { game: $('game-select').value, options, seats };
  if ($('seed').value) body.seed = Number($('seed').value);
  return body;
}

async function start(body) {
  $('setup-error').textContent = '';
  try {
    const view = await api('POST', '/api/games', body);
    game = { id: view.id, def: view.definition, view, last: null };
    $('setup').hidden = true;
    $('play').hidden = false;
    $('new-game').hidden = false;
    $('title').textContent = game.def.title;
    update(view);
  } catch (e) {
    $('setup-error').textContent = e.message;
  }
}

// ---------------------------------------------------------------- colours and pieces

// The definition's colour for the player, else its name when that is a colour, else the
// palette's.
function colour(player) {
  const p = game.def.players[player];
  if (p.colour) return p.colour;
  return CSS.supports('color', p.name) ? p.name : PALETTE[player % PALETTE.length];
}
const inks = {};
function ink(player) {  // text that reads on the player's colour (worked out once a colour)
  const c = colour(player);
  if (!(c in inks)) inks[c] = readableOn(c);
  return inks[c];
}
function readableOn(c) {
  const probe = el('canvas').getContext('2d');
  probe.fillStyle = c;
  const hex = probe.fillStyle;  // #rrggbb
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? '#222' : '#f4f4f4';
}
function owner(code) { return game.def.codes[code].owner; }
function glyph(code) { return game.def.codes[code].glyph; }

function drawPiece(g, code, cx, cy, r, label = true) {
  const o = owner(code);
  el('circle', { cx, cy, r, fill: colour(o), stroke: ink(o) === '#222' ? '#555' : '#111', 'stroke-width': 1.5 }, g);
  if (label) el('text', { x: cx, y: cy, class: 'piece-glyph', fill: ink(o), 'font-size': r * 1.1 }, g, glyph(code));
}

// A stack, bottom to top, drawn as layered discs with its height beside it.
function drawStack(g, stack, cx, cy, size) {
  if (!stack.length) return;
  if (stack.length === 1) return drawPiece(g, stack[0], cx, cy, size * 0.36);
  const shown = stack.slice(-6), step = Math.min(6, size * 0.5 / shown.length);
  const base = cy + step * (shown.length - 1) / 2;
  shown.forEach((code, i) => {
    const y = base - i * step, o = owner(code);
    el('ellipse', { cx, cy: y, rx: size * 0.36, ry: size * 0.26, fill: colour(o), stroke: '#333', 'stroke-width': 1 }, g);
  });
  const top = stack[stack.length - 1];
  el('text', { x: cx, y: base - (shown.length - 1) * step, class: 'piece-glyph', fill: ink(owner(top)), 'font-size': size * 0.3 },
     g, glyph(top));
  el('text', { x: cx + size * 0.38, y: cy - size * 0.36, class: 'label', 'font-size': 12, 'font-weight': 700 }, g,
     String(stack.length));
}

// ---------------------------------------------------------------- the board

// Geometry of every location ("e4", "@bar"): {x, y, w, h} on the SVG, and a centre.
let boxes = {};

function drawBoard() {
  const svg = $('board');
  svg.innerHTML = '';
  boxes = {};
  const def = game.def, pos = shown;
  const layer = { board: el('g', {}, svg), marks: el('g', {}, svg), pieces: el('g', {}, svg), top: el('g', {}, svg) };
  let width, height;
  if (def.board.kind === 'track') [width, height] = drawTrack(layer, pos);
  else if (def.board.kind === 'hex') [width, height] = drawHex(layer, pos);
  else [width, height] = drawPlane(layer, pos);
  height = drawReserves(layer, pos, width, height);
  height = drawDice(layer, pos, width, height);
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  fitBoard();
  drawHighlights(layer.marks);
  for (const [loc, b] of Object.entries(boxes)) {
    const hit = el('rect', { x: b.x, y: b.y, width: b.w, height: b.h, fill: 'transparent', class: 'cell', 'data-loc': loc },
                   layer.top);
    el('title', {}, hit, loc.startsWith('@') ? loc.slice(1) : loc);
    // On the press: a board redrawn before the release (a preview arriving) loses no click.
    hit.addEventListener('pointerdown', (e) => { if (e.button === 0) clicked(loc); });
  }
}

// The board fills the space it has: the width of its column, and the height of the window
// below its top, less room for the status line and the move box under it.
function fitBoard() {
  const svg = $('board'), box = svg.viewBox.baseVal;
  if (!box || !box.width || $('play').hidden) return;
  const below = 110;  // px: the status, choices and move box
  const wide = $('board-area').clientWidth - 2;
  const high = Math.max(window.innerHeight - svg.getBoundingClientRect().top - window.scrollY - below, 160);
  const scale = Math.min(wide / box.width, high / box.height, 4);
  svg.setAttribute('width', Math.floor(box.width * scale));
  svg.setAttribute('height', Math.floor(box.height * scale));
}
window.addEventListener('resize', () => { if (game) fitBoard(); });

function flipped() { return game.def.players[game.view.viewer].top; }

// Hexagonal cells (pointy side up), each rank half a cell right of the one below, as the
// terminal draws them; turned round for a viewer who sits at the top.
function drawHex(layer, pos) {
  const b = game.def.board, S = 52, M = 24, flip = flipped(), R = S / Math.sqrt(3), V = 1.5 * R;
  const width = 2 * M + S * (b.width + (b.height - 1) / 2), height = 2 * M + 2 * R + (b.height - 1) * V;
  const centre = (x, y) => {
    const cx = M + S / 2 + (x + y / 2) * S, cy = M + R + (b.height - 1 - y) * V;
    return flip ? [width - cx, height - cy] : [cx, cy];
  };
  b.cells.forEach((c, i) => {
    const [cx, cy] = centre(c.x, c.y);
    const corners = [-90, -30, 30, 90, 150, 210].map((a) => {
      const t = a * Math.PI / 180;
      return `${cx + R * Math.cos(t)},${cy + R * Math.sin(t)}`;
    });
    el('polygon', { points: corners.join(' '), fill: (c.x + 2 * c.y) % 3 === 0 ? '#d7b98e' : (c.x + 2 * c.y) % 3 === 1 ? '#e6cfa7' : '#f0dfbf',
                    stroke: '#8d6e63', 'stroke-width': 1.5 }, layer.board);
    boxes[c.name] = { x: cx - S * 0.42, y: cy - S * 0.42, w: S * 0.84, h: S * 0.84 };
    drawStack(layer.pieces, pos.cells[i], cx, cy, S);
  });
  // File letters past the bottom rank's cells, rank numbers before each rank's first.
  const named = {};
  for (const c of b.cells) named[`${c.x},${c.y}`] = c.name.match(/^([a-z]+)(\d+)$/);
  for (const c of b.cells) {
    const m = named[`${c.x},${c.y}`];
    if (!m) continue;
    if (!named[`${c.x},${c.y - 1}`] && !named[`${c.x + 1},${c.y - 1}`]) {
      const [cx, cy] = centre(c.x, c.y - 0.8);
      el('text', { x: cx, y: cy, class: 'label' }, layer.board, m[1]);
    }
    if (!named[`${c.x - 1},${c.y}`]) {
      const [cx, cy] = centre(c.x - 0.8, c.y);
      el('text', { x: cx, y: cy, class: 'label' }, layer.board, m[2]);
    }
  }
  return [width, height];
}

function drawPlane(layer, pos) {
  const b = game.def.board, S = 56, M = 24, flip = flipped(), lattice = b.kind === 'lattice';
  const sx = (x) => M + (flip ? b.width - 1 - x : x) * S, sy = (y) => M + (flip ? y : b.height - 1 - y) * S;
  const centre = (c) => [sx(c.x) + S / 2, sy(c.y) + S / 2];
  // Playable squares dark and the others light; where every square is playable, the
  // squares alternate, as on a chessboard.
  const all = b.cells.every((c) => c.playable);
  const shade = (c) => ((all ? (c.x + c.y) % 2 === 0 : c.playable) ? '#b58863' : '#f0d9b5');
  if (lattice) {
    for (const [i, j] of b.lines) {
      const [x1, y1] = centre(b.cells[i]), [x2, y2] = centre(b.cells[j]);
      el('line', { x1, y1, x2, y2, stroke: '#8d6e63', 'stroke-width': 2 }, layer.board);
    }
  }
  b.cells.forEach((c, i) => {
    const [cx, cy] = centre(c);
    if (lattice) el('circle', { cx, cy, r: 5, fill: '#5d4037' }, layer.board);
    else el('rect', { x: sx(c.x), y: sy(c.y), width: S, height: S, fill: shade(c) }, layer.board);
    if (c.playable) boxes[c.name] = lattice ? { x: cx - S * 0.42, y: cy - S * 0.42, w: S * 0.84, h: S * 0.84 }
                                            : { x: sx(c.x), y: sy(c.y), w: S, h: S };
    drawStack(layer.pieces, pos.cells[i], cx, cy, S);
  });
  // Coordinates from the cells' names: letters by column, numbers by row.
  const files = {}, ranks = {};
  for (const c of b.cells) {
    const m = c.name.match(/^([a-z]+)(\d+)$/);
    if (m) files[c.x] = m[1], ranks[c.y] = m[2];
  }
  for (const [x, f] of Object.entries(files)) el('text', { x: sx(+x) + S / 2, y: M + b.height * S + 12, class: 'label' }, layer.board, f);
  for (const [y, r] of Object.entries(ranks)) el('text', { x: M / 2, y: sy(+y) + S / 2, class: 'label' }, layer.board, r);
  return [2 * M + b.width * S, 2 * M + b.height * S];
}

// A track of 24 points is folded into two rows of twelve as a backgammon (tavli) board: the
// bar between the halves (holding the pieces on it, where the game has one) and the tray
// beside them (where it has one); any other track is one row of points. Points are numbered
// for the viewer.
function folded() {
  const def = game.def;
  return def.board.kind === 'track' && def.board.cells.length === 24;
}

function drawTrack(layer, pos) {
  const def = game.def, cells = def.board.cells, n = cells.length;
  const numbers = def.players[game.view.viewer].numbers || cells.map((_, i) => i + 1);
  const cellOf = []; numbers.forEach((k, c) => { cellOf[k] = c; });
  const W = 44, H = 200, M = 20;
  const fold = folded();
  // Column and half of point k: the viewer's home is bottom right.
  const place = fold
    ? (k) => (k <= 12 ? { col: k <= 6 ? 13 - k : 12 - k, bottom: true } : { col: k <= 18 ? k - 13 : k - 12, bottom: false })
    : (k) => ({ col: k - 1, bottom: true });
  const cols = fold ? 13 : n, rows = fold ? 2 : 1, tray = fold && def.off >= 0;
  const width = 2 * M + cols * W + (tray ? W + 10 : 0), height = 2 * M + rows * H + (fold ? 20 : 0);
  el('rect', { x: M, y: M, width: cols * W, height: rows * H + (fold ? 20 : 0), fill: '#d7ccc8' }, layer.board);
  for (let k = 1; k <= n; ++k) {
    const { col, bottom } = place(k), x = M + col * W, c = cellOf[k];
    const baseY = bottom ? height - M : M, tipY = bottom ? baseY - H * 0.8 : baseY + H * 0.8;
    el('polygon', { points: `${x},${baseY} ${x + W},${baseY} ${x + W / 2},${tipY}`, fill: k % 2 ? '#8d6e63' : '#efebe9',
                    stroke: '#6d4c41' }, layer.board);
    el('text', { x: x + W / 2, y: bottom ? height - 6 : 10, class: 'label' }, layer.board, String(k));
    boxes[cells[c].name] = { x, y: bottom ? baseY - H : baseY, w: W, h: H };
    drawColumn(layer.pieces, pos.cells[c], x + W / 2, baseY, bottom ? -1 : 1, W);
  }
  if (fold) {
    el('rect', { x: M + 6 * W, y: M, width: W, height: rows * H + 20, fill: '#6d4c41' }, layer.board);
    if (def.bar >= 0) el('text', { x: M + 6.5 * W, y: M + H + 10, class: 'label', style: 'fill: #fff' }, layer.board, 'bar');
    if (tray) {
      el('rect', { x: M + cols * W + 10, y: M, width: W, height: rows * H + 20, fill: '#a1887f' }, layer.board);
      el('text', { x: M + cols * W + 10 + W / 2, y: M + H + 10, class: 'label' }, layer.board, 'off');
    }
    const slot = (s, x) => {
      const name = '@' + def.reserves[s];
      boxes[name] = { x, y: M, w: W, h: rows * H + 20 };
      // The viewer's pieces in the half nearer them (the bottom), the others' above.
      for (const [code, count] of Object.entries(pos.reserves[s])) {
        const mine = owner(+code) === game.view.viewer;
        drawColumn(layer.pieces, Array(count).fill(+code), x + W / 2, mine ? height - M : M, mine ? -1 : 1, W);
      }
    };
    if (def.bar >= 0) slot(def.bar, M + 6 * W);
    if (tray) slot(def.off, M + cols * W + 10);
  }
  return [width, height];
}

// Pieces along a point from its base: five shown, the fifth with the count when there are more.
function drawColumn(g, stack, cx, baseY, dir, W) {
  const r = W * 0.42, shown = stack.slice(0, 5);
  shown.forEach((code, i) => drawPiece(g, code, cx, baseY + dir * (r + 2 * r * i), r, false));
  if (stack.length > 5)
    el('text', { x: cx, y: baseY + dir * (r + 8 * r), class: 'piece-glyph', fill: ink(owner(stack[4])), 'font-size': 14 }, g,
       String(stack.length));
}

// Reserves (but a folded track's bar and tray) as boxes under the board.
function drawReserves(layer, pos, width, height) {
  const def = game.def;
  const slots = def.reserves.map((name, s) => s).filter((s) => !folded() || (s !== def.bar && s !== def.off));
  if (!slots.length) return height;
  const H = 40, w = Math.max(120, (width - 20) / slots.length - 10);
  slots.forEach((s, k) => {
    const name = def.reserves[s], x = 10 + k * (w + 10), y = height;
    el('rect', { x, y, width: w, height: H, fill: '#eee', stroke: '#aaa' }, layer.board);
    el('text', { x: x + 30, y: y + H / 2, class: 'label' }, layer.board, name);
    let i = 0;
    for (const [code, count] of Object.entries(pos.reserves[s])) {
      drawPiece(layer.pieces, +code, x + 70 + i * 50, y + H / 2, 12);
      el('text', { x: x + 92 + i * 50, y: y + H / 2, class: 'label' }, layer.pieces, count < 0 ? '×∞' : `×${count}`);
      ++i;
    }
    boxes['@' + name] = { x, y, w, h: H };
  });
  return height + H + 10;
}

// The dice as played (a double as many times as the game plays it), those the legs chosen
// so far have used greyed.
function drawDice(layer, pos, width, height) {
  if (!game.def.dice) return height;
  const S = 30, y = height + 4, side = pos.side;
  const dice = playedDice(pos.dice), used = usedDice(dice);
  dice.forEach((d, i) => {
    const x = 10 + i * (S + 8), g = el('g', used[i] ? { class: 'die used', opacity: 0.3 } : { class: 'die' }, layer.board);
    el('rect', { x, y, width: S, height: S, rx: 5, fill: colour(side), stroke: '#333', 'data-die': d }, g);
    const pips = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [1, 3], [3, 1], [3, 3]],
                   5: [[1, 1], [1, 3], [2, 2], [3, 1], [3, 3]], 6: [[1, 1], [1, 2], [1, 3], [3, 1], [3, 2], [3, 3]] }[d];
    if (pips) for (const [a, b] of pips) el('circle', { cx: x + a * S / 4, cy: y + b * S / 4, r: 3, fill: ink(side) }, g);
    else el('text', { x: x + S / 2, y: y + S / 2, class: 'piece-glyph', fill: ink(side) }, g, String(d));
  });
  return height + S + 10;
}

function playedDice(rolled) {
  const doubles = game.def.doubles, double = rolled.length > 1 && rolled.every((d) => d === rolled[0]);
  return double && doubles > rolled.length ? Array(doubles).fill(rolled[0]) : rolled;
}

// Which dice the legs chosen so far used. A die moves a piece that many points along the
// mover's numbering of the track (the bar is the point past the last, the tray point 0); a
// leg shorter than every die left (bearing off) used the smallest larger one. Only on a
// numbered track: elsewhere no die is greyed.
function usedDice(dice) {
  const used = dice.map(() => false), numbers = game.def.players[shown.side].numbers;
  if (!numbers || stepping) return used;
  const point = (loc) => {
    if (loc === '@' + game.def.reserves[game.def.bar]) return numbers.length + 1;
    if (loc.startsWith('@')) return 0;
    return numbers[game.def.board.cells.findIndex((c) => c.name === loc)];
  };
  for (const leg of sel.legs) {
    const length = point(leg.stops[0]) - point(leg.stops[leg.stops.length - 1]);
    let pick = dice.findIndex((d, i) => !used[i] && d === length);
    if (pick < 0) dice.forEach((d, i) => { if (!used[i] && d > length && (pick < 0 || d < dice[pick])) pick = i; });
    if (pick >= 0) used[pick] = true;
  }
  return used;
}

// ---------------------------------------------------------------- choosing a move by clicks

const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
const legKey = (leg) => `${leg.stops.join('>')}#${leg.count}`;

// The legal moves the chosen legs fit (in any order), each with the legs they used.
function candidates() {
  const out = [];
  game.view.legal.forEach((m, index) => {
    const used = [];
    for (const chosen of sel.legs) {
      const k = m.legs.findIndex((l, i) => !used.includes(i) && legKey(l) === legKey(chosen));
      if (k < 0) return;
      used.push(k);
    }
    out.push({ index, move: m, used });
  });
  return out;
}

// Where a piece of the side to move stands in the position shown.
function hasMine(loc) {
  const side = shown.side;
  if (loc.startsWith('@')) {
    const s = game.def.reserves.indexOf(loc.slice(1));
    return Object.entries(shown.reserves[s] || {}).some(([code, n]) => n !== 0 && owner(+code) === side);  // -1: unlimited
  }
  const c = game.def.board.cells.findIndex((x) => x.name === loc);
  const stack = shown.cells[c];
  return stack.length > 0 && owner(stack[stack.length - 1]) === side;
}

// The next stops a click may choose, and the legs the stops so far complete.
function options() {
  const next = new Set(), complete = [];
  const cands = candidates();
  // A leg starts where a piece of the side to move stands; where none does (pieces that
  // belong to no side, drawn as the first player's), any leg's start will do.
  const anyMine = cands.some((c) => c.move.legs.some((leg, i) => !c.used.includes(i) && hasMine(leg.stops[0])));
  for (const c of cands)
    c.move.legs.forEach((leg, i) => {
      if (c.used.includes(i)) return;
      const p = sel.partial;
      if (p.length < leg.stops.length && same(leg.stops.slice(0, p.length), p) && (p.length || !anyMine || hasMine(leg.stops[0])))
        next.add(leg.stops[p.length]);
      if (p.length && same(leg.stops, p)) complete.push(leg);
    });
  return { next, complete };
}

// Placements from a hand: each cell a piece may be put on, with the hand (a leg from a
// reserve to the cell). A click on the cell alone makes one.
function placements() {
  const out = new Map();
  if (sel.partial.length) return out;
  for (const c of candidates())
    c.move.legs.forEach((leg, i) => {
      const [from, to] = leg.stops;
      if (!c.used.includes(i) && leg.stops.length === 2 && from.startsWith('@') && hasMine(from)) out.set(to, from);
    });
  return out;
}

function clicked(loc) {
  if (!game || stepping || game.view.to_move !== 'human' || busy) return;
  const { next } = options();
  const hand = placements().get(loc);
  if (next.has(loc)) {
    sel.partial.push(loc);
  } else if (hand) {
    sel.partial.push(hand, loc);
  } else if (sel.partial.length) {
    sel.partial = [];  // a click elsewhere starts again (on a source, from there)
    if (options().next.has(loc)) sel.partial.push(loc);
  }
  afterClick();
}

function afterClick() {
  const { next, complete } = options();
  const choices = $('choices');
  choices.querySelectorAll('[data-count]').forEach((b) => b.remove());
  if (complete.length) {
    const counts = [...new Set(complete.map((l) => l.count))];
    const finish = (count) => finishLeg({ stops: [...sel.partial], count });
    if (counts.length === 1 && !next.size) return finish(counts[0]);
    for (const count of counts)
      el('button', { 'data-count': count }, choices, counts.length > 1 ? `move ${count}` : 'stop here').onclick = () => finish(count);
  }
  drawBoard();
}

async function finishLeg(leg) {
  sel.legs.push(leg);
  sel.partial = [];
  const cands = candidates();
  const full = cands.filter((c) => c.used.length === c.move.legs.length);
  const more = cands.filter((c) => c.used.length < c.move.legs.length);
  if (!more.length && full.length === 1) return play({ index: full[0].index });
  const choices = $('choices');
  choices.innerHTML = '';
  for (const c of full) el('button', { 'data-move': c.index }, choices, `play ${c.move.text}`).onclick = () => play({ index: c.index });
  el('button', { id: 'restart-move' }, choices, 'start the move again').onclick = () => {
    resetSelection();
    shown = game.view.position;
    drawBoard();
  };
  if (more.length) {
    const c = more[0];
    busy = true;  // clicks wait for the board they are meant for
    try {
      shown = (await api('POST', `/api/games/${game.id}/preview`, { move: c.index, legs: c.used })).position;
    } catch (e) { /* the legs do not apply in this order: keep the board as it was */ }
    busy = false;
  }
  drawBoard();
}

function drawHighlights(g) {
  const mark = (loc, cls) => {
    const b = boxes[loc];
    if (b) el('rect', { x: b.x + 2, y: b.y + 2, width: b.w - 4, height: b.h - 4, rx: 6, class: cls }, g);
  };
  if (stepping) return;
  for (const loc of game.changed || []) mark(loc, 'highlight-last');
  if (game.view.to_move !== 'human') return;
  for (const loc of sel.partial) mark(loc, 'highlight-chosen');
  for (const loc of options().next) mark(loc, sel.partial.length ? 'highlight-target' : 'highlight-source');
  for (const loc of placements().keys()) mark(loc, 'highlight-target');
}

function resetSelection() {
  sel = { legs: [], partial: [] };
  $('choices').innerHTML = '';
}

// ---------------------------------------------------------------- the game

function changedLocations(before, after) {
  if (!before) return [];
  const out = [];
  game.def.board.cells.forEach((c, i) => { if (!same(before.cells[i], after.cells[i])) out.push(c.name); });
  return out;
}

function update(view) {
  const before = game.view && game.view.position;
  game.view = Object.assign(game.view || {}, view);
  game.changed = changedLocations(before, view.position);
  shown = view.position;
  stepping = null;
  resetSelection();
  render();
  schedule();
}

function render() {
  const v = game.view, def = game.def;
  drawBoard();
  const who = (p) => `${def.players[p].name}${v.seats[p] === 'human' ? '' : ` (${v.seats[p]})`}`;
  let status;
  if (stepping) status = `Move ${stepping.at} of ${stepping.positions.length - 1}: looking back (the game waits)`;
  else if (v.to_move === 'nobody') status = `Game over: ${v.result}`;
  else if (v.to_move === 'computer') status = `${who(v.position.side)} is thinking…`;
  else status = `${who(v.position.side)} to move${def.dice ? ` (dice ${v.position.dice.join('-')})` : ''}`;
  $('status').textContent = status;
  const pips = shown.pips;
  $('pips').textContent = pips ? `Pips: ${pips.map((n, p) => `${def.players[p].name} ${n}`).join(', ')}` : '';
  const choices = $('choices');
  choices.querySelectorAll('.pass').forEach((b) => b.remove());
  if (!stepping && v.to_move === 'human')
    v.legal.forEach((m, index) => {  // moves with nothing to click: a pass
      if (!m.legs.length)
        el('button', { 'data-move': index, class: 'pass' }, choices, m.text || 'pass').onclick = () => play({ index });
    });
  const list = $('moves');
  list.innerHTML = '';
  v.moves.forEach((m, i) => {
    const roll = (v.rolls || [])[i];
    const li = el('li', {}, list, roll ? `${roll}: ${m}` : m);
    if (stepping && stepping.at === i + 1) li.className = 'current';
    li.onclick = () => stepTo(i + 1);
  });
  if (!stepping) list.scrollTop = list.scrollHeight;
  const human = v.to_move === 'human' && !stepping;
  $('hint').disabled = !human;
  $('resign').disabled = v.to_move === 'nobody' || def.players.length !== 2;
  $('pause').textContent = paused ? 'Go on' : 'Pause';
  $('speed-text').textContent = `${(Number($('speed').value) / 1000).toFixed(1)} s a move`;
}

async function act(verb, body = {}) {
  $('play-error').textContent = '';
  busy = true;
  try {
    const view = await api('POST', `/api/games/${game.id}/${verb}`, body);
    busy = false;
    update(view);
  } catch (e) {
    busy = false;
    $('play-error').textContent = e.message;
    resetSelection();
    shown = game.view.position;
    render();
  }
}
const play = (body) => act('move', body);

// The computer's moves, one request each, paced by the speed control.
function schedule() {
  clearTimeout(stepTimer);
  if (!game || game.view.to_move !== 'computer' || paused || stepping) return;
  stepTimer = setTimeout(() => act('step'), Number($('speed').value));
}

async function stepTo(at) {
  if (!stepping) {
    clearTimeout(stepTimer);
    const data = await api('GET', `/api/games/${game.id}/positions`);
    stepping = { positions: data.positions, at: data.positions.length - 1 };
  }
  stepping.at = Math.max(0, Math.min(at, stepping.positions.length - 1));
  if (stepping.at === stepping.positions.length - 1 && game.view.to_move !== 'nobody') {
    stepping = null;  // back to the game now
    shown = game.view.position;
    render();
    schedule();
    return;
  }
  shown = stepping.positions[stepping.at];
  render();
}

function download(name, text) {
  const a = el('a', { href: URL.createObjectURL(new Blob([text], { type: 'text/plain' })), download: name });
  document.body.appendChild(a);
  a.click();
  a.remove();
}

const readFile = (input) => new Promise((resolve, reject) => {
  const f = input.files[0];
  if (!f) return reject(new Error('no file chosen'));
  const r = new FileReader();
  r.onload = () => resolve(r.result);
  r.onerror = () => reject(new Error('cannot read the file'));
  r.readAsText(f);
});

function wire() {
  $('start').onclick = () => start(setupRequest());
  $('open-record').onchange = async () => {
    try {
      const text = await readFile($('open-record'));
      // The record's game, options and players (the server's limits apply to its agents).
      await start({ record: text });
    } catch (e) { $('setup-error').textContent = e.message; }
    $('open-record').value = '';
  };
  $('new-game').onclick = () => {
    clearTimeout(stepTimer);
    if (game) api('DELETE', `/api/games/${game.id}`).catch(() => {});
    game = null;
    $('play').hidden = true;
    $('setup').hidden = false;
    $('new-game').hidden = true;
  };
  $('undo').onclick = () => act('undo');
  $('redo').onclick = () => act('redo');
  $('resign').onclick = () => { if (confirm('Resign this game?')) act('resign'); };
  $('hint').onclick = async () => {
    $('hints').textContent = 'thinking…';
    try {
      const { hints } = await api('POST', `/api/games/${game.id}/hint`, { count: 3 });
      $('hints').innerHTML = '';
      for (const h of hints)
        el('div', {}, $('hints'), `${h.move}  ${(100 * h.value).toFixed(0)}% (${h.visits} visits)`);
    } catch (e) { $('hints').textContent = e.message; }
  };
  $('save').onclick = async () => {
    try {
      const r = await api('GET', `/api/games/${game.id}/record`);
      download(r.file, r.text);
    } catch (e) { $('play-error').textContent = e.message; }
  };
  $('load-record').onchange = async () => {
    try { await act('load', { text: await readFile($('load-record')) }); } catch (e) { $('play-error').textContent = e.message; }
    $('load-record').value = '';
  };
  $('move-form').onsubmit = (e) => {
    e.preventDefault();
    const text = $('move-text').value.trim();
    if (text) play({ text });
    $('move-text').value = '';
  };
  $('pause').onclick = () => { paused = !paused; render(); schedule(); };
  $('speed').oninput = () => render();
  $('step-first').onclick = () => stepTo(0);
  $('step-back').onclick = () => stepTo((stepping ? stepping.at : game.view.moves.length) - 1);
  $('step-forward').onclick = () => stepTo((stepping ? stepping.at : game.view.moves.length) + 1);
  $('step-last').onclick = () => stepTo(game.view.moves.length);
}

wire();
loadCatalog().catch((e) => { $('setup-error').textContent = e.message; });
