/**
 * The sandbox verification widget: the page the app frames at `{host}/widget?{options}`. It
 * speaks the widget's message protocol (src/domain/verification-widget.ts) — load, ready,
 * start, page-change, country-select, document and selfie capture, verification-change,
 * complete, fail, exit, error — and lets a tester choose the outcome. Nothing is photographed.
 */

export const SANDBOX_STYLE = `
  *{box-sizing:border-box} body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f2933;background:#fff}
  main{padding:24px;max-width:420px;margin:0 auto} h1{font-size:1.35rem;margin:0 0 .5rem} p{margin:.25rem 0 1rem;color:#52606d}
  .bar{display:flex;justify-content:space-between;align-items:center;padding:12px 16px;border-bottom:1px solid #e4e7eb;font-size:.85rem;color:#52606d}
  button{font:inherit;border-radius:8px;padding:.7rem 1rem;border:1px solid #9aa5b1;background:#fff;cursor:pointer;width:100%;margin:.35rem 0}
  button.primary{background:#1f5f8b;border-color:#1f5f8b;color:#fff} button.danger{border-color:#b42318;color:#b42318}
  button:focus-visible,select:focus-visible{outline:3px solid #f0b429;outline-offset:2px}
  #cancel{width:auto;margin:0;padding:.3rem .7rem} label{display:block;font-weight:600;margin:.5rem 0 .25rem}
  select{font:inherit;width:100%;padding:.6rem;border-radius:8px;border:1px solid #9aa5b1;margin-bottom:1rem}
  .shot{border:2px dashed #9aa5b1;border-radius:12px;padding:28px;text-align:center;color:#52606d;margin:.5rem 0 1rem}
  .done{color:#0f7b3f}`;

export function widgetPage(config: { apiBase: string }): string {
  const script = `
  const query = new URLSearchParams(location.search);
  const parentOrigin = query.get('parentOrigin');
  const base = { widget: 'verification', containerId: query.get('containerId') };
  if (query.get('templateId')) base.templateId = query.get('templateId');
  if (query.get('templateVersionId')) base.templateVersionId = query.get('templateVersionId');
  const fields = {};
  for (const [key, value] of query) { const m = /^fields\\[(.+)\\]$/.exec(key); if (m) fields[m[1]] = value; }
  let inquiry = null;
  const send = (name, payload = {}) => parentOrigin && parent.postMessage({ ...base, name, payload }, parentOrigin);
  const main = document.querySelector('main');
  const api = ${JSON.stringify(config.apiBase)};
  function show(page) {
    for (const section of main.querySelectorAll('section')) section.hidden = section.dataset.page !== page;
    const heading = main.querySelector('section[data-page="' + page + '"] h1');
    heading && heading.focus();
    send('page-change', { name: page });
  }
  async function decide(status, review) {
    const answer = await fetch(api + '/api/inquiries/' + inquiry.id + '/decision', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(review ? { status, review } : { status })
    }).catch(() => null);
    if (!answer || !answer.ok) { send('error', { message: 'The verification service could not record the result.' }); return; }
    const decided = await answer.json();
    send('verification-change', { inquiryId: inquiry.id, status });
    show('done');
    if (status === 'approved') send('complete', { inquiryId: inquiry.id, status, fields: decided.fields });
    else send('fail', { inquiryId: inquiry.id, status });
  }
  addEventListener('message', (event) => {
    if (event.origin !== parentOrigin || !event.data || event.data.widget !== 'verification' || event.data.containerId !== base.containerId) return;
    if (event.data.name === 'open') show('start');
    if (event.data.name === 'exit') send('exit', inquiry ? { inquiryId: inquiry.id, sessionToken: inquiry.sessionToken } : {});
  });
  document.getElementById('cancel').onclick = () => send('exit', inquiry ? { inquiryId: inquiry.id, sessionToken: inquiry.sessionToken } : {});
  document.getElementById('begin').onclick = () => { send('start', { inquiryId: inquiry.id }); show('document'); };
  document.getElementById('country').onchange = (event) => send('country-select', { countryCode: event.target.value });
  document.getElementById('front').onclick = (event) => {
    send('document-capture', { side: 'front', idClass: document.getElementById('id-class').value });
    event.target.textContent = 'Front captured ✓'; event.target.disabled = true;
    document.getElementById('back').disabled = false;
  };
  document.getElementById('back').onclick = () => { send('document-capture', { side: 'back', idClass: document.getElementById('id-class').value }); show('selfie'); };
  document.getElementById('selfie').onclick = () => { send('selfie-capture', { inquiryId: inquiry.id }); show('review'); };
  document.getElementById('approve').onclick = () => decide('approved');
  document.getElementById('decline').onclick = () => decide('declined');
  // A government-ID check can also go to a person for review (its template's name says so).
  if (/government/.test(base.templateId || '')) document.getElementById('manual').hidden = false;
  document.getElementById('approve-review').onclick = () => decide('approved', 'manual');
  document.getElementById('decline-review').onclick = () => decide('declined', 'manual');
  send('load');
  fetch(api + '/api/inquiries', { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ templateId: base.templateId || query.get('templateVersionId'), referenceId: query.get('referenceId'), fields, inquiryId: query.get('inquiryId') }) })
    .then((answer) => answer.ok ? answer.json() : Promise.reject(new Error(String(answer.status))))
    .then((created) => { inquiry = created; send('ready', { inquiryId: created.id }); })
    .catch(() => send('error', { message: 'The verification service is unavailable. Please try again.' }));`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Verify your identity (sandbox)</title><style>${SANDBOX_STYLE}</style></head><body>
<div class="bar"><span>Identity verification · Sandbox</span><button id="cancel" type="button" aria-label="Cancel verification">Cancel</button></div>
<main>
<section data-page="loading"><h1 tabindex="-1">Loading…</h1><p>Preparing a secure session.</p></section>
<section data-page="start" hidden><h1 tabindex="-1">Verify your identity</h1>
<p>We'll ask for a photo of a government ID and a selfie. It takes about two minutes.</p>
<label for="country">Country that issued your ID</label><select id="country"><option value="US">United States</option><option value="CA">Canada</option><option value="MX">Mexico</option></select>
<button id="begin" class="primary" type="button">Begin verifying</button></section>
<section data-page="document" hidden><h1 tabindex="-1">Photograph your ID</h1>
<label for="id-class">Type of ID</label><select id="id-class"><option value="dl">Driver's license</option><option value="pp">Passport</option><option value="id">State ID card</option></select>
<div class="shot" aria-hidden="true">ID frame</div>
<button id="front" class="primary" type="button">Capture front (sample photo)</button>
<button id="back" type="button" disabled>Capture back (sample photo)</button></section>
<section data-page="selfie" hidden><h1 tabindex="-1">Take a selfie</h1><p>Look at the camera and hold still.</p>
<div class="shot" aria-hidden="true">Face frame</div>
<button id="selfie" class="primary" type="button">Capture selfie (sample photo)</button></section>
<section data-page="review" hidden><h1 tabindex="-1">Sandbox result</h1><p>Choose how the provider answers this verification.</p>
<button id="approve" class="primary" type="button">Approve verification</button>
<button id="decline" class="danger" type="button">Decline verification</button>
<div id="manual" hidden><p>Or send it to manual review, which then:</p>
<button id="approve-review" type="button">Manual review approves</button>
<button id="decline-review" class="danger" type="button">Manual review declines</button></div></section>
<section data-page="done" hidden><h1 tabindex="-1" class="done">Thank you</h1><p>You can close this window.</p></section>
</main><script>${script}</script></body></html>`;
}
