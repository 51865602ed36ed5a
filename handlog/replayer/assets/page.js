(function () {
  "use strict";
  var DATA = JSON.parse(document.getElementById("data").textContent);
  var hands = DATA.hands;
  var cur = -1, idx = 0, timer = null, seatEls = [], betEls = [], dealerEl = null;
  var COLORS = { s: "black", h: "red", d: "blue", c: "green" };
  var SUITS = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };
  function $(id) { return document.getElementById(id); }
  // A hand's states come as changes (handlog/replayer/html.py, compact_states): rebuilt when the hand is opened.
  function expand(h) {
    if (h.expanded) { return; }
    var full = [], before = null;
    h.states.forEach(function (d) {
      var st;
      if (before === null) { st = d; } else {
        st = Object.assign({}, before, d);
        st.action = d.action || null;
        st.violations = d.violations || [];
        st.step = d.step === undefined ? before.step + 1 : d.step;
        st.seats = before.seats.map(function (seat, k) {
          var c = d.seats && d.seats[String(k)];
          return c ? Object.assign({}, seat, c) : seat;
        });
      }
      full.push(st);
      before = st;
    });
    h.states = full;
    h.expanded = true;
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = text; }
    return e;
  }
  function clear(e) { while (e.firstChild) { e.removeChild(e.firstChild); } }

  function card(code) {
    var svg = $("card-tpl").content.firstElementChild.cloneNode(true);
    var rank = code.slice(0, -1), suit = code.slice(-1);
    svg.classList.add(COLORS[suit] || "black");
    svg.querySelector(".rank").textContent = rank === "T" ? "10" : rank;
    svg.querySelector(".pip").setAttribute("href", "#suit-" + suit);
    svg.setAttribute("aria-label", (rank === "T" ? "10" : rank) + " of " + (SUITS[suit] || suit));
    svg.setAttribute("data-card", code);
    return svg;
  }
  function back() { return $("back-tpl").content.firstElementChild.cloneNode(true); }
  function cards(box, list) { clear(box); list.forEach(function (c) { box.appendChild(card(c)); }); }

  function narrow() { return window.matchMedia("(max-width: 760px)").matches; }
  function point(k, n, rx, ry) {
    var a = Math.PI / 2 + 2 * Math.PI * k / n;
    return [50 + rx * Math.cos(a), 50 + ry * Math.sin(a)];
  }
  function heroSeat(h) {
    for (var i = 0; i < h.states.length; i++) {
      var a = h.states[i].action;
      if (a && a.kind === "deal_hole" && a.player) {
        for (var j = 0; j < h.seats.length; j++) { if (h.seats[j].name === a.player) { return h.seats[j].seat; } }
      }
    }
    return h.seats.length ? h.seats[0].seat : 1;
  }
  function place(h) {
    var n = Math.max(h.max_seats, 2), hero = heroSeat(h), thin = narrow();
    var sr = thin ? [37, 44] : [43, 40], br = thin ? [22, 27] : [28, 24], dr = thin ? [27, 33] : [33, 30];
    h.seats.forEach(function (s, j) {
      var k = ((s.seat - hero) % n + n) % n;
      var p = point(k, n, sr[0], sr[1]), b = point(k, n, br[0], br[1]);
      seatEls[j].style.left = p[0] + "%"; seatEls[j].style.top = p[1] + "%";
      betEls[j].style.left = b[0] + "%"; betEls[j].style.top = b[1] + "%";
      if (s.seat === h.button) {
        var d = point(k + 0.35, n, dr[0], dr[1]);
        dealerEl.style.left = d[0] + "%"; dealerEl.style.top = d[1] + "%";
      }
    });
  }

  function loadHand(k) {
    stop();
    cur = k;
    var h = hands[k], wrap = $("table-wrap");
    expand(h);
    Array.prototype.forEach.call(wrap.querySelectorAll(".seat, .bet, .dealer"), function (e) { e.remove(); });
    seatEls = []; betEls = [];
    h.seats.forEach(function (s) {
      var seat = el("div", "seat");
      seat.setAttribute("data-seat", s.seat);
      seat.setAttribute("data-name", s.name);
      var plate = el("div", "plate");
      plate.appendChild(el("span", "pos", s.position || ""));
      plate.appendChild(el("span", "name", s.name));
      plate.appendChild(el("span", "stack"));
      plate.appendChild(el("span", "tag"));
      seat.appendChild(el("div", "cards"));
      seat.appendChild(plate);
      seat.appendChild(el("div", "drawinfo"));
      if (h.hole_cards > 4) { seat.classList.add("many"); }
      var bet = el("div", "bet none");
      bet.setAttribute("data-name", s.name);
      bet.appendChild(el("span", "chip"));
      bet.appendChild(el("span", "amount"));
      wrap.appendChild(bet); wrap.appendChild(seat);
      seatEls.push(seat); betEls.push(bet);
    });
    dealerEl = el("div", "dealer", "D");
    if (h.button === null || !h.seats.some(function (s) { return s.seat === h.button; })) { dealerEl.hidden = true; }
    wrap.appendChild(dealerEl);
    place(h);
    $("hand-title").textContent = h.site + " hand " + h.hand_id;
    $("hand-sub").textContent = [h.game_name + " " + h.stakes, h.table ? "table " + h.table : "", h.time,
      h.file + ":" + h.line].filter(Boolean).join(" \u00b7 ");
    var err = $("hand-error");
    var why = h.error || (h.status === "not-replayed" ? h.violations.map(function (v) { return v.message; }).join("\n") : "");
    err.textContent = why; err.hidden = !why;
    $("stage").hidden = h.states.length === 0;
    $("log-box").hidden = h.states.length === 0;
    var slider = $("slider");
    slider.max = Math.max(h.states.length - 1, 0);
    var marks = $("marks"); clear(marks);
    var log = $("log"); clear(log);
    h.states.forEach(function (st, i) {
      var worst = st.violations.some(function (v) { return v.severity === "error"; }) ? "error" :
        (st.violations.length ? "warning" : "");
      if (worst) {
        var m = el("span", worst);
        m.style.left = (h.states.length > 1 ? 100 * i / (h.states.length - 1) : 0) + "%";
        marks.appendChild(m);
      }
      var text = st.action ? (st.action.player ? st.action.player + " " : "") + st.action.text : st.label;
      var li = el("li", worst === "error" ? "bad" : (worst ? "odd" : ""), st.label + ": " + text);
      li.addEventListener("click", function () { stop(); show(i); });
      log.appendChild(li);
    });
    Array.prototype.forEach.call($("hands").children, function (li) {
      li.classList.toggle("current", Number(li.getAttribute("data-index")) === k);
    });
    show(0);
  }

  function show(i) {
    var h = hands[cur];
    if (!h.states.length) { return; }
    idx = Math.max(0, Math.min(i, h.states.length - 1));
    var st = h.states[idx], app = $("app");
    app.setAttribute("data-step", st.step);
    app.setAttribute("data-index", idx);
    $("street").textContent = st.label;
    cards($("board"), st.board);
    cards($("board2"), st.board2);
    $("board").classList.toggle("two", st.board2.length > 0);
    var total = $("pot-total");
    total.textContent = "Pot " + st.pot;
    total.setAttribute("data-amount", st.pot);
    var pots = $("pots"); clear(pots);
    var winners = {};
    // one pot and nobody paid yet: the total says it all (the bets are in front of the players)
    var listed = st.pots.length > 1 || st.pots.some(function (p) { return p.winners.length > 0; });
    (listed ? st.pots : []).forEach(function (p, k) {
      var li = el("li", "pot");
      li.setAttribute("data-index", k);
      li.appendChild(el("span", "name", p.name + " "));
      li.appendChild(el("span", "amount", p.amount));
      if (st.pots.length > 1) { li.appendChild(el("span", "elig", " (" + p.eligible.join(", ") + ")")); }
      if (p.winners.length) { li.appendChild(el("span", "won", " \u2192 " + p.winners.join(", "))); }
      p.winners.forEach(function (w) { winners[w] = true; });
      pots.appendChild(li);
    });
    var actor = st.action ? st.action.player : null;
    h.seats.forEach(function (info, j) {
      var s = st.seats[j], seat = seatEls[j];
      seat.querySelector(".stack").textContent = s.stack;
      var tag = !s.in_hand ? "out" : (s.folded ? "folded" : (s.all_in ? "all-in" : ""));
      seat.querySelector(".tag").textContent = tag;
      seat.classList.toggle("folded", s.folded);
      seat.classList.toggle("out", !s.in_hand);
      seat.classList.toggle("to-act", st.to_act === info.name);
      seat.classList.toggle("actor", actor === info.name);
      seat.classList.toggle("offender", actor === info.name && st.violations.length > 0);
      seat.classList.toggle("winner", !!winners[info.name] && idx === h.states.length - 1);
      var box = seat.querySelector(".cards");
      if (s.cards.length) { cards(box, s.cards); } else {
        clear(box);
        if (st.dealt && s.in_hand && !s.folded) { for (var c = 0; c < h.hole_cards; c++) { box.appendChild(back()); } }
      }
      var draw = seat.querySelector(".drawinfo"); clear(draw);
      if (s.draw) {
        draw.appendChild(el("span", "", s.draw.count ? "drew " + s.draw.count : "stands pat"));
        if (s.draw.discarded.length) { draw.appendChild(el("span", "", "out")); s.draw.discarded.forEach(function (c) { draw.appendChild(card(c)); }); }
        if (s.draw.received.length) { draw.appendChild(el("span", "", "in")); s.draw.received.forEach(function (c) { draw.appendChild(card(c)); }); }
      }
      var bet = betEls[j];
      bet.querySelector(".amount").textContent = s.bet;
      bet.classList.toggle("none", !s.bet);
    });
    var action = $("action"); clear(action);
    if (st.action) {
      if (st.action.player) { action.appendChild(el("span", "who", st.action.player + " ")); }
      action.appendChild(el("span", "what", st.action.text));
      action.appendChild(el("span", "line", "line " + st.line));
    } else {
      action.appendChild(el("span", "what", h.seats.length + " players seated"));
    }
    var vs = $("violations"); clear(vs);
    st.violations.forEach(function (v) {
      var li = el("li", v.severity);
      li.appendChild(el("code", "", v.code));
      li.appendChild(el("span", "", " " + v.severity + " (line " + v.line + "): " + v.message));
      vs.appendChild(li);
    });
    $("slider").value = idx;
    $("counter").textContent = (idx + 1) + " / " + h.states.length;
    Array.prototype.forEach.call($("log").children, function (li, k) { li.classList.toggle("current", k === idx); });
  }

  function step(d) { if (cur >= 0) { show(idx + d); } }
  function stop() { if (timer !== null) { clearInterval(timer); timer = null; } $("play").textContent = "\u25B6 play"; }
  function play() {
    var h = hands[cur];
    if (timer !== null) { stop(); return; }
    if (idx >= h.states.length - 1) { show(0); }
    $("play").textContent = "\u275A\u275A pause";
    timer = setInterval(function () {
      if (idx >= hands[cur].states.length - 1) { stop(); } else { show(idx + 1); }
    }, 1100);
  }
  function nextViolation() {
    var h = hands[cur], n = h.states.length;
    for (var k = 1; k <= n; k++) { var j = (idx + k) % n; if (h.states[j].violations.length) { show(j); return; } }
  }

  function visibleHands() {
    return Array.prototype.filter.call($("hands").children, function (li) { return !li.hidden; })
      .map(function (li) { return Number(li.getAttribute("data-index")); });
  }
  function moveHand(d) {
    var list = visibleHands(), at = list.indexOf(cur);
    if (!list.length) { return; }
    var k = at < 0 ? 0 : Math.max(0, Math.min(list.length - 1, at + d));
    loadHand(list[k]);
  }
  function filterList() {
    var only = $("only-violations").checked, q = $("filter").value.trim().toLowerCase(), shown = 0;
    Array.prototype.forEach.call($("hands").children, function (li) {
      var h = hands[Number(li.getAttribute("data-index"))];
      var hit = !q || h.hand_id.toLowerCase().indexOf(q) >= 0 || (h.site || "").toLowerCase().indexOf(q) >= 0 ||
        h.seats.some(function (s) { return s.name.toLowerCase().indexOf(q) >= 0; });
      li.hidden = !(hit && (!only || h.violations.length > 0));
      if (!li.hidden) { shown++; }
    });
    $("list-count").textContent = shown + " of " + hands.length + " hands";
  }
  function buildList() {
    var list = $("hands");
    hands.forEach(function (h, k) {
      var errors = h.violations.some(function (v) { return v.severity === "error"; });
      var li = el("li", h.status === "unparsed" || errors ? "bad" : (h.violations.length ? "odd" : ""));
      li.setAttribute("data-index", k);
      li.setAttribute("data-status", h.status);
      li.appendChild(el("strong", "", h.hand_id + " "));
      var label = h.status === "violations" ? h.violations.length + " violation" + (h.violations.length > 1 ? "s" : "") :
        h.status.replace("-", " ");
      li.appendChild(el("span", "badge " + h.status, label));
      // a player is (site, name): the list says which site each hand, and so each name in it, belongs to
      li.appendChild(el("span", "meta", [h.site, (h.game_name + " " + h.stakes).trim(), h.time].filter(Boolean)
        .join(" \u00b7 ")));
      li.addEventListener("click", function () { loadHand(k); });
      list.appendChild(li);
    });
    $("only-violations").addEventListener("change", filterList);
    $("filter").addEventListener("input", filterList);
    filterList();
  }

  $("first").addEventListener("click", function () { stop(); show(0); });
  $("prev").addEventListener("click", function () { stop(); step(-1); });
  $("next").addEventListener("click", function () { stop(); step(1); });
  $("last").addEventListener("click", function () { stop(); show(hands[cur].states.length - 1); });
  $("play").addEventListener("click", play);
  $("slider").addEventListener("input", function () { stop(); show(Number($("slider").value)); });
  // a button clicked with the mouse gives the focus back, so that space and Enter keep their page-wide meaning
  Array.prototype.forEach.call(document.querySelectorAll("#controls button"), function (b) {
    b.addEventListener("click", function (e) { if (e.detail > 0) { b.blur(); } });
  });
  var SLIDER_KEYS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"];
  document.addEventListener("keydown", function (e) {
    var t = e.target || {}, k = e.key;
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    if (t.tagName === "INPUT" && t.type !== "checkbox" && (t.type !== "range" || SLIDER_KEYS.indexOf(k) >= 0)) {
      return;  // typing in the filter, or the slider moving itself (its input event shows the step)
    }
    if (t.tagName === "BUTTON" && (k === " " || k === "Enter")) { return; }  // the focused button's own action
    if (k === "ArrowRight" || k === "Enter") { stop(); step(1); }
    else if (k === "ArrowLeft") { stop(); step(-1); }
    else if (k === " ") { play(); }
    else if (k === "Home") { stop(); show(0); }
    else if (k === "End") { stop(); show(hands[cur].states.length - 1); }
    else if (k === "v") { stop(); nextViolation(); }
    else if (DATA.listing && k === "]") { moveHand(1); }
    else if (DATA.listing && k === "[") { moveHand(-1); }
    else { return; }
    e.preventDefault();
  });
  window.addEventListener("resize", function () { if (cur >= 0) { place(hands[cur]); } });

  if (DATA.listing) {
    $("list").hidden = false;
    $("hand-keys").hidden = false;
    buildList();
  }
  // a link may name the hand to open: page.html#hand=N (N from 0, in the page's order), and with &violation its
  // first violation's step (the report links so)
  function openFromHash() {
    var m = /^#hand=(\d+)(&violation)?$/.exec(window.location.hash), k = m ? Number(m[1]) : -1;
    if (k < 0 || k >= hands.length) { return false; }
    loadHand(k);
    if (m[2]) { nextViolation(); }
    return true;
  }
  window.addEventListener("hashchange", openFromHash);
  if (hands.length && !openFromHash()) { loadHand(0); }
})();
