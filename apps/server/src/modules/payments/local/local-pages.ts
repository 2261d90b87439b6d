import { formatMoney, TEST_CARDS, type CardErrorCode, type Currency, type Language } from '@harbor/contracts';
import { translate } from '@harbor/i18n';

/**
 * The local provider's hosted pages: plain server-rendered HTML forms (no
 * script, so the server's CSP `script-src 'self'` holds; styles inline, which
 * the CSP allows), in the buyer's or seller's language, texts from the
 * `payments` namespace (hosted.*, cardErrors.*).
 */

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const t = (lang: Language, key: string, vars?: Record<string, string>) => esc(translate(lang, 'payments', key, vars));

function page(lang: Language, title: string, body: string) {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;background:#f3f6f9;display:grid;place-items:center;min-height:100vh;margin:0;color:#1a2733}
main{background:#fff;padding:2rem;border-radius:8px;box-shadow:0 2px 12px #0002;width:min(400px,92vw)}
h1{font-size:1.3rem;margin:0 0 .3rem}.provider{color:#5b6b7a;font-size:.85rem;margin:0 0 1rem}.amount{font-size:1.6rem;font-weight:600;margin:.4rem 0 1rem}
label{display:block;margin:.8rem 0 .2rem;font-size:.9rem}input[type=text],input[type=date]{width:100%;padding:.6rem;box-sizing:border-box;font-size:1rem;border:1px solid #b7c2cc;border-radius:4px}
.row{display:flex;gap:.8rem}.row>div{flex:1}.check{display:flex;gap:.5rem;align-items:center;margin-top:.8rem}
button{margin-top:1.2rem;width:100%;padding:.7rem;background:#0b5394;color:#fff;border:0;border-radius:4px;font-size:1rem;cursor:pointer}
button.secondary{background:none;color:#0b5394;margin-top:.5rem}.error{color:#b00020;background:#fdecee;padding:.6rem;border-radius:4px}
details{margin-top:1.2rem;font-size:.85rem;color:#5b6b7a}code{font-size:.85rem}</style></head>
<body><main>${body}</main></body></html>`;
}

function cardFields(lang: Language, error: { code: CardErrorCode; field: string } | null) {
  const invalid = (field: string) => (error?.field === field ? ' aria-invalid="true" aria-describedby="card-error"' : '');
  return `${error ? `<p class="error" id="card-error" role="alert">${t(lang, `cardErrors.${error.code}`)}</p>` : ''}
<label for="number">${t(lang, 'hosted.cardNumber')}</label>
<input id="number" name="number" type="text" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required${invalid('number')}>
<div class="row"><div><label for="expiry">${t(lang, 'hosted.expiry')}</label>
<input id="expiry" name="expiry" type="text" inputmode="numeric" autocomplete="cc-exp" placeholder="${t(lang, 'hosted.expiryPlaceholder')}" required${invalid('expiry')}></div>
<div><label for="cvc">${t(lang, 'hosted.cvc')}</label>
<input id="cvc" name="cvc" type="text" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required${invalid('cvc')}></div></div>`;
}

function testCards(lang: Language) {
  const rows = Object.entries(TEST_CARDS)
    .map(([number, outcome]) => `<li><code>${number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code>: ${t(lang, `hosted.testOutcomes.${outcome}`)}</li>`)
    .join('');
  return `<details><summary>${t(lang, 'hosted.testCards')}</summary><p>${t(lang, 'hosted.testCardsText')}</p><ul>${rows}</ul></details>`;
}

export function checkoutPage(opts: {
  lang: Language;
  sessionId: string;
  description: string;
  amount: number;
  currency: string;
  canSave: boolean;
  error: { code: CardErrorCode; field: string } | null;
}) {
  const { lang } = opts;
  const action = `/payments/local/checkout/${encodeURIComponent(opts.sessionId)}`;
  return page(
    lang,
    t(lang, 'hosted.checkoutTitle'),
    `<h1>${t(lang, 'hosted.checkoutTitle')}</h1><p class="provider">${t(lang, 'hosted.provider')}</p>
<p>${esc(opts.description)}</p><p class="amount">${esc(formatMoney({ amount: opts.amount, currency: opts.currency as Currency }))}</p>
<form method="post" action="${action}">
${cardFields(lang, opts.error)}
${opts.canSave ? `<div class="check"><input id="save" name="save" type="checkbox" value="1"><label for="save">${t(lang, 'hosted.saveCard')}</label></div>` : ''}
<button type="submit">${t(lang, 'hosted.pay', { amount: formatMoney({ amount: opts.amount, currency: opts.currency as Currency }) })}</button>
</form>
<form method="post" action="${action}/cancel"><button type="submit" class="secondary">${t(lang, 'hosted.cancel')}</button></form>
${testCards(lang)}`,
  );
}

export function setupPage(opts: { lang: Language; sessionId: string; error: { code: CardErrorCode; field: string } | null }) {
  const { lang } = opts;
  const action = `/payments/local/setup/${encodeURIComponent(opts.sessionId)}`;
  return page(
    lang,
    t(lang, 'hosted.setupTitle'),
    `<h1>${t(lang, 'hosted.setupTitle')}</h1><p class="provider">${t(lang, 'hosted.provider')}</p><p>${t(lang, 'hosted.setupText')}</p>
<form method="post" action="${action}">${cardFields(lang, opts.error)}<button type="submit">${t(lang, 'hosted.saveButton')}</button></form>
<form method="post" action="${action}/cancel"><button type="submit" class="secondary">${t(lang, 'hosted.cancel')}</button></form>
${testCards(lang)}`,
  );
}

export function onboardingPage(opts: { lang: Language; linkId: string; accountType: 'individual' | 'company'; currentlyDue: string[]; error: boolean }) {
  const { lang } = opts;
  const action = `/payments/local/onboarding/${encodeURIComponent(opts.linkId)}`;
  const due = opts.currentlyDue.length ? `<p>${t(lang, 'hosted.onboardingDue', { fields: opts.currentlyDue.join(', ') })}</p>` : '';
  return page(
    lang,
    t(lang, 'hosted.onboardingTitle'),
    `<h1>${t(lang, 'hosted.onboardingTitle')}</h1><p class="provider">${t(lang, 'hosted.provider')}</p><p>${t(lang, 'hosted.onboardingText')}</p>${due}
<form method="post" action="${action}">
${opts.error ? `<p class="error" role="alert">${t(lang, 'hosted.onboardingRequired')}</p>` : ''}
<label for="name">${t(lang, opts.accountType === 'company' ? 'hosted.representativeName' : 'hosted.name')}</label>
<input id="name" name="name" type="text" autocomplete="name" required>
<label for="dob">${t(lang, 'hosted.dob')}</label><input id="dob" name="dob" type="date" required>
<button type="submit">${t(lang, 'hosted.verify')}</button></form>
<form method="post" action="${action}/cancel"><button type="submit" class="secondary">${t(lang, 'hosted.cancel')}</button></form>`,
  );
}

export function closedPage(lang: Language) {
  return page(lang, t(lang, 'hosted.closedTitle'), `<h1>${t(lang, 'hosted.closedTitle')}</h1><p>${t(lang, 'hosted.closedText')}</p><p><a href="/">${t(lang, 'hosted.home')}</a></p>`);
}
