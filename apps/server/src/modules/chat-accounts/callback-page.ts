import { CHAT_ACCOUNT_CHANNEL, CHAT_ACCOUNT_LINKED_MESSAGE } from '@rangsi/contract';
import { inlineScriptHashes } from '../../http/security-headers';

/**
 * The one script of the page (static, so its CSP hash is fixed): on success it tells the Rangsi window that opened
 * the dialog — postMessage to this origin only, and a same-origin BroadcastChannel for when LINE's pages cut the
 * opener — and closes; the close button works on both pages.
 */
const SCRIPT = `(function(){var b=document.body;var d={type:${JSON.stringify(CHAT_ACCOUNT_LINKED_MESSAGE)}};
document.getElementById('close').addEventListener('click',function(){window.close()});
if(b.getAttribute('data-result')!=='linked')return;
try{new BroadcastChannel(${JSON.stringify(CHAT_ACCOUNT_CHANNEL)}).postMessage(d)}catch(e){}
if(window.opener){window.opener.postMessage(d,window.location.origin);setTimeout(function(){window.close()},1200)}})();`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** This page's own policy: nothing but its script and inline style; no frame, no form, no base. */
export const CALLBACK_PAGE_CSP = [
  "default-src 'none'",
  `script-src ${inlineScriptHashes(`<script>${SCRIPT}</script>`)[0]}`,
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The small Thai/English page the LINE Login popup ends on: linked (and closing), or why not. */
export function callbackPage(result: 'linked' | 'refused', message: string): string {
  const colour = result === 'linked' ? '#06c755' : '#c62828';
  return `<!doctype html>
<html lang="th"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>บัญชี LINE (LINE account) — Rangsi</title>
<style>body{font-family:Sarabun,"Noto Sans Thai",sans-serif;line-height:1.6;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#1f2937}
h1{font-size:1.15rem;margin:0 0 .75rem}p{border-left:4px solid ${colour};padding:.5rem .75rem;background:#f8fafc}
button{font:inherit;padding:.35rem 1rem;border:1px solid #cbd5e1;border-radius:6px;background:#fff;cursor:pointer}</style>
</head><body data-result="${result}"><h1>บัญชี LINE (LINE account)</h1>
<p data-testid="line-callback-message">${escapeHtml(message)}</p>
<button type="button" id="close">ปิดหน้าต่าง (Close window)</button>
<script>${SCRIPT}</script></body></html>`;
}
