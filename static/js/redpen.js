// Redpen's only hand-written script: global HTMX error reporting and keyboard shortcuts.
// No inline scripts anywhere (the Content-Security-Policy forbids them).
(function () {
  "use strict";

  function showMessage(text, level) {
    var box = document.getElementById("messages");
    if (!box) return;
    var item = document.createElement("div");
    item.className = "message message-" + (level || "error");
    item.setAttribute("role", "alert");
    item.textContent = text;
    box.appendChild(item);
  }
  window.redpenShowMessage = showMessage;

  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail.xhr;
    var status = xhr ? xhr.status : 0;
    var text;
    if (status === 403) text = "You are not allowed to do that, or your session expired: reload the page.";
    else if (status === 404) text = "That item no longer exists or is not yours.";
    else if (status === 413) text = "That file is too large.";
    else if (status >= 500) text = "The server hit an error (" + status + "). Nothing was lost: reload to see the current state.";
    else text = "The request failed (" + status + "). Reload to see the current state.";
    showMessage(text, "error");
  });
  document.addEventListener("htmx:sendError", function () {
    showMessage("The server could not be reached. Check your connection and try again.", "error");
  });

  // Phones: a table marked .stack-sm shows each row as a small card with every cell under its
  // column's name (static/css/redpen.css). The names come from the table's own header, so a
  // template only adds the class; without this script the table scrolls inside its card.
  function labelTables() {
    document.querySelectorAll("table.stack-sm").forEach(function (table) {
      // A header hidden on screen (a column of buttons or links that say what they do) gives
      // no name on the phone either.
      var heads = Array.prototype.map.call(table.querySelectorAll("thead th"), function (th) {
        return th.querySelector(".visually-hidden") ? "" : th.textContent.trim();
      });
      table.querySelectorAll("tbody tr").forEach(function (tr) {
        Array.prototype.forEach.call(tr.children, function (cell, i) {
          if (!heads[i] || cell.hasAttribute("colspan")) return;
          cell.setAttribute("data-label", heads[i]);
          // A short value (a badge, a date, a number) sits on its name's line.
          if (cell.textContent.trim().length <= 24 && !cell.querySelector("p, div, br, form, ul, ol, table")) {
            cell.classList.add("cell-short");
          }
        });
      });
      table.setAttribute("data-labelled", "");
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", labelTables);
  else labelTables();
  document.addEventListener("htmx:load", labelTables);

  // Keyboard shortcuts: any element with data-shortcut="k" is clicked (or focused, for
  // inputs) when k is pressed outside a text field.
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    var tag = target && target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (target && target.isContentEditable)) {
      if (event.key === "Escape" && target.blur) target.blur();
      return;
    }
    var el = document.querySelector('[data-shortcut="' + CSS.escape(event.key) + '"]');
    if (!el || el.disabled) return;
    event.preventDefault();
    var details = el.closest("details");
    if (details) details.open = true;
    if (el.tagName === "INPUT" || el.tagName === "TEXTAREA") el.focus();
    else el.click();
  });

  // ---- The contract beside the card ------------------------------------------------------
  function grid() { return document.getElementById("review-grid"); }

  function setView(view) {
    var g = grid();
    if (!g) return;
    g.setAttribute("data-view", view);
    g.querySelectorAll(".view-switch button").forEach(function (b) {
      b.setAttribute("aria-pressed", b.getAttribute("data-view") === view ? "true" : "false");
    });
  }

  function scrollContractTo(locator) {
    var pane = document.getElementById("contract-pane");
    if (!pane || !locator) return;
    var target = document.getElementById("ctr-" + locator);
    if (!target) return;
    pane.querySelectorAll(".ctr-focus").forEach(function (e) { e.classList.remove("ctr-focus"); });
    target.classList.add("ctr-focus");
    // Scroll inside the pane only (it scrolls on its own beside the card).
    pane.scrollTop = target.offsetTop - pane.offsetTop - 24;
  }

  function markCurrent() {
    var card = document.getElementById("card");
    var pane = document.getElementById("contract-pane");
    if (!pane) return;
    pane.querySelectorAll(".hl.current").forEach(function (e) { e.classList.remove("current"); });
    if (!card) return;
    var rec = card.getAttribute("data-recommendation");
    if (rec) pane.querySelectorAll('.hl[data-rec="' + CSS.escape(rec) + '"]').forEach(function (e) {
      e.classList.add("current");
    });
    scrollContractTo(card.getAttribute("data-locator"));
  }

  function applyFilters() {
    var sev = document.getElementById("filter-severity");
    var st = document.getElementById("filter-status");
    var want = { severity: sev ? sev.value : "", status: st ? st.value : "" };
    function keep(el) {
      return (!want.severity || el.getAttribute("data-severity") === want.severity) &&
        (!want.status || el.getAttribute("data-status") === want.status);
    }
    document.querySelectorAll("#rec-list li").forEach(function (li) { li.hidden = !keep(li); });
    document.querySelectorAll("#contract-pane .hl[data-rec]").forEach(function (a) {
      a.classList.toggle("filtered-out", !keep(a));
    });
  }

  document.addEventListener("change", function (event) {
    var id = event.target && event.target.id;
    if (id === "filter-severity" || id === "filter-status") {
      // Filters survive the swaps of the sidebar (kept on the grid).
      var g = grid();
      if (g) g.setAttribute("data-" + id, event.target.value);
      applyFilters();
    }
  });

  function restoreFilters() {
    var g = grid();
    if (!g) return;
    ["filter-severity", "filter-status"].forEach(function (id) {
      var el = document.getElementById(id);
      var value = g.getAttribute("data-" + id);
      if (el && value !== null) el.value = value;
    });
    applyFilters();
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".view-switch button");
    if (button) { setView(button.getAttribute("data-view")); if (button.getAttribute("data-view") === "contract") markCurrent(); return; }
    var show = event.target.closest && event.target.closest("a.show-in-contract");
    if (show) {
      event.preventDefault();
      setView("contract");
      scrollContractTo(show.getAttribute("data-locator"));
      return;
    }
    var mark = event.target.closest && event.target.closest("#contract-pane a.hl");
    if (mark) setView("card");
  });

  // After a decision (or opening another recommendation) the next card replaces this one where
  // the lawyer was: on a phone that is the bottom of a long card, so the new card's title would
  // be above the screen. Bring its top back into view, below the sticky Card/Contract switch.
  // Only for what the lawyer did: the 1 s polling of a revision in progress never scrolls.
  var CARD_MOVES = "#card form, #card a, #rec-list a, #contract-pane a.hl";
  function bringCardIntoView(detail) {
    var card = document.getElementById("card");
    var config = detail && detail.requestConfig;
    var source = config && config.elt;
    if (!card || !source || !source.matches || !(config.verb === "post" || source.matches(CARD_MOVES))) return;
    if (source.closest && source.closest("#contract-pane") && grid() && grid().getAttribute("data-view") === "contract") return;
    var bar = document.querySelector(".view-switch");
    var offset = (bar && bar.offsetParent ? bar.offsetHeight : 0) + 8;
    var top = card.getBoundingClientRect().top;
    if (top < offset) window.scrollBy(0, top - offset);
  }

  document.addEventListener("htmx:afterSettle", function (event) {
    markCurrent();
    restoreFilters();
    wireWording();
    bringCardIntoView(event.detail);
  });
  document.addEventListener("DOMContentLoaded", function () {
    setView("card");
    restoreFilters();
    wireWording();
  });

  // ---- Edit in place: a live word-level redline of the lawyer's own wording ------------------
  function tokens(text) { return text.match(/\s+|[^\s]+/g) || []; }

  function wordDiff(a, b) {
    var x = tokens(a), y = tokens(b);
    if (x.length * y.length > 400000) return [[-1, a], [1, b]];
    var n = x.length, m = y.length, i, j;
    var lcs = [];
    for (i = 0; i <= n; i++) { lcs.push(new Uint16Array(m + 1)); }
    for (i = n - 1; i >= 0; i--) {
      for (j = m - 1; j >= 0; j--) {
        lcs[i][j] = x[i] === y[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
      }
    }
    var out = [];
    function push(op, text) {
      if (out.length && out[out.length - 1][0] === op) out[out.length - 1][1] += text;
      else out.push([op, text]);
    }
    i = 0; j = 0;
    while (i < n && j < m) {
      if (x[i] === y[j]) { push(0, x[i]); i++; j++; }
      else if (lcs[i + 1][j] >= lcs[i][j + 1]) { push(-1, x[i]); i++; }
      else { push(1, y[j]); j++; }
    }
    while (i < n) { push(-1, x[i]); i++; }
    while (j < m) { push(1, y[j]); j++; }
    return out;
  }

  function renderWording(area) {
    var box = document.getElementById("wording-redline");
    if (!box) return;
    var parts = wordDiff(area.getAttribute("data-before") || "", area.value);
    box.textContent = "";
    parts.forEach(function (part) {
      var node = part[0] === 0 ? document.createTextNode(part[1]) : document.createElement(part[0] < 0 ? "del" : "ins");
      if (part[0] !== 0) node.textContent = part[1];
      box.appendChild(node);
    });
  }

  function wireWording() {
    var area = document.getElementById("wording");
    if (!area || area.getAttribute("data-wired")) return;
    area.setAttribute("data-wired", "1");
    area.addEventListener("input", function () { renderWording(area); });
  }
})();
