// Text written into the server's HTML (the sign-in pages, the portal's painted frame, mails, the
// PayPal simulator): every value escaped, so a merchant's or a user's name is text, never markup.
export const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
