// Charts of the playbook statistics page (Chart.js, served from the project). The numbers
// come from a JSON attribute rendered by the page (escaped by the template): no inline script at all.
(function () {
  "use strict";
  var COLOURS = { accepted: "#1e7a3c", revised: "#1f5fa8", rejected: "#b3261e", open: "#9aa3b1" };

  function draw(canvas) {
    var source = document.getElementById(canvas.dataset.source);
    if (!source || !window.Chart) return;
    var all = JSON.parse(source.dataset.json);
    var data = all[canvas.dataset.chart];
    if (!data || !data.labels.length) return;
    var horizontal = canvas.dataset.chart === "rules";
    // Chart.js gives the axis of names at most about half the chart and cuts what does not fit
    // at its left edge ("rmination-for-convenience"). A name too long for that room is
    // shortened at its end instead ("vendor-terminati…"); the tooltip shows it whole.
    function shortened(value) {
      var label = String(this.getLabelForValue(value));
      var room = Math.max(8, Math.floor(canvas.clientWidth / 2 / 7.5));
      return label.length > room ? label.slice(0, room - 1) + "\u2026" : label;
    }
    var nameTicks = { precision: 0, callback: shortened };
    var countTicks = { precision: 0 };
    if (horizontal) canvas.parentElement.classList.add("rows-" + Math.min(data.labels.length, 40));
    new window.Chart(canvas, {
      type: "bar",
      data: {
        labels: data.labels,
        datasets: data.datasets.map(function (set) {
          return { label: set.label, data: set.data, backgroundColor: COLOURS[set.key] || "#5d6675" };
        })
      },
      options: {
        indexAxis: horizontal ? "y" : "x",
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: {
          x: { stacked: true, ticks: horizontal ? countTicks : nameTicks },
          y: { stacked: true, ticks: horizontal ? nameTicks : countTicks }
        },
        plugins: { legend: { position: "bottom" } }
      }
    });
    canvas.dataset.drawn = "true";
  }

  function init() {
    document.querySelectorAll("canvas[data-chart]").forEach(draw);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
