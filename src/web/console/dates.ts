// How the console writes a moment: "3 Mar 2025, 14:05" (British English, whatever the browser).
export const when = (iso: string): string =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
