/**
 * The sandbox bank link's hosted page (`/bank-link/hosted?token=…`), on the provider's origin as
 * the real one is: find your bank, sign in to it, choose the account; then back to the app's
 * redirect URI with a public token (or `error=cancelled`). The sandbox logins are listed on the
 * page so a person trying the app can pick an outcome.
 */
import { SANDBOX_STYLE } from './widget-page';
import { SANDBOX_INSTITUTIONS, SANDBOX_PASSWORD } from './bank-link';

const extraStyle = `
  input{font:inherit;width:100%;padding:.6rem;border-radius:8px;border:1px solid #9aa5b1;margin-bottom:.75rem}
  input:focus-visible{outline:3px solid #f0b429;outline-offset:2px}
  ul{list-style:none;padding:0;margin:0} .error{color:#b42318;font-weight:600} .hint{font-size:.85rem;color:#52606d}
  label.account{display:flex;gap:.6rem;align-items:center;font-weight:400;border:1px solid #d9e2ec;border-radius:8px;padding:.7rem;margin:.35rem 0}
  label.account input{width:auto;margin:0}`;

export function bankLinkPage(linkToken: string): string {
  const script = `
  const linkToken = ${JSON.stringify(linkToken)};
  let institution = null; let session = null;
  const $ = (id) => document.getElementById(id);
  const show = (name) => { for (const page of document.querySelectorAll('[data-page]')) page.hidden = page.dataset.page !== name;
    document.querySelector('[data-page="' + name + '"] h1').focus(); };
  const post = (path, body) => fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    .then(async (answer) => ({ ok: answer.ok, body: await answer.json() }));
  const institutions = ${JSON.stringify(SANDBOX_INSTITUTIONS)};
  const list = () => { const query = $('search').value.trim().toLowerCase();
    $('banks').replaceChildren(...institutions.filter((bank) => bank.name.toLowerCase().includes(query)).map((bank) => {
      const item = document.createElement('li'); const button = document.createElement('button'); button.type = 'button';
      button.textContent = bank.name; button.onclick = () => { institution = bank; $('bank-name').textContent = 'Sign in to ' + bank.name; $('login-error').textContent = ''; show('login'); };
      item.append(button); return item; })); };
  $('search').oninput = list; list();
  $('login-form').onsubmit = async (event) => { event.preventDefault(); $('sign-in').disabled = true;
    const answer = await post('/bank-link/hosted/login', { linkToken, institutionId: institution.id, username: $('username').value, password: $('password').value });
    $('sign-in').disabled = false;
    if (!answer.ok) { $('login-error').textContent = answer.body.message; $('password').focus(); return; }
    session = answer.body.session;
    $('accounts').replaceChildren(...answer.body.accounts.map((account, index) => { const label = document.createElement('label'); label.className = 'account';
      const radio = document.createElement('input'); radio.type = 'radio'; radio.name = 'account'; radio.value = account.id; radio.checked = index === 0;
      label.append(radio, account.name + ' ••' + account.mask); return label; }));
    show('accounts'); };
  $('accounts-form').onsubmit = async (event) => { event.preventDefault();
    const answer = await post('/bank-link/hosted/complete', { session, accountId: new FormData(event.target).get('account') });
    if (answer.ok) location.assign(answer.body.redirect); else $('accounts-error').textContent = answer.body.message; };
  for (const back of document.querySelectorAll('[data-back]')) back.onclick = () => show(back.dataset.back);
  $('cancel').onclick = async () => { const answer = await post('/bank-link/hosted/cancel', { linkToken }); if (answer.ok) location.assign(answer.body.redirect); };`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Link your bank (sandbox)</title><style>${SANDBOX_STYLE}${extraStyle}</style></head><body>
<div class="bar"><span>Bank link · Sandbox</span><button id="cancel" type="button" aria-label="Cancel and go back">Cancel</button></div>
<main>
<section data-page="banks"><h1 tabindex="-1">Select your bank</h1>
<label for="search">Search banks</label><input id="search" type="search" autocomplete="off"><ul id="banks" aria-label="Banks"></ul></section>
<section data-page="login" hidden><h1 tabindex="-1" id="bank-name">Sign in</h1>
<form id="login-form"><label for="username">Username</label><input id="username" autocomplete="off" required>
<label for="password">Password</label><input id="password" type="password" autocomplete="off" required>
<p id="login-error" class="error" role="alert"></p>
<button id="sign-in" class="primary" type="submit">Sign in</button><button type="button" data-back="banks">Back</button></form>
<p class="hint">Sandbox logins, password <code>${SANDBOX_PASSWORD}</code>: <code>user_good</code> (verified accounts), <code>user_micro</code>
(confirm two micro-deposits of $0.32 and $0.45), <code>user_nsf</code> (debits returned: insufficient funds), <code>user_closed</code> (transfers returned: account closed).</p></section>
<section data-page="accounts" hidden><h1 tabindex="-1">Choose an account</h1>
<form id="accounts-form"><fieldset style="border:0;padding:0;margin:0"><legend class="hint">The account to share with Caramel</legend><div id="accounts"></div></fieldset>
<p id="accounts-error" class="error" role="alert"></p><button class="primary" type="submit">Continue</button></form></section>
</main><script>${script}</script></body></html>`;
}
