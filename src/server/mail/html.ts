// The branded HTML alternative of a mail: the same words as the plain text, under the merchant's
// name in its theme's colours, links made clickable, every value escaped (a merchant or a user name
// is text, never markup). Mail clients block remote images by default, so the brand is the name.
import type { Locale } from '../../core/i18n/messages';
import type { Merchant } from '../services/merchants';
import { escapeHtml } from '../services/html';

/** Escaped text with its http(s) links as anchors. */
function linked(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/g)
    .map((part, i) =>
      i % 2 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}

export function brandedHtml(
  merchant: Merchant,
  locale: Locale,
  mail: { subject: string; text: string },
): string {
  const { branding } = merchant.configuration;
  const dark = branding.theme === 'dark';
  const name = branding.merchantName ?? branding.portalName;
  const paragraphs = mail.text
    .split(/\n\s*\n/)
    .map((p) => `<p style="margin:0 0 16px">${linked(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;padding:24px;background:${dark ? '#12141a' : '#f4f6fb'};font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:${dark ? '#e8eaf0' : '#1b2230'}">
<div style="max-width:560px;margin:0 auto;padding:24px;border-radius:12px;background:${dark ? '#1d2029' : '#ffffff'}">
<p style="margin:0 0 20px;font-size:18px;font-weight:700;color:${dark ? '#7aa2ff' : '#2450d6'}">${escapeHtml(name)}</p>
${paragraphs}
<p style="margin:24px 0 0;font-size:12px;opacity:.7">${escapeHtml(branding.portalName)}</p>
</div></body></html>`;
}
