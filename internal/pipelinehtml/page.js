// The page's script: builds each column's lines from the JSON data only
// when they scroll into view, and highlights what is clicked.
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("data").textContent);
  var CHUNK = 200, LH = 16;
  var TOKEN = /(%[A-Za-z0-9_.$-]+(?:#\d+)?)|(\^[A-Za-z0-9_.$-]+)|(@[A-Za-z0-9_.$-]+)/g;
  // The highlight: per column the highlighted names, and the location of
  // the highlighted op (or -1).
  var hl = { names: {}, loc: -1 };
  var sections = document.querySelectorAll("section.col");
  var observer = new IntersectionObserver(function (entries) {
    entries.forEach(function (e) {
      if (e.isIntersecting) { fill(e.target); observer.unobserve(e.target); }
    });
  });

  // Placeholders of CHUNK lines each, filled when they come into view.
  sections.forEach(function (sec) {
    var k = +sec.dataset.col, col = D.cols[k], body = sec.querySelector(".body");
    for (var s = 0; s < col.lines.length; s += CHUNK) {
      var ch = document.createElement("div");
      ch.className = "chunk";
      ch.dataset.start = s;
      var n = Math.min(CHUNK, col.lines.length - s);
      ch.style.height = (n * LH) + "px";
      ch.style.containIntrinsicSize = "auto " + (n * LH) + "px";
      body.appendChild(ch);
      observer.observe(ch);
    }
  });

  function baseName(t) { var i = t.indexOf("#"); return i < 0 ? t : t.slice(0, i); }

  function fill(ch) {
    var sec = ch.closest("section"), k = +sec.dataset.col, col = D.cols[k];
    var start = +ch.dataset.start, end = Math.min(start + CHUNK, col.lines.length);
    var frag = document.createDocumentFragment(), names = hl.names[k] || {};
    for (var i = start; i < end; i++) {
      var div = document.createElement("div"), text = col.lines[i], m, last = 0;
      div.className = "ln" + (col.marks[i] === "+" ? " add" : col.marks[i] === "~" ? " chg" : "");
      div.dataset.i = i;
      if (col.locs[i] >= 0) {
        div.dataset.loc = D.locs[col.locs[i]];
        if (col.locs[i] === hl.loc) div.classList.add("hlline");
      }
      TOKEN.lastIndex = 0;
      while ((m = TOKEN.exec(text)) !== null) {
        if (m.index > last) div.appendChild(document.createTextNode(text.slice(last, m.index)));
        var sp = document.createElement("span");
        sp.textContent = m[0];
        sp.className = m[1] ? "v" : m[2] ? "b" : "s";
        if (!m[3]) {
          sp.dataset.v = baseName(m[0]);
          if (names[sp.dataset.v]) sp.classList.add("hl");
        }
        div.appendChild(sp);
        last = m.index + m[0].length;
      }
      if (last < text.length) div.appendChild(document.createTextNode(text.slice(last)));
      frag.appendChild(div);
    }
    ch.textContent = "";
    ch.style.height = "";
    ch.appendChild(frag);
  }

  // tokensOf returns the value names on line i of column k, in order.
  function tokensOf(k, i) {
    var out = [], m, text = D.cols[k].lines[i];
    TOKEN.lastIndex = 0;
    while ((m = TOKEN.exec(text)) !== null) if (m[1]) out.push(baseName(m[1]));
    return out;
  }

  // defLine returns the first line of column k where name appears: in
  // SSA text a value's definition comes before its uses.
  function defLine(k, name) {
    var lines = D.cols[k].lines, re = new RegExp("(^|[^A-Za-z0-9_.$%-])" + name.replace(/[.$^]/g, "\\$&") + "(?![A-Za-z0-9_.$-])");
    for (var i = 0; i < lines.length; i++) if (re.test(lines[i])) return i;
    return -1;
  }

  // opOf returns the name of the op on a line ("arith.addf").
  function opOf(text) {
    var m = /^\s*(?:[%^][^=]*= )?([A-Za-z_][\w.]*)/.exec(text);
    return m ? m[1] : "";
  }

  // counterpart returns the line of column c that stands for the op named
  // op at location loc in another column: a line of that location with
  // the same op, else the last one that defines values at the outermost
  // depth among them (the op that replaced it, after a lowering that
  // wrote several ops), else the first one; -1 if none.
  function counterpart(c, loc, op) {
    var first = -1, best = -1, bestIndent = 1e9;
    for (var i = 0; i < c.lines.length; i++) {
      if (c.locs[i] !== loc) continue;
      var text = c.lines[i];
      if (opOf(text) === op) return i;
      if (first < 0) first = i;
      var indent = text.length - text.replace(/^\s+/, "").length;
      if (/^\s*%/.test(text) && indent <= bestIndent) { best = i; bestIndent = indent; }
    }
    return best >= 0 ? best : first;
  }

  function apply() {
    sections.forEach(function (sec) {
      var k = +sec.dataset.col, names = hl.names[k] || {};
      sec.querySelectorAll(".hl").forEach(function (e) { e.classList.remove("hl"); });
      sec.querySelectorAll(".hlline").forEach(function (e) { e.classList.remove("hlline"); });
      sec.querySelectorAll("span[data-v]").forEach(function (e) { if (names[e.dataset.v]) e.classList.add("hl"); });
      if (hl.loc >= 0) {
        var loc = D.locs[hl.loc];
        sec.querySelectorAll(".ln[data-loc]").forEach(function (e) { if (e.dataset.loc === loc) e.classList.add("hlline"); });
      }
    });
  }

  // clickValue highlights name in column k and, through the location of
  // the op (or function) that defines it, its counterpart in the others:
  // the value at the same position among the names on that op's line.
  function clickValue(k, name) {
    hl = { names: {}, loc: -1 };
    hl.names[k] = {}; hl.names[k][name] = true;
    if (name[0] === "^") {
      D.cols.forEach(function (c, j) { hl.names[j] = hl.names[j] || {}; hl.names[j][name] = true; });
      apply();
      return;
    }
    var d = defLine(k, name);
    var loc = d >= 0 ? D.cols[k].locs[d] : -1;
    if (loc >= 0) {
      var pos = tokensOf(k, d).indexOf(name), op = opOf(D.cols[k].lines[d]);
      D.cols.forEach(function (c, j) {
        if (j === k) return;
        var i = counterpart(c, loc, op);
        if (i < 0) return;
        var t = tokensOf(j, i);
        if (pos < t.length) { hl.names[j] = {}; hl.names[j][t[pos]] = true; }
      });
    }
    apply();
  }

  document.getElementById("cols").addEventListener("click", function (ev) {
    var t = ev.target, coll = t.closest("section.collapsed");
    if (coll) { coll.classList.toggle("open"); return; }
    var sec = t.closest("section.col");
    if (!sec) return;
    var k = +sec.dataset.col;
    if (t.dataset && t.dataset.v) { clickValue(k, t.dataset.v); return; }
    var ln = t.closest(".ln");
    if (!ln) return;
    var i = +ln.dataset.i;
    hl = { names: {}, loc: D.cols[k].locs[i] };
    apply();
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape") { hl = { names: {}, loc: -1 }; apply(); }
  });
})();
