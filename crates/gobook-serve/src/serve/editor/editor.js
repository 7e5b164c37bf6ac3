// gobook serve: the board editor (src/serve/editor). Every diagram of a page gets an "Edit on
// the board" button (an inline diagram a small one after its link, shown on hover and focus; a
// `::go`, which draws nothing, one where it stands among the chapter's blocks, as the server
// says); it opens a board on the diagram's position, where the author plays moves,
// sets up stones, places marks, letters and labels and drags the view, with undo and redo, by
// mouse, touch or keyboard. Save sends only the attributes that changed to the server, which
// writes them into the element in the book's file (the page then reloads with the rebuild).
(() => {
  const cfg = window.gobookEditor;
  if (!cfg || window.gobookEditorLoaded) return;
  window.gobookEditorLoaded = true;
  const COLS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
  const MARKS = ["tr", "sq", "cr", "ma"];
  const TOOLS = [
    // [id, symbol, short name, name, key]
    ["play", "◐", "Moves", "Play moves, alternating", "m"],
    ["playB", "●", "Black", "Play a Black move", "b"],
    ["playW", "○", "White", "Play a White move", "w"],
    ["setB", "⊕", "Black setup", "Add or remove a Black setup stone", "s"],
    ["setW", "⊖", "White setup", "Add or remove a White setup stone", "d"],
    ["erase", "⌫", "Remove", "Remove a setup stone", "x"],
    ["tr", "△", "Triangle", "Triangle mark", "t"],
    ["sq", "□", "Square", "Square mark", "q"],
    ["cr", "◯", "Circle", "Circle mark", "c"],
    ["ma", "✕", "Cross", "Cross mark", "a"],
    ["letter", "a", "Letter", "Letter (a, b, c …)", "l"],
    ["label", "T", "Label", "Text label", "k"],
    ["view", "⬚", "View", "Drag the view", "v"],
    ["line", "⤳", "Answer", "Play an answer line (problems)", "r"],
  ];
  const el = (tag, attrs = {}, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === "text") e.textContent = v;
      else e.setAttribute(k, v);
    }
    e.append(...kids);
    return e;
  };
  const parse = (p) => {
    const c = COLS.indexOf(p[0]);
    return [c, +p.slice(1) - 1];
  };
  const name = (c, r) => COLS[c] + (r + 1);

  const style = el("style", {
    text: `
.gb-edit-open{position:absolute;top:.25rem;right:.25rem;z-index:2;font:600 .8rem/1 system-ui,sans-serif;padding:.35rem .55rem;border-radius:.4rem;border:1px solid #8889;background:#fffe;color:#222;cursor:pointer;opacity:.8}
.gb-edit-open:hover,.gb-edit-open:focus-visible{opacity:1;outline:2px solid #2563eb}
figure.gb-fig{position:relative}
.gb-edit-inline-at{position:relative;display:inline-block;width:0;height:1em;vertical-align:baseline}
.gb-edit-inline{position:absolute;left:.1em;bottom:.7em;z-index:3;font:600 .8rem/1 system-ui,sans-serif;padding:.25rem .35rem;box-shadow:0 1px 4px #0003;border-radius:.35rem;border:1px solid #8889;background:#fff;color:#222;cursor:pointer;opacity:0;pointer-events:none;white-space:nowrap;transition:opacity .1s}
:where(p,li,h1,h2,h3,h4,h5,figcaption,td):hover .gb-edit-inline,.gb-edit-inline:hover,.gb-edit-inline:focus{opacity:1;pointer-events:auto}
.gb-edit-inline:focus-visible{outline:2px solid #2563eb;outline-offset:1px}
@media (hover:none){.gb-edit-inline-at{width:auto;height:auto}.gb-edit-inline{position:static;opacity:.85;pointer-events:auto;margin-left:.2em;padding:.15rem .3rem}}
.gb-go-edit{display:flex;flex-wrap:wrap;align-items:center;gap:.3rem .6rem;margin:.6rem 0;padding:.3rem .5rem;border:1px dashed #8889;border-radius:.45rem;font:.8rem/1.3 system-ui,sans-serif}
.gb-go-edit .gb-go-note{opacity:.8}
.gb-edit-go{font:600 .8rem/1 system-ui,sans-serif;padding:.4rem .6rem;border-radius:.4rem;border:1px solid #8889;background:#fff;color:#222;cursor:pointer}
.gb-edit-go:hover,.gb-edit-go:focus-visible{outline:2px solid #2563eb}
#gobook-editor{--bg:#fbfaf7;--fg:#1d1d1f;--mute:#5b5b61;--line:#d8d4cc;--accent:#1d4ed8;--wood:#e3c27c;--grid:#3b2f1c;--btn:#fff;--on:#dbe6ff;
 border:0;padding:0;margin:auto;width:min(1200px,100vw);max-width:100vw;height:min(100dvh,920px);max-height:100dvh;background:var(--bg);color:var(--fg);font:15px/1.4 system-ui,sans-serif;border-radius:.8rem;box-shadow:0 20px 60px #0006}
@media (prefers-color-scheme:dark){#gobook-editor{--bg:#1b1c1f;--fg:#ececf0;--mute:#a3a3ad;--line:#3a3b40;--accent:#8ab4ff;--wood:#b8955a;--grid:#1f170b;--btn:#26272b;--on:#27406e}}
#gobook-editor::backdrop{background:#0008}
#gobook-editor .ge-wrap{display:grid;grid-template-columns:minmax(0,1fr) 20rem;grid-template-rows:auto minmax(0,1fr);height:100%}
#gobook-editor header{grid-column:1/-1;display:flex;align-items:center;gap:.75rem;padding:.6rem 1rem;border-bottom:1px solid var(--line)}
#gobook-editor h2{font-size:1rem;margin:0;flex:1;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
#gobook-editor h2 small{font-weight:400;color:var(--mute);margin-left:.5rem}
#gobook-editor .ge-board{display:flex;align-items:center;justify-content:center;padding:.75rem;min-height:0;touch-action:none}
#gobook-editor .ge-board:focus-visible{outline:3px solid var(--accent);outline-offset:-3px}
#gobook-editor svg.ge-svg{width:100%;height:100%;max-height:100%;aspect-ratio:1;user-select:none;cursor:crosshair}
#gobook-editor aside{border-left:1px solid var(--line);padding:.75rem 1rem;overflow:auto;display:flex;flex-direction:column;gap:.8rem}
#gobook-editor aside>*{flex-shrink:0}
#gobook-editor .ge-tools{display:grid;grid-template-columns:repeat(4,minmax(0,1fr));gap:.35rem}
#gobook-editor button{font:inherit;color:var(--fg);background:var(--btn);border:1px solid var(--line);border-radius:.45rem;padding:.4rem .5rem;cursor:pointer;min-height:2.4rem}
#gobook-editor button:hover{border-color:var(--accent)}
#gobook-editor button:focus-visible{outline:2px solid var(--accent);outline-offset:1px}
#gobook-editor button[aria-pressed=true]{background:var(--on);border-color:var(--accent);font-weight:600}
#gobook-editor .ge-tools button{font-size:1.15rem;line-height:1}
#gobook-editor .ge-tools button .ge-sym{display:block;margin:0}
#gobook-editor .ge-tools button .ge-name{display:block;font-size:.62rem;line-height:1.15;margin-top:.2rem;color:var(--mute)}
#gobook-editor .ge-tools button[aria-pressed=true] .ge-name{color:var(--fg)}
#gobook-editor .ge-row{display:flex;gap:.4rem;flex-wrap:wrap;align-items:center}
#gobook-editor .ge-row>*{flex:1}
#gobook-editor .ge-save{background:var(--accent);color:var(--bg);border-color:var(--accent);font-weight:700}
#gobook-editor label{font-size:.85rem;color:var(--mute)}
#gobook-editor input{font:inherit;width:100%;box-sizing:border-box;padding:.35rem .5rem;border:1px solid var(--line);border-radius:.4rem;background:var(--btn);color:var(--fg)}
#gobook-editor .ge-status{min-height:2.6em;font-size:.9rem;padding:.5rem .6rem;border-radius:.4rem;background:var(--btn);border:1px solid var(--line)}
#gobook-editor .ge-status.ge-bad{border-color:#d33;color:#d33}
#gobook-editor .ge-attrs{font:12px/1.45 ui-monospace,monospace;white-space:pre-wrap;word-break:break-all;color:var(--mute);margin:0}
#gobook-editor .ge-keys{font-size:.78rem;color:var(--mute);margin:0}
#gobook-editor .ge-answers{display:flex;flex-direction:column;gap:.45rem}
#gobook-editor .ge-answers[hidden],#gobook-editor [hidden]{display:none}
#gobook-editor h3{font-size:.85rem;margin:.2rem 0 0}
#gobook-editor .ge-answers ul{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:.25rem}
#gobook-editor .ge-answers li{display:flex;gap:.4rem;align-items:center;justify-content:space-between}
#gobook-editor .ge-answers li code{font-size:.85rem;word-break:break-all}
#gobook-editor .ge-answers li button{min-height:1.8rem;padding:.1rem .45rem}
#gobook-editor .ge-none{color:var(--mute);font-size:.85rem}
@media (max-width:760px){#gobook-editor{border-radius:0;height:100dvh}#gobook-editor .ge-wrap{grid-template-columns:1fr;grid-template-rows:auto auto auto}#gobook-editor .ge-board{padding:.4rem;height:min(96vw,62dvh)}#gobook-editor aside{border-left:0;border-top:1px solid var(--line)}#gobook-editor .ge-tools{grid-template-columns:repeat(7,minmax(0,1fr))}#gobook-editor .ge-tools button .ge-name{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}#gobook-editor .ge-keys{display:none}}
`,
  });
  document.head.append(style);

  // The state the author edits: the element's own attributes, as sets and lists of points.
  let S = null; // { ab, aw, ae: Set; mv: [] | null; pl; marks: {tr: Set...}; letters: Map; labels: Map; vw }
  let orig = null; // the same, as opened: what Save compares with
  let ctx = null; // { anchor, element, position, base: Map point -> colour }
  let undo = [], redo = [];
  let tool = "play";
  let cursor = null;
  let drag = null;

  const copy = (s) => ({
    ab: new Set(s.ab), aw: new Set(s.aw), ae: new Set(s.ae),
    mv: s.mv && [...s.mv], pl: s.pl,
    marks: Object.fromEntries(MARKS.map((m) => [m, new Set(s.marks[m])])),
    letters: new Map(s.letters), labels: new Map(s.labels), vw: s.vw && [...s.vw],
    line: [...s.line], correct: [...s.correct], wrong: [...s.wrong], at: s.at, to: s.to,
  });
  // A problem's `correct` or `wrong` as its lines: the text between `;` outside `(...)` and
  // `[...]`, each kept as written (an answer tree `[a | b]` stays one entry).
  const segments = (v) => {
    const out = [];
    let depth = 0, cur = "";
    for (const ch of v || "") {
      if (ch === "(" || ch === "[") depth++;
      if ((ch === ")" || ch === "]") && depth > 0) depth--;
      if (ch === ";" && depth === 0) { out.push(cur.trim()); cur = ""; }
      else cur += ch;
    }
    out.push(cur.trim());
    return out.filter((x) => x);
  };
  const fromElement = (element, position) => {
    const pts = element.points;
    const attrs = new Map(element.attrs);
    const s = {
      ab: new Set(pts.ab || []), aw: new Set(pts.aw || []), ae: new Set(pts.ae || []),
      mv: pts.mv ? [...pts.mv] : null, pl: attrs.get("pl") || null,
      marks: Object.fromEntries(MARKS.map((m) => [m, new Set(pts[m] || [])])),
      letters: new Map(), labels: new Map(), vw: pts.vw && pts.vw.length === 2 ? [...pts.vw] : null,
      line: [], correct: segments(attrs.get("correct")), wrong: segments(attrs.get("wrong")),
      at: /^\d+$/.test(attrs.get("at") || "") ? +attrs.get("at") : null,
      to: /^\d+$/.test(attrs.get("to") || "") ? +attrs.get("to") : null,
    };
    for (const [n, list] of Object.entries(pts)) {
      if (/^[a-zA-Z]$/.test(n)) for (const p of list) s.letters.set(p, n);
    }
    for (const [n, v] of element.attrs) {
      if (/^[A-HJ-Z][0-9]{1,2}$/.test(n)) s.labels.set(n, v);
    }
    // The position drawn before the sequence, less the element's own setup stones: the base.
    const base = new Map(position.stones);
    for (const p of [...s.ab, ...s.aw]) base.delete(p);
    return { s, base };
  };

  // The stones before the sequence: the base, less `ae`, with the own setup stones.
  const other = (c) => (c === "b" ? "w" : "b");
  const neighbours = (p) => {
    const [c, r] = parse(p), n = ctx.position.size, out = [];
    for (const [dc, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const cc = c + dc, rr = r + dr;
      if (cc >= 0 && rr >= 0 && cc < n && rr < n) out.push(name(cc, rr));
    }
    return out;
  };
  const group = (board, p) => {
    const colour = board.get(p), seen = new Set([p]), todo = [p];
    let free = false;
    while (todo.length) {
      for (const q of neighbours(todo.pop())) {
        if (!board.has(q)) free = true;
        else if (board.get(q) === colour && !seen.has(q)) { seen.add(q); todo.push(q); }
      }
    }
    return { seen, free };
  };
  // Plays `m` (a point, `Pass` or `Tenuki`) for `colour` on `board`, numbered `n` in `numbers`:
  // captures, and a suicide's stones, go.
  const play = (board, numbers, m, colour, n) => {
    if (m === "Pass" || m === "Tenuki") return;
    board.set(m, colour);
    if (numbers) numbers.set(m, n);
    const take = (g) => { for (const x of g.seen) { board.delete(x); if (numbers) numbers.delete(x); } };
    for (const q of neighbours(m)) {
      if (board.get(q) === other(colour)) {
        const g = group(board, q);
        if (!g.free) take(g);
      }
    }
    const own = group(board, m);
    if (!own.free) take(own);
  };
  // The base's moves (`at`/`to` count them; a pass takes no number) with their numbers.
  const baseMoves = () => {
    const b = ctx.position.base;
    let n = b.first_number;
    return b.moves.map((m) => [m, m === "Pass" ? null : n++]);
  };
  const baseEnd = () => ctx.position.base.first_number + baseMoves().filter(([, n]) => n !== null).length;
  const atOf = () => S.at ?? ctx.position.base.first_number;
  // The base's position before the move numbered `at`, and who plays then.
  const baseAt = (at) => {
    const b = ctx.position.base, board = new Map(b.stones);
    let colour = b.to_play;
    for (const [m, n] of baseMoves()) {
      if (n !== null && n >= at) break;
      play(board, null, m, colour, n);
      colour = other(colour);
    }
    return { board, colour };
  };
  // The stones before the sequence: the base, less `ae`, with the own setup stones.
  const startStones = () => {
    const m = ctx.position.base ? baseAt(atOf()).board : new Map(ctx.base);
    for (const p of S.ae) m.delete(p);
    for (const p of S.ab) m.set(p, "b");
    for (const p of S.aw) m.set(p, "w");
    return m;
  };
  // The moves shown: the element's own, else the base's from `at` to `to`, else (as built) the page's.
  const moves = () => {
    if (S.mv) return S.mv;
    if (ctx.position.base && S.to !== null) {
      const inRange = baseMoves().filter(([, n]) => n === null || (n >= atOf() && n <= S.to));
      while (inRange.length && inRange[0][1] === null) inRange.shift();
      while (inRange.length && inRange[inRange.length - 1][1] === null) inRange.pop();
      return inRange.map(([m]) => m);
    }
    if (ctx.position.base && (S.at !== orig.at || S.to !== orig.to)) return [];
    return ctx.position.moves.map((m) => m[0]);
  };
  const firstColour = () => S.pl || (ctx.position.base ? baseAt(atOf()).colour : ctx.position.to_play);
  // A figure or a variation numbers from `at`; a changed `at` moves its numbers with it.
  const firstNumber = () =>
    ctx.position.base && S.at !== orig.at && /^(fig|var)$/.test(ctx.position.kind) && !ctx.element.attrs.some(([k]) => k === "mn")
      ? atOf()
      : ctx.position.first_number;
  // Plays the sequence from the start: the final board, each stone's number, whose turn next.
  const played = () => {
    const board = startStones(), numbers = new Map();
    let colour = firstColour(), n = firstNumber();
    for (const m of moves()) {
      play(board, numbers, m, colour, n);
      if (m !== "Pass") n += 1;
      colour = other(colour);
    }
    // An answer line being played: after the sequence, numbered from 1.
    let k = 1;
    for (const m of S.line) {
      play(board, numbers, m, colour, k++);
      colour = other(colour);
    }
    return { board, numbers, next: colour };
  };

  const change = (fn) => {
    const before = copy(S);
    if (fn() === false) return;
    undo.push(before);
    redo = [];
    render();
  };
  const say = (text, bad = false) => {
    const st = dlg.querySelector(".ge-status");
    st.textContent = text;
    st.classList.toggle("ge-bad", bad);
  };

  // What a tool does at point `p`.
  const apply = (p) => {
    const { board, next } = played();
    if (tool.startsWith("play")) {
      if (board.has(p)) return say(`${p} is taken: choose an empty point.`, true);
      const want = tool === "play" ? next : tool === "playB" ? "b" : "w";
      change(() => {
        // Moves played over a range of the base's (`to`) make the sequence the diagram's own.
        if (!S.mv) S.mv = moves().slice();
        S.to = null;
        if (S.mv.length === 0 && want !== firstColour()) S.pl = want;
        else if (want !== next) S.mv.push("Pass");
        S.mv.push(p);
      });
      return say(`${want === "b" ? "Black" : "White"} plays ${p}.`);
    }
    if (tool === "line") {
      if (board.has(p)) return say(`${p} is taken: choose an empty point.`, true);
      change(() => { S.line.push(p); });
      return say(`Answer line: ${S.line.join(" ")}. Add it as correct or wrong.`);
    }
    if (tool === "setB" || tool === "setW") {
      const c = tool === "setB" ? "b" : "w";
      const own = c === "b" ? S.ab : S.aw, theirs = c === "b" ? S.aw : S.ab;
      change(() => {
        if (own.has(p)) own.delete(p);
        else {
          theirs.delete(p);
          S.ae.delete(p);
          if (ctx.base.get(p) !== c) own.add(p);
        }
      });
      return say(`Setup: ${startStones().has(p) ? (c === "b" ? "Black" : "White") + " stone at" : "no stone at"} ${p}.`);
    }
    if (tool === "erase") {
      if (!startStones().has(p)) return say(`No setup stone at ${p}.`, true);
      change(() => {
        if (S.ab.has(p) || S.aw.has(p)) { S.ab.delete(p); S.aw.delete(p); }
        else S.ae.add(p);
      });
      return say(`Removed the stone at ${p}.`);
    }
    if (MARKS.includes(tool)) {
      change(() => {
        const had = S.marks[tool].has(p);
        for (const m of MARKS) S.marks[m].delete(p);
        if (!had) S.marks[tool].add(p);
      });
      return say(`${S.marks[tool].has(p) ? "Marked" : "Unmarked"} ${p}.`);
    }
    if (tool === "letter") {
      change(() => {
        if (S.letters.has(p)) return void S.letters.delete(p);
        const used = new Set(S.letters.values());
        const l = [..."abcdefghijklmnopqrstuvwxyz"].find((x) => !used.has(x));
        if (!l) return false;
        S.letters.set(p, l);
      });
      return say(S.letters.has(p) ? `Letter ${S.letters.get(p)} at ${p}.` : `No letter at ${p}.`);
    }
    if (tool === "label") {
      const input = dlg.querySelector("#ge-label");
      const text = input.value.trim();
      change(() => {
        if (S.labels.has(p) && (!text || S.labels.get(p) === text)) return void S.labels.delete(p);
        if (!text) return false;
        S.labels.set(p, text);
        if (/^\d+$/.test(text)) input.value = String(+text + 1);
      });
      return say(S.labels.has(p) ? `Label “${S.labels.get(p)}” at ${p}.` : `No label at ${p}.`);
    }
  };
  // The rectangle with corners `a` and `b`, as its lower-left and upper-right points.
  const box = (a, b) => {
    const [c1, r1] = parse(a), [c2, r2] = parse(b);
    return [name(Math.min(c1, c2), Math.min(r1, r2)), name(Math.max(c1, c2), Math.max(r1, r2))];
  };
  // The answer line played, with its comment, added to `correct` or `wrong`.
  const addLine = (which) => {
    if (!S.line.length) return say("Play the line on the board first (the Answer tool).", true);
    const note = dlg.querySelector("#ge-note").value.trim().replace(/[()]/g, "");
    change(() => {
      S[which].push(S.line.join(" ") + (note ? `(${note})` : ""));
      S.line = [];
    });
    dlg.querySelector("#ge-note").value = "";
    say(`Added a ${which} line.`);
  };
  const setView = (a, b) => {
    const [ll, ur] = box(a, b);
    const n = ctx.position.size;
    change(() => {
      S.vw = ll === name(0, 0) && ur === name(n - 1, n - 1) ? null : [ll, ur];
    });
    say(S.vw ? `View ${S.vw[0]} to ${S.vw[1]}.` : "The whole board.");
  };

  // The board, drawn from the state: wood, grid, stars, stones with numbers, marks, letters,
  // labels, the view (outside it dimmed), the keyboard cursor and a view being dragged.
  const render = () => {
    const n = ctx.position.size, { board, numbers, next } = played();
    const x = (p) => parse(p)[0] + 1, y = (p) => n - parse(p)[1];
    const o = [];
    o.push(`<rect x="0" y="0" width="${n + 1}" height="${n + 1}" fill="var(--wood)" rx=".2"/>`);
    for (let i = 1; i <= n; i++) {
      o.push(`<line x1="1" y1="${i}" x2="${n}" y2="${i}" stroke="var(--grid)" stroke-width=".04"/>`);
      o.push(`<line x1="${i}" y1="1" x2="${i}" y2="${n}" stroke="var(--grid)" stroke-width=".04"/>`);
      o.push(`<text x="${i}" y="${n + 0.75}" font-size=".38" text-anchor="middle" fill="var(--grid)">${COLS[i - 1]}</text>`);
      o.push(`<text x=".42" y="${n - i + 1 + 0.13}" font-size=".38" text-anchor="middle" fill="var(--grid)">${i}</text>`);
    }
    // The star points: the corners' (the fourth line in, the third on small boards), and on
    // odd boards the centre, and on 19x19 the sides' too.
    const e = n >= 13 ? 3 : 2, m = (n - 1) / 2, lines = n < 7 ? [] : n === 19 ? [e, m, n - 1 - e] : [e, n - 1 - e];
    const stars = lines.flatMap((a) => lines.map((b) => [a, b]));
    if (n % 2 && n >= 9 && n !== 19) stars.push([m, m]);
    for (const [a, b] of stars) o.push(`<circle cx="${a + 1}" cy="${n - b}" r=".11" fill="var(--grid)"/>`);
    const ink = (p) => (board.get(p) === "b" ? "#fff" : board.get(p) === "w" ? "#111" : "var(--grid)");
    for (const [p, c] of board) {
      o.push(`<circle cx="${x(p)}" cy="${y(p)}" r=".47" fill="${c === "b" ? "#111" : "#f7f7f2"}" stroke="#111" stroke-width=".04" data-stone="${c}" data-point="${p}"/>`);
      if (numbers.has(p)) o.push(`<text x="${x(p)}" y="${y(p) + 0.16}" font-size="${numbers.get(p) > 99 ? 0.36 : 0.46}" text-anchor="middle" fill="${ink(p)}" font-weight="600" data-number="">${numbers.get(p)}</text>`);
    }
    const blank = (p) => (board.has(p) ? "" : `<rect x="${x(p) - 0.3}" y="${y(p) - 0.3}" width=".6" height=".6" fill="var(--wood)"/>`);
    for (const m of MARKS) for (const p of S.marks[m]) {
      // On a numbered stone the mark is a small badge at its upper right, as the site draws it.
      const badge = numbers.has(p), k = badge ? 0.5 : 1;
      const cx = x(p) + (badge ? 0.36 : 0), cy = y(p) - (badge ? 0.36 : 0);
      if (badge) o.push(`<circle cx="${cx}" cy="${cy}" r=".2" fill="var(--bg)" stroke="var(--grid)" stroke-width=".03"/>`);
      const s = `fill="none" stroke="${badge ? "var(--fg)" : ink(p)}" stroke-width="${0.07 * k}" data-mark="${m}" data-point="${p}"`;
      const d = (v) => v * k;
      if (m === "tr") o.push(`<path d="M${cx} ${cy - d(0.3)}L${cx + d(0.27)} ${cy + d(0.17)}L${cx - d(0.27)} ${cy + d(0.17)}Z" ${s}/>`);
      if (m === "sq") o.push(`<rect x="${cx - d(0.22)}" y="${cy - d(0.22)}" width="${d(0.44)}" height="${d(0.44)}" ${s}/>`);
      if (m === "cr") o.push(`<circle cx="${cx}" cy="${cy}" r="${d(0.25)}" ${s}/>`);
      if (m === "ma") o.push(`<path d="M${cx - d(0.2)} ${cy - d(0.2)}L${cx + d(0.2)} ${cy + d(0.2)}M${cx + d(0.2)} ${cy - d(0.2)}L${cx - d(0.2)} ${cy + d(0.2)}" ${s}/>`);
    }
    const esc = (t) => t.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    for (const [p, t] of [...S.letters, ...S.labels]) {
      o.push(blank(p) + `<text x="${x(p)}" y="${y(p) + 0.16}" font-size="${t.length > 2 ? 0.32 : 0.46}" text-anchor="middle" fill="${ink(p)}" font-weight="600" data-label="${esc(t)}">${esc(t)}</text>`);
    }
    const shade = (v) => {
      const [c1, r1] = parse(v[0]), [c2, r2] = parse(v[1]);
      const X = c1 + 0.5, Y = n - r2 - 0.5, W = c2 - c1 + 1, H = r2 - r1 + 1;
      return `<path fill-rule="evenodd" fill="#0006" d="M0 0H${n + 1}V${n + 1}H0Z M${X} ${Y}h${W}v${H}h${-W}Z" pointer-events="none"/><rect x="${X}" y="${Y}" width="${W}" height="${H}" fill="none" stroke="var(--accent)" stroke-width=".07" pointer-events="none" data-view="${v.join(" ")}"/>`;
    };
    if (drag) o.push(shade(box(drag.a, drag.b)).replace("#0006", "#0004"));
    else if (S.vw) o.push(shade(S.vw));
    if (cursor) o.push(`<rect x="${x(cursor) - 0.5}" y="${y(cursor) - 0.5}" width="1" height="1" fill="none" stroke="var(--accent)" stroke-width=".08" rx=".12"/>`);
    svg.innerHTML = o.join("");
    svg.setAttribute("viewBox", `0 0 ${n + 1} ${n + 1}`);
    for (const b of dlg.querySelectorAll("[data-tool]")) b.setAttribute("aria-pressed", String(b.dataset.tool === tool));
    dlg.querySelector(".ge-label-text").hidden = tool !== "label";
    dlg.querySelector("[data-act=undo]").disabled = !undo.length;
    dlg.querySelector("[data-act=redo]").disabled = !redo.length;
    for (const which of ["correct", "wrong"]) {
      const ul = dlg.querySelector(`.ge-${which}`);
      ul.replaceChildren(...S[which].map((t, i) => el("li", {}, el("code", { text: t }),
        el("button", { type: "button", "data-remove": which, "data-index": String(i), "aria-label": `Remove ${which} line ${i + 1}: ${t}` }, "✕"))));
      if (!S[which].length) ul.append(el("li", { class: "ge-none", text: "none" }));
    }
    if (ctx.position.base) {
      const at = dlg.querySelector("#ge-at"), to = dlg.querySelector("#ge-to");
      at.min = to.min = ctx.position.base.first_number;
      at.max = baseEnd();
      to.max = baseEnd() - 1;
      if (document.activeElement !== at) at.value = String(atOf());
      if (document.activeElement !== to) to.value = S.to === null ? "" : String(S.to);
    }
    const ch = changes();
    dlg.querySelector(".ge-attrs").textContent = ch.length ? ch.map(([k, v]) => (v === null ? `− ${k}` : `${k}=${v}`)).join("\n") : "No changes yet.";
    dlg.querySelector(".ge-save").disabled = !ch.length;
    boardBox.setAttribute("aria-label", `Board, ${n}×${n}; ${next === "b" ? "Black" : "White"} to play${cursor ? "; cursor at " + cursor : ""}. Arrow keys move the cursor, Enter or Space uses the tool.`);
  };

  // The attributes that differ from the element as opened, as [name, value or null].
  const changes = () => {
    const out = [], list = (s) => [...s].join(" ");
    const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
    const set = (k, now, was) => {
      if (same(now, was)) return;
      out.push([k, now.length ? now.join(" ") : null]);
    };
    set("ab", [...S.ab], [...orig.ab]);
    set("aw", [...S.aw], [...orig.aw]);
    set("ae", [...S.ae], [...orig.ae]);
    if (S.mv && !(orig.mv && same(S.mv, orig.mv)) && (orig.mv || S.mv.length)) {
      out.push(["mv", S.mv.length ? S.mv.join(" ") : null]);
    }
    if (!S.mv && orig.mv) out.push(["mv", null]);
    for (const k of ["at", "to"]) if (S[k] !== orig[k]) out.push([k, S[k] === null ? null : String(S[k])]);
    if (S.pl !== orig.pl) out.push(["pl", S.pl]);
    for (const m of MARKS) set(m, [...S.marks[m]], [...orig.marks[m]]);
    const byLetter = (letters) => {
      const g = new Map();
      for (const [p, l] of letters) g.set(l, [...(g.get(l) || []), p]);
      return g;
    };
    const nowL = byLetter(S.letters), wasL = byLetter(orig.letters);
    for (const l of new Set([...nowL.keys(), ...wasL.keys()])) set(l, nowL.get(l) || [], wasL.get(l) || []);
    for (const p of new Set([...S.labels.keys(), ...orig.labels.keys()])) {
      if (S.labels.get(p) !== orig.labels.get(p)) out.push([p, S.labels.has(p) ? S.labels.get(p) : null]);
    }
    for (const which of ["correct", "wrong"]) {
      const now = S[which].join("; "), was = orig[which].join("; ");
      if (now !== was) out.push([which, now || null]);
    }
    const vw = S.vw ? list(S.vw) : null, was = orig.vw ? list(orig.vw) : null;
    if (vw !== was) out.push(["vw", vw]);
    return out;
  };

  // The dialog, made once.
  const dlg = el("dialog", { id: "gobook-editor", "aria-labelledby": "ge-title" });
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "ge-svg");
  svg.setAttribute("aria-hidden", "true");
  const boardBox = el("div", { class: "ge-board", tabindex: "0", role: "application" }, svg);
  const tools = el("div", { class: "ge-tools", role: "toolbar", "aria-label": "Tools" });
  for (const [id, sym, short, label, key] of TOOLS) {
    // Named by its short name (hidden but read on a phone), described by its title.
    tools.append(el("button", { type: "button", "data-tool": id, "aria-pressed": "false", "aria-keyshortcuts": key, title: `${label} (${key})` },
      el("span", { class: "ge-sym", "aria-hidden": "true", text: sym }), el("span", { class: "ge-name", text: short })));
  }
  dlg.append(
    el("div", { class: "ge-wrap" },
      el("header", {},
        el("h2", { id: "ge-title" }, el("span", { class: "ge-what", text: "Edit diagram" }), el("small", { class: "ge-where" })),
        el("button", { type: "button", class: "ge-base", "data-act": "base", title: "Open the Go data this diagram is based on" }, "Edit its base"),
        el("button", { type: "button", "data-act": "close", "aria-label": "Close the editor (Esc)" }, "✕")),
      boardBox,
      el("aside", {},
        tools,
        el("div", { class: "ge-label-text" }, el("label", { for: "ge-label", text: "Label text (numbers count up)" }), el("input", { id: "ge-label", value: "1", autocomplete: "off" })),
        el("section", { class: "ge-range", "aria-label": "Moves from the base" },
          el("div", { class: "ge-row" },
            el("div", {}, el("label", { for: "ge-at", text: "At move (at)" }), el("input", { id: "ge-at", type: "number", inputmode: "numeric" })),
            el("div", {}, el("label", { for: "ge-to", text: "Up to move (to)" }), el("input", { id: "ge-to", type: "number", inputmode: "numeric", placeholder: "none" })))),
        el("section", { class: "ge-answers", "aria-label": "Answers" },
          el("div", {}, el("label", { for: "ge-note", text: "Comment on the line's last move (optional)" }), el("input", { id: "ge-note", autocomplete: "off" })),
          el("div", { class: "ge-row" },
            el("button", { type: "button", "data-act": "correct" }, "✓ Add as correct"),
            el("button", { type: "button", "data-act": "wrong" }, "✗ Add as wrong"),
            el("button", { type: "button", "data-act": "clearline" }, "Clear line")),
          el("h3", { text: "Correct" }), el("ul", { class: "ge-correct" }),
          el("h3", { text: "Wrong" }), el("ul", { class: "ge-wrong" })),
        el("div", { class: "ge-row" },
          el("button", { type: "button", "data-act": "undo", "aria-keyshortcuts": "Control+Z", title: "Undo (Ctrl+Z)" }, "↶ Undo"),
          el("button", { type: "button", "data-act": "redo", "aria-keyshortcuts": "Control+Y", title: "Redo (Ctrl+Y)" }, "↷ Redo"),
          el("button", { type: "button", "data-act": "full", title: "Show the whole board" }, "Whole board")),
        el("div", { class: "ge-row" },
          el("button", { type: "button", class: "ge-save", "data-act": "save", "aria-keyshortcuts": "Control+S", title: "Write into the book (Ctrl+S)" }, "Save to the book"),
          el("button", { type: "button", "data-act": "close" }, "Cancel")),
        el("div", { class: "ge-status", role: "status", "aria-live": "polite" }),
        el("pre", { class: "ge-attrs", "aria-label": "Changes to save" }),
        el("p", { class: "ge-keys", text: "Keys: arrows move, Enter places; m b w play, s d setup, x remove, t q c a marks, l letter, k label, v view (Enter at two corners), Ctrl+Z / Ctrl+Y undo and redo, Ctrl+S save, Esc close." }))));
  document.body.append(dlg);

  const pointAt = (ev) => {
    const m = svg.getScreenCTM();
    if (!m) return null;
    const pt = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
    const n = ctx.position.size, c = Math.round(pt.x) - 1, r = n - Math.round(pt.y);
    return c >= 0 && r >= 0 && c < n && r < n ? name(c, r) : null;
  };
  svg.addEventListener("pointerdown", (ev) => {
    const p = pointAt(ev);
    if (!p) return;
    ev.preventDefault();
    cursor = null;
    if (tool === "view") {
      drag = { a: p, b: p };
      svg.setPointerCapture(ev.pointerId);
      render();
    } else apply(p);
  });
  svg.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    const p = pointAt(ev);
    if (p && p !== drag.b) { drag.b = p; render(); }
  });
  const endDrag = () => {
    if (!drag) return;
    const { a, b } = drag;
    drag = null;
    setView(a, b);
  };
  svg.addEventListener("pointerup", endDrag);
  svg.addEventListener("pointercancel", () => { drag = null; render(); });

  let viewCorner = null;
  boardBox.addEventListener("keydown", (ev) => {
    const n = ctx.position.size;
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    if (moves[ev.key]) {
      ev.preventDefault();
      const [c, r] = cursor ? parse(cursor) : [Math.floor(n / 2), Math.floor(n / 2)];
      const [dc, dr] = moves[ev.key];
      cursor = name(Math.min(n - 1, Math.max(0, c + dc)), Math.min(n - 1, Math.max(0, r + dr)));
      if (viewCorner) drag = { a: viewCorner, b: cursor };
      render();
      say(`Cursor ${cursor}.`);
    } else if ((ev.key === "Enter" || ev.key === " ") && cursor) {
      ev.preventDefault();
      if (tool !== "view") return apply(cursor);
      if (!viewCorner) { viewCorner = cursor; drag = { a: cursor, b: cursor }; render(); say(`View from ${cursor}: move to the other corner and press Enter.`); }
      else { const a = viewCorner; viewCorner = null; drag = null; setView(a, cursor); }
    }
  });
  const pick = (id) => { tool = id; viewCorner = null; drag = null; render(); say(TOOLS.find((t) => t[0] === id)[3] + "."); };
  dlg.addEventListener("keydown", (ev) => {
    const mod = ev.ctrlKey || ev.metaKey;
    if (mod && ev.key.toLowerCase() === "z") { ev.preventDefault(); return act(ev.shiftKey ? "redo" : "undo"); }
    if (mod && ev.key.toLowerCase() === "y") { ev.preventDefault(); return act("redo"); }
    if (mod && ev.key.toLowerCase() === "s") { ev.preventDefault(); return act("save"); }
    if (mod || ev.altKey || ev.target.tagName === "INPUT") return;
    const t = TOOLS.find((x) => x[4] === ev.key);
    if (t && !dlg.querySelector(`[data-tool=${t[0]}]`).hidden) { ev.preventDefault(); pick(t[0]); }
  });
  // `at` and `to` from the base's moves: the position before move `at`, the moves from it to `to`.
  dlg.addEventListener("change", (ev) => {
    if (ev.target.id !== "ge-at" && ev.target.id !== "ge-to") return;
    const first = ctx.position.base.first_number, last = baseEnd() - 1;
    const v = ev.target.value.trim() === "" ? null : Math.round(+ev.target.value);
    if (ev.target.id === "ge-at") {
      const at = Math.min(Math.max(v ?? first, first), last + 1);
      const next = at === first && orig.at === null ? null : at;
      change(() => {
        if (next === S.at) return false;
        S.at = next;
        if (S.to !== null && S.to < at) S.to = at;
      });
    } else {
      const to = v === null ? null : Math.min(Math.max(v, atOf()), last);
      change(() => {
        if (to === S.to) return false;
        S.to = to;
        if (to !== null) S.mv = null;
      });
    }
    say(S.to !== null ? `Moves ${atOf()} to ${S.to} of the base.` : `The position at move ${atOf()} of the base.`);
  });
  dlg.addEventListener("click", (ev) => {
    const b = ev.target.closest("button");
    if (!b) return;
    if (b.dataset.tool) pick(b.dataset.tool);
    if (b.dataset.act) act(b.dataset.act);
    if (b.dataset.remove) change(() => { S[b.dataset.remove].splice(+b.dataset.index, 1); });
  });
  // The page reloads when the book is rebuilt, but not under the open editor: then once it closes.
  let reloadHeld = false;
  window.gobookEditorHolds = () => {
    if (!dlg.open) return false;
    reloadHeld = true;
    return true;
  };
  dlg.addEventListener("close", () => {
    ctx = null;
    if (reloadHeld) {
      sessionStorage.setItem("gobook-scroll:" + location.pathname, String(scrollY));
      location.reload();
    }
  });

  const act = async (what) => {
    if (what === "close") return dlg.close();
    if (what === "undo" && undo.length) { redo.push(copy(S)); S = undo.pop(); render(); return say("Undone."); }
    if (what === "redo" && redo.length) { undo.push(copy(S)); S = redo.pop(); render(); return say("Redone."); }
    if (what === "full") return change(() => { if (!S.vw) return false; S.vw = null; });
    if (what === "save") return save();
    if (what === "base") {
      if (changes().length) return say("Save or undo the changes first: then open the base.", true);
      try { await load(ctx.position.base_anchor); say("The base: its moves and stones; the diagrams based on it follow when saved."); }
      catch (e) { say(`Cannot open the base: ${e.message}`, true); }
      return;
    }
    if (what === "correct" || what === "wrong") return addLine(what);
    if (what === "clearline") return change(() => { if (!S.line.length) return false; S.line = []; });
  };

  const load = async (anchor) => {
    const r = await fetch(`/__gobook/diagram?anchor=${encodeURIComponent(anchor)}`);
    const j = await r.json();
    if (!r.ok) throw new Error(j.error || r.statusText);
    const { s, base } = fromElement(j.element, j.position);
    ctx = { anchor, element: j.element, position: j.position, base };
    S = s;
    orig = copy(s);
    undo = [];
    redo = [];
    dlg.querySelector(".ge-range").hidden = !j.position.base;
    const baseButton = dlg.querySelector(".ge-base");
    baseButton.hidden = !j.position.base_anchor;
    baseButton.textContent = j.position.base_anchor && !/^e\d+$/.test(j.position.base_anchor) ? `Edit its base #${j.position.base_anchor}` : "Edit its base";
    dlg.querySelector(".ge-what").textContent = j.position.kind === "go" ? "Edit Go data" : j.position.inline ? "Edit inline diagram" : "Edit diagram";
    const prb = j.position.kind === "prb";
    dlg.querySelector(".ge-answers").hidden = !prb;
    dlg.querySelector("[data-tool=line]").hidden = !prb;
    if (!prb && tool === "line") tool = "play";
    const named = j.position.inline ? "inline <dia>" : j.position.kind + (/^e\d+$/.test(anchor) ? "" : " #" + anchor);
    dlg.querySelector(".ge-where").textContent = `${named} · ${j.element.file}:${j.element.line}`;
    render();
  };

  const save = async () => {
    const ch = changes();
    if (!ch.length) return say("Nothing to save.");
    say("Saving…");
    const r = await fetch("/__gobook/diagram", {
      method: "POST",
      headers: { "content-type": "application/json", "x-gobook-token": cfg.token },
      body: JSON.stringify({ anchor: ctx.anchor, source: ctx.element.source, changes: ch }),
    });
    const j = await r.json().catch(() => ({}));
    if (r.ok) {
      ctx.element = j.element;
      orig = copy(S);
      undo = [];
      redo = [];
      render();
      return say(`Saved to ${j.element.file}:${j.element.line}. Close the editor to see the page rebuilt.`);
    }
    say(j.error || `The save failed (${r.status}).`, true);
    if (r.status === 409) {
      // The file has another version of the element: show that one, keeping the message.
      const msg = dlg.querySelector(".ge-status").textContent;
      try { await load(ctx.anchor); } catch (e) { /* the page reloads with the rebuild */ }
      say(msg, true);
    }
  };

  const open = async (anchor, opener) => {
    dlg.showModal();
    say("Loading the diagram…");
    try {
      await load(anchor);
      say("Click or tap the board; the tools are at the side.");
      boardBox.focus();
    } catch (e) {
      say(`Cannot open this diagram: ${e.message}`, true);
    }
    dlg.addEventListener("close", () => opener.focus(), { once: true });
  };

  const addButtons = () => {
    for (const f of document.querySelectorAll("figure.gb-fig[id]")) {
      if (f.querySelector(":scope > .gb-edit-open")) continue;
      const b = el("button", { type: "button", class: "gb-edit-open", "aria-label": "Edit this diagram on the board", title: "Edit on the board (gobook serve)" }, "✎ Edit");
      b.addEventListener("click", (ev) => { ev.stopPropagation(); open(f.id, b); });
      f.prepend(b);
    }
  };
  // An inline diagram: a small button after its link (the pop-over's anchor is its name), that
  // takes no room in the line: shown over the text on hover and focus (on touch screens, in it).
  const addInlineButtons = () => {
    for (const a of document.querySelectorAll('a.gb-dia-link[href^="#gb-inline-"]')) {
      if (a.nextElementSibling && a.nextElementSibling.classList.contains("gb-edit-inline-at")) continue;
      const anchor = a.hash.slice(1);
      const words = a.textContent.trim().replace(/\s+/g, " ");
      const b = el("button", { type: "button", class: "gb-edit-inline", "aria-label": `Edit the inline diagram “${words}” on the board`, title: "Edit on the board (gobook serve)" }, "✎");
      b.addEventListener("click", (ev) => { ev.stopPropagation(); open(anchor, b); });
      a.after(el("span", { class: "gb-edit-inline-at" }, b));
    }
  };
  // A `::go` draws nothing: the server says where each of the chapter's stands among its blocks
  // (the chapter found by the page's block anchors), and its control goes before the first of
  // the blocks after it that this page shows, else after the last before it.
  const addGoButtons = async () => {
    const main = document.querySelector("main");
    if (!main) return;
    const near = [...main.querySelectorAll("[id]")].map((e) => e.id).filter((id) => !id.startsWith("gb-inline-")).slice(0, 8);
    if (!near.length) return;
    let j;
    try {
      const r = await fetch(`/__gobook/go?near=${encodeURIComponent(near.join(","))}`);
      if (!r.ok) return;
      j = await r.json();
    } catch (e) {
      return;
    }
    const shown = (a) => {
      const n = document.getElementById(a);
      return n && main.contains(n) ? n : null;
    };
    // The block a control stands beside: a figure's group or row, a hint's disclosure.
    const blockOf = (n) => {
      const p = n.parentElement;
      if (n.matches("figure") && p && p.classList.contains("gb-group")) n = p;
      else if (n.matches("figure") && p && p.classList.contains("gb-cell") && p.parentElement) n = p.parentElement;
      return n.closest("details.gb-hint") || n;
    };
    const lastAfter = new Map();
    for (const g of j.go) {
      if (document.querySelector(`.gb-go-edit[data-go="${CSS.escape(g.anchor)}"]`)) continue;
      const label = g.id ? `Go data #${g.id}` : `Go data at ${g.where}`;
      const b = el("button", { type: "button", class: "gb-edit-go", "aria-label": `Edit ${label} on the board`, title: "Edit on the board (gobook serve)" }, `✎ ${g.id ? "Go data #" + g.id : "Go data"}`);
      const note = `${g.moves} ${g.moves === 1 ? "move" : "moves"} · ${g.where}`;
      const box = el("div", { class: "gb-go-edit", "data-go": g.anchor }, b, el("span", { class: "gb-go-note", text: note }));
      b.addEventListener("click", () => open(g.anchor, b));
      let next = null;
      for (let k = g.at; k < j.blocks.length && !next; k++) next = shown(j.blocks[k]);
      if (next) {
        blockOf(next).before(box);
        continue;
      }
      let prev = null;
      for (let k = g.at - 1; k >= 0 && !prev; k--) prev = shown(j.blocks[k]);
      if (!prev) continue;
      let at = lastAfter.get(prev) || blockOf(prev);
      // A paragraph's inline diagrams follow it: after them.
      while (at.nextElementSibling && at.nextElementSibling.matches("aside.gb-inline-fig")) at = at.nextElementSibling;
      at.after(box);
      lastAfter.set(prev, box);
    }
  };
  // The control that opens `anchor`: a figure's, an inline diagram's (after its link), a `::go`'s.
  const controlOf = (anchor) => {
    const f = document.getElementById(anchor);
    const q = CSS.escape(anchor);
    return (f && f.querySelector(":scope > .gb-edit-open"))
      || document.querySelector(`a.gb-dia-link[href="#${q}"] + .gb-edit-inline-at > button`)
      || document.querySelector(`.gb-go-edit[data-go="${q}"] > button`);
  };
  // `page.html#edit=ANCHOR` (the language server's "Edit on the board") opens that diagram's
  // editor; closing it drops the fragment, so the reload after a save does not open it again.
  const fromHash = () => {
    const m = /^#edit=(.+)$/.exec(location.hash);
    if (!m) return;
    const anchor = decodeURIComponent(m[1]);
    const control = controlOf(anchor), f = document.getElementById(anchor);
    const shown = f && f.matches("figure") ? f : control;
    if (shown) shown.scrollIntoView({ block: "center" });
    const opener = control || document.body;
    dlg.addEventListener("close", () => history.replaceState(null, "", location.pathname + location.search), { once: true });
    open(anchor, opener);
  };
  addEventListener("hashchange", fromHash);
  // `#edit=` waits for the `::go` controls, so that closing the editor returns to its control.
  const start = () => { addButtons(); addInlineButtons(); addGoButtons().finally(fromHash); };
  if (document.readyState === "loading") addEventListener("DOMContentLoaded", start);
  else start();
})();
