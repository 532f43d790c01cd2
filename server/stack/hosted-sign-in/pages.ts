/**
 * The hosted sign-in's pages: each sandbox provider's consent page (choose an account this
 * browser used, or type one; continue or cancel), the page that links a provider to an account
 * whose password the person proves, and an error page for requests it cannot send back.
 * Plain HTML with one inline style, allowed by hash; forms post to this origin, whose answer
 * may redirect to the app (so the app's origins are form targets too).
 */
import { createHash } from 'node:crypto';
import type { ProviderProfile } from './federation';

export interface Page {
  html: string;
  csp: string;
}

export interface ProviderLook {
  slug: string;
  /** What the provider calls itself on its page. */
  title: string;
  colour: string;
}

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1f2328}
main{max-width:26rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}
@media (max-width:28rem){main{margin:.75rem}}
header{display:flex;align-items:center;gap:.5rem;margin-bottom:1rem}
.mark{width:2rem;height:2rem;border-radius:50%;color:#fff;display:grid;place-items:center;font-weight:700}
h1{font-size:1.35rem;margin:0 0 .25rem}
p{margin:.25rem 0 1rem}
.sandbox{font-size:.8rem;color:#57606a}
button,input{font:inherit}
input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #8c959f;border-radius:6px;margin:.25rem 0 .75rem}
label{font-weight:600}
.account{display:block;width:100%;text-align:left;padding:.75rem;margin:0 0 .5rem;border:1px solid #d0d7de;border-radius:8px;background:#fff;cursor:pointer}
.account small{display:block;color:#57606a}
.primary{width:100%;padding:.7rem;border:0;border-radius:6px;color:#fff;cursor:pointer;margin-bottom:.5rem}
.secondary{width:100%;padding:.7rem;border:1px solid #8c959f;border-radius:6px;background:#fff;cursor:pointer}
.error{background:#ffebe9;border:1px solid #cf222e;border-radius:6px;padding:.5rem .75rem;color:#82071e}
fieldset{border:0;padding:0;margin:0 0 1rem}
legend{font-weight:700;margin-bottom:.5rem}
`;

const hashOf = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A page; `colour` is the provider's, as a second style element (style attributes would need 'unsafe-inline'). */
function page(title: string, body: string, formTargets: string[], colour = '#24292f'): Page {
  const brand = `.mark,.primary{background:${colour}}`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title><style>${STYLE}</style><style>${brand}</style></head><body><main>${body}</main></body></html>`;
  const csp = [
    "default-src 'none'",
    `style-src ${hashOf(STYLE)} ${hashOf(brand)}`,
    `form-action 'self' ${formTargets.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
  return { html, csp };
}

function header(look: ProviderLook): string {
  return `<header><span class="mark" aria-hidden="true">${escape(look.title[0]!)}</span><span class="sandbox">${escape(look.title)} · local sandbox</span></header>`;
}

function accountButton(account: ProviderProfile): string {
  const name = [account.givenName, account.familyName].filter(Boolean).join(' ');
  const label = name ? `${escape(name)}<small>${escape(account.email)}</small>` : escape(account.email);
  return `<button class="account" name="email" value="${escape(account.email)}">${label}</button>`;
}

export function consentPage(options: {
  look: ProviderLook;
  flow: string;
  clientName: string;
  remembered: ProviderProfile[];
  error?: string;
  typed?: { email?: string; givenName?: string; familyName?: string };
  formTargets: string[];
}): Page {
  const { look, flow, remembered, typed = {} } = options;
  const action = `/providers/${look.slug}`;
  const hidden = `<input type="hidden" name="flow" value="${escape(flow)}">`;
  const accounts = remembered.length
    ? `<form method="post" action="${action}" aria-label="Accounts on this device">${hidden}<fieldset><legend>Choose an account</legend>${remembered.map(accountButton).join('')}</fieldset></form>`
    : '';
  const body = `${header(look)}
<h1>Sign in with ${escape(look.title)}</h1>
<p>to continue to ${escape(options.clientName)}. ${escape(look.title)} will share your name and e-mail address with it.</p>
${options.error ? `<p class="error" role="alert">${escape(options.error)}</p>` : ''}
${accounts}
<form method="post" action="${action}" aria-label="Use another account">${hidden}
<fieldset><legend>${remembered.length ? 'Use another account' : 'Your account'}</legend>
<label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="email" value="${escape(typed.email ?? '')}">
<label for="given">First name (optional)</label><input id="given" name="givenName" autocomplete="given-name" value="${escape(typed.givenName ?? '')}">
<label for="family">Last name (optional)</label><input id="family" name="familyName" autocomplete="family-name" value="${escape(typed.familyName ?? '')}">
</fieldset>
<button class="primary">Continue</button>
</form>
<form method="post" action="${action}">${hidden}<input type="hidden" name="cancel" value="1"><button class="secondary">Cancel</button></form>
<p class="sandbox">Sandbox: an e-mail that starts with “unverified” comes back unverified by ${escape(look.title)}.</p>`;
  return page(`Sign in with ${look.title}`, body, options.formTargets, look.colour);
}

export function linkPage(options: { look: ProviderLook; flow: string; email: string; error?: string; formTargets: string[] }): Page {
  const { look, flow, email } = options;
  const hidden = `<input type="hidden" name="flow" value="${escape(flow)}">`;
  const body = `${header(look)}
<h1>You already have an account</h1>
<p>${escape(email)} already signs in with a password. Enter it to add ${escape(look.title)} to that account; afterwards either way signs you in.</p>
${options.error ? `<p class="error" role="alert">${escape(options.error)}</p>` : ''}
<form method="post" action="/link" aria-label="Link ${escape(look.title)}">${hidden}
<input type="hidden" name="username" value="${escape(email)}" autocomplete="username">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password">
<button class="primary">Link and continue</button>
</form>
<form method="post" action="/link">${hidden}<input type="hidden" name="cancel" value="1"><button class="secondary">Cancel</button></form>`;
  return page('Link your account', body, options.formTargets, look.colour);
}

export function errorPage(message: string): Page {
  return page('Sign-in error', `<h1>Sign-in cannot continue</h1><p class="error" role="alert">${escape(message)}</p>`, []);
}
