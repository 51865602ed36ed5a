(function () {
  "use strict";
  var DATA = JSON.parse(document.getElementById("data").textContent);
  var LIMIT = 500;  // rows drawn at once: the filters and the sort choose which
  var NUMERIC = {int: 1, num: 1, pct: 1, money: 1};
  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }
  function num(v) { return v === null || v === undefined || v === "" ? null : Number(v); }

  // one sortable, filterable table with a column chooser, drawn from {columns, rows}
  function Table(root, spec, opts) {
    opts = opts || {};
    var cols = spec.columns, rows = spec.rows, index = {};
    cols.forEach(function (c, i) { index[c.name] = i; });
    var shown = cols.map(function (c) { return c.shown !== false; });
    var sortCol = opts.sort !== undefined && index[opts.sort] !== undefined ? index[opts.sort] : -1;
    var sortDir = -1;
    var filter = root.querySelector(".filter"), min = root.querySelector(".min");
    var thead = root.querySelector("thead"), tbody = root.querySelector("tbody");
    var count = root.querySelector(".count"), list = root.querySelector(".col-list");
    var textCols = [];
    cols.forEach(function (c, i) { if (!NUMERIC[c.kind] && c.kind !== "link") { textCols.push(i); } });
    var hands = index.hands;

    if (list) {
      cols.forEach(function (c, i) {
        var label = el("label"), box = el("input");
        box.type = "checkbox"; box.checked = shown[i]; box.dataset.name = c.name;
        box.addEventListener("change", function () { shown[i] = box.checked; draw(); });
        label.appendChild(box);
        label.appendChild(document.createTextNode(" " + c.label + (c.label !== c.name ? " (" + c.name + ")" : "")));
        list.appendChild(label);
      });
    }
    function cellText(c, row) {
      var v = row[index[c.name]];
      if (v === null || v === undefined) { return "-"; }
      if (c.kind === "pct") { return Number(v).toFixed(1); }
      if (c.kind === "num") { return Number(v).toFixed(2); }
      return String(v);
    }
    function cell(c, row) {
      var v = row[index[c.name]], td = el("td", NUMERIC[c.kind] ? "n" : "");
      if (c.kind === "link") {
        if (v && String(v).indexOf(":") < 0) {  // a page beside this one, never another scheme
          var a = el("a", "", "replay"); a.setAttribute("href", v); a.target = "_blank"; td.appendChild(a);
        }
        return td;
      }
      td.textContent = cellText(c, row);
      if (c.kind === "money" && v !== null && Number(v) < 0) { td.className += " neg"; }
      if (c.kind === "pct" && c.done !== undefined && v !== null) {
        td.appendChild(el("span", "c", " (" + row[index[c.done]] + "/" + row[index[c.opp]] + ")"));
      }
      if (c.name === "message") { td.className = "msg"; }
      return td;
    }
    function compare(a, b) {
      var c = cols[sortCol], x = a[sortCol], y = b[sortCol];
      if (x === null || x === undefined) { return (y === null || y === undefined) ? 0 : 1; }
      if (y === null || y === undefined) { return -1; }  // nothing last, either way
      if (NUMERIC[c.kind]) { return sortDir * (Number(x) - Number(y)); }
      return sortDir * String(x).localeCompare(String(y));
    }
    function selected() {
      var words = filter ? filter.value.trim().toLowerCase() : "", least = min ? Number(min.value) || 0 : 0;
      var out = rows.filter(function (row) {
        if (least && hands !== undefined && Number(row[hands]) < least) { return false; }
        if (!words) { return true; }
        return words.split(/\s+/).every(function (w) {
          return textCols.some(function (i) { return row[i] !== null && String(row[i]).toLowerCase().indexOf(w) >= 0; });
        });
      });
      if (sortCol >= 0) { out.sort(compare); }
      return out;
    }
    function draw() {
      var picked = selected(), visible = cols.filter(function (c, i) { return shown[i]; });
      var tr = el("tr");
      visible.forEach(function (c) {
        var i = index[c.name], th = el("th", i === sortCol ? (sortDir > 0 ? "sorted-asc" : "sorted-desc") : "", c.label);
        th.dataset.name = c.name; th.title = c.name;
        th.addEventListener("click", function () {
          if (sortCol === i) { sortDir = -sortDir; } else { sortCol = i; sortDir = NUMERIC[c.kind] ? -1 : 1; }
          draw();
        });
        tr.appendChild(th);
      });
      thead.replaceChildren(tr);
      var frag = document.createDocumentFragment();
      picked.slice(0, LIMIT).forEach(function (row) {
        var r = el("tr");
        if (index.severity !== undefined) { r.className = String(row[index.severity]); }
        visible.forEach(function (c) { r.appendChild(cell(c, row)); });
        frag.appendChild(r);
      });
      tbody.replaceChildren(frag);
      if (count) {
        count.textContent = picked.length > LIMIT ? "showing " + LIMIT + " of " + picked.length + " (" + rows.length + " in all)"
          : picked.length + " of " + rows.length;
      }
      root.dataset.rows = String(picked.length);
    }
    if (filter) { filter.addEventListener("input", draw); }
    if (min) { min.addEventListener("input", draw); }
    draw();
    return {draw: draw};
  }

  // the winnings graph of one player: an SVG polyline per line
  var SVG = "http://www.w3.org/2000/svg";
  function svg(tag, attrs, text) {
    var e = document.createElementNS(SVG, tag);
    Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) { e.textContent = String(text); }
    return e;
  }
  function nice(v) { var a = Math.abs(v); return a >= 1e6 ? (v / 1e6).toFixed(1) + "M" : a >= 1e4 ? v.toFixed(0) : v.toFixed(2); }
  function drawGraph(g) {
    var box = $("graph"), legend = $("legend");
    box.replaceChildren(); legend.replaceChildren();
    if (!g || !g.x.length) { $("graph-empty").hidden = false; return; }
    $("graph-empty").hidden = true;
    var W = 900, H = 380, L = 70, R = 15, T = 15, B = 35;
    var lo = 0, hi = 0;
    g.lines.forEach(function (l) { l.points.forEach(function (v) { if (v < lo) { lo = v; } if (v > hi) { hi = v; } }); });
    if (hi === lo) { hi = lo + 1; }
    var x0 = g.x[0], x1 = g.x[g.x.length - 1] === x0 ? x0 + 1 : g.x[g.x.length - 1];
    function X(v) { return L + (v - x0) / (x1 - x0) * (W - L - R); }
    function Y(v) { return T + (hi - v) / (hi - lo) * (H - T - B); }
    for (var k = 0; k <= 4; k++) {
      var v = lo + (hi - lo) * k / 4;
      box.appendChild(svg("line", {"class": "grid", x1: L, x2: W - R, y1: Y(v), y2: Y(v)}));
      box.appendChild(svg("text", {x: L - 6, y: Y(v) + 4, "text-anchor": "end"}, nice(v)));
    }
    box.appendChild(svg("line", {"class": "axis", x1: L, x2: W - R, y1: Y(0), y2: Y(0)}));
    box.appendChild(svg("line", {"class": "axis", x1: L, x2: L, y1: T, y2: H - B}));
    box.appendChild(svg("text", {x: L, y: H - 12}, x0));
    box.appendChild(svg("text", {x: W - R, y: H - 12, "text-anchor": "end"}, x1 + " hands"));
    g.lines.forEach(function (l) {
      var pts = l.points.map(function (v, i) { return X(g.x[i]).toFixed(1) + "," + Y(v).toFixed(1); }).join(" ");
      var line = svg("polyline", {points: pts, stroke: l.colour, "data-name": l.name});
      line.appendChild(svg("title", {}, l.label));
      box.appendChild(line);
      var item = el("li"), sw = el("span", "sw");
      sw.style.background = l.colour;
      item.appendChild(sw);
      item.appendChild(document.createTextNode(l.label + ": " + l.last + " " + g.currency));
      legend.appendChild(item);
    });
  }

  $("title").textContent = DATA.title;
  var s = DATA.summary, st = s.statuses || {};
  var parts = [s.files + " files", s.hands + " hands", (st.clean || 0) + " clean", (st.violations || 0) + " with violations",
               s.unparsed + " unparsed"];
  if (s.unverified) { parts.push(s.unverified + " left out of the statistics (unverified)"); }
  var other = Object.keys(s.other_games || {});
  if (other.length) { parts.push("no statistics for " + other.map(function (g) { return s.other_games[g] + " " + g; }).join(", ")); }
  $("summary").textContent = parts.join(" · ");
  (DATA.notices || []).forEach(function (n) { $("notices").appendChild(el("li", "", n)); });

  Table($("players"), DATA.players, {sort: "hands"});
  if (DATA.players.anonymous) {
    $("players").querySelector(".note").textContent = DATA.players.anonymous + " anonymous seat-hands (players named by seat) are not listed.";
  }
  Table($("positions"), DATA.positions, {sort: "hands"});
  if (DATA.positions.left_out) {
    $("positions-note").textContent = "The players with the most hands only: " + DATA.positions.left_out +
      " rows of other players are left out (handlog stats --by position lists every one).";
  }
  Table($("pots"), DATA.pots, {sort: "hands"});
  if (DATA.pots.left_out) {
    $("pots-note").textContent = "The players with the most hands only: " + DATA.pots.left_out +
      " rows of other players are left out (handlog stats --by pot lists every one).";
  }
  var select = $("graph-player");
  DATA.graph.forEach(function (g, i) {
    var o = el("option", "", g.player + " (" + g.site + ", " + g.currency + "): " + g.hands + " hands");
    o.value = String(i); select.appendChild(o);
  });
  select.addEventListener("change", function () { drawGraph(DATA.graph[Number(select.value)]); });
  drawGraph(DATA.graph[0]);
  if (DATA.tournaments) {
    $("tournaments").hidden = false; $("nav-tournaments").hidden = false;
    Table($("t-summary"), DATA.tournaments.summary, {sort: "tournaments"});
    Table($("t-results"), DATA.tournaments.results);
    if (DATA.tournaments.left_out) {
      $("t-note").textContent = DATA.tournaments.left_out + " results of other players are left out (the summaries " +
        "list every entrant; handlog tournaments lists every one).";
    }
  }
  DATA.codes.forEach(function (c) { $("codes").appendChild(el("li", "", c[1] + "  " + c[0])); });
  Table($("violations"), DATA.violations);
  document.body.dataset.ready = "1";
})();
