/**
 * The sandbox insurance carrier's hand-off page, framed by the insurance step's iframe-content
 * view: the buyer confirms the policy with the carrier, and the page tells the app the policy
 * number by window message (only to the app origin it was given).
 */
export function carrierPage(): string {
  const script = `
  const query = new URLSearchParams(location.search);
  const parentOrigin = query.get('parentOrigin');
  const quoteId = query.get('quoteId') || '';
  document.getElementById('quote').textContent = quoteId.replace(/-/g, ' ');
  const send = (name, payload = {}) => parentOrigin && parent.postMessage({ carrier: 'sandbox', quoteId, name, payload }, parentOrigin);
  let bound = null;
  document.getElementById('bind').onclick = () => {
    bound = bound || 'SBX-' + Math.random().toString(36).slice(2, 10).toUpperCase();
    document.getElementById('result').textContent = 'Policy ' + bound + ' is active.';
    send('policy-bound', { policyNumber: bound });
  };
  document.getElementById('later').onclick = () => send('closed');
  // The app asks where things stand whenever it starts listening (a page drawn again, a message it missed): a bound
  // policy is told again, so confirming is never lost between the frame and the app.
  addEventListener('message', (event) => {
    if (event.origin === parentOrigin && event.data && event.data.name === 'hello' && bound) send('policy-bound', { policyNumber: bound });
  });
  // The buttons answer once this script has given them their work: a click before then would do nothing.
  for (const button of document.querySelectorAll('button')) button.disabled = false;`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Confirm your policy (sandbox carrier)</title><style>
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f2933} main{padding:24px;max-width:520px;margin:0 auto}
h1{font-size:1.3rem} dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem} dt{font-weight:600}
button{font:inherit;border-radius:8px;padding:.7rem 1rem;border:1px solid #1f5f8b;background:#1f5f8b;color:#fff;cursor:pointer;margin:.5rem .5rem 0 0}
button.secondary{background:#fff;color:#1f5f8b} button:focus-visible{outline:3px solid #f0b429;outline-offset:2px}
</style></head><body><main>
<h1>Confirm your policy</h1><p>Sandbox carrier. Confirming starts the policy on the day you take the car.</p>
<dl><dt>Quote</dt><dd id="quote"></dd><dt>Starts</dt><dd>On delivery or pickup</dd></dl>
<button id="bind" type="button" disabled>Confirm and start my policy</button><button id="later" class="secondary" type="button" disabled>Not now</button>
<p id="result" role="status"></p>
</main><script>${script}</script></body></html>`;
}
