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
    if (el.tagName === "INPUT" || el.tagName === "TEXTAREA") el.focus();
    else el.click();
  });
})();
