/*
 * The local signing page (signing.local-page.ts): signature_pad on the canvas, 'Wijzigen' clears it and
 * 'Ondertekenen' puts the drawing into the form as a PNG data URL. A file, not an inline script: the
 * portal's CSP allows scripts from the portal only.
 */
/* global document, window, SignaturePad */
(function () {
  'use strict';
  var form = document.getElementById('sign-form');
  var canvas = document.getElementById('signature-pad');
  if (!form || !canvas || typeof SignaturePad === 'undefined') return;
  var input = form.querySelector('input[name="signature"]');
  var error = document.getElementById('signature-error');
  var clear = document.getElementById('signature-clear');
  var submit = document.getElementById('signature-submit');
  var pad = new SignaturePad(canvas, { penColor: '#14213d', minWidth: 1, maxWidth: 2.8 });
  var width = 0;

  // A sharp drawing on every screen: the canvas's pixels follow its size and the device's pixel ratio.
  // Only a change of width redraws (a phone's address bar hiding changes the height of the window only).
  function resize() {
    if (canvas.offsetWidth === width) return;
    width = canvas.offsetWidth;
    var ratio = Math.max(window.devicePixelRatio || 1, 1);
    var data = pad.toData();
    canvas.width = canvas.offsetWidth * ratio;
    canvas.height = canvas.offsetHeight * ratio;
    canvas.getContext('2d').scale(ratio, ratio);
    pad.clear();
    pad.fromData(data);
  }
  window.addEventListener('resize', resize);
  resize();

  pad.addEventListener('beginStroke', function () {
    error.textContent = '';
  });
  clear.addEventListener('click', function () {
    pad.clear();
    input.value = '';
    error.textContent = '';
  });
  form.addEventListener('submit', function (event) {
    if (pad.isEmpty()) {
      event.preventDefault();
      error.textContent = error.getAttribute('data-required');
      return;
    }
    input.value = pad.toDataURL('image/png');
    submit.disabled = true; // one signature per click, however impatient
  });
})();
