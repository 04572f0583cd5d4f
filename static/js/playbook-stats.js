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
        scales: { x: { stacked: true, ticks: { precision: 0 } }, y: { stacked: true, ticks: { precision: 0 } } },
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
