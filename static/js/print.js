/* A « Print » button where the page asks for one (hidden without JavaScript: the browser's
   own menu prints the page as well). */
(function () {
  "use strict";
  document.querySelectorAll("[data-print]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () { window.print(); });
  });
})();
