// The authoring page opened from a suggestion: put the caret on the rule's line and scroll
// the YAML there, so the author starts editing where the numbers point.
(function () {
  "use strict";
  function focusLine() {
    var area = document.querySelector("textarea[data-focus-line]");
    if (!area) return;
    var line = parseInt(area.dataset.focusLine, 10);
    if (!line || line < 1) return;
    var lines = area.value.split("\n");
    var offset = 0;
    for (var i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
    area.focus();
    area.setSelectionRange(offset, offset + (lines[line - 1] || "").length);
    var height = parseFloat(window.getComputedStyle(area).lineHeight) || 18;
    area.scrollTop = Math.max(0, (line - 3) * height);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", focusLine);
  else focusLine();
})();
