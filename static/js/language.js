/* Atout — the language menu switches as soon as a language is chosen (the OK button
   inside <noscript> does it without JavaScript). A file, not an onchange attribute:
   the Content-Security-Policy forbids inline script. */
(function () {
  "use strict";
  document.querySelectorAll("select[data-submit-on-change]").forEach(function (select) {
    select.addEventListener("change", function () {
      select.form.submit();
    });
  });
})();
