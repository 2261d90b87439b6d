/**
 * The provider-hosted sign-in page behind GET /api/auth/harbor: plain HTML that
 * works without the web app's JavaScript, posting to the login endpoint and
 * returning to `return_to` (a same-site path only).
 */
const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const BASE = 'http://harbor.invalid';

/** Backslashes and control characters: browsers turn `/\host` into `//host` and drop tabs and newlines. */
function hasUnsafeCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f || c === 0x5c) return true;
  }
  return false;
}

/**
 * A same-origin relative path, or '/': one leading slash (never `//` or
 * `/\`), no backslash or control character anywhere, and still on our origin
 * once resolved. Non-ASCII characters come back percent-encoded, ready for a
 * Location header.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2048) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || hasUnsafeCharacter(value)) return '/';
  try {
    const url = new URL(value, BASE);
    return url.origin === BASE ? url.pathname + url.search + url.hash : '/';
  } catch {
    return '/';
  }
}

export function signInPage(opts: { returnTo: string; error?: string; email?: string }) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sign in to Harbor</title>
<style>body{font-family:system-ui,sans-serif;background:#f3f6f9;display:grid;place-items:center;min-height:100vh;margin:0}
form{background:#fff;padding:2rem;border-radius:8px;box-shadow:0 2px 12px #0002;width:min(340px,90vw)}
label{display:block;margin:.8rem 0 .2rem}input{width:100%;padding:.6rem;box-sizing:border-box}
button{margin-top:1.2rem;width:100%;padding:.7rem;background:#0b5394;color:#fff;border:0;border-radius:4px;font-size:1rem}
.error{color:#b00020}</style></head>
<body><form method="post" action="/api/auth/harbor/login">
<h1>Harbor</h1>
${opts.error ? `<p class="error" role="alert">${esc(opts.error)}</p>` : ''}
<input type="hidden" name="return_to" value="${esc(opts.returnTo)}">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required value="${esc(opts.email ?? '')}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
<p><a href="/recover-password">Forgot your password?</a> · <a href="/signup">Sign up</a></p>
</form></body></html>`;
}
