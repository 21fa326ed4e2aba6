// A browser's cookies for the test clients (over inject, node:http or fetch): what the server's
// Set-Cookie lines leave, sent back in one Cookie header. A cookie set empty, expired or with
// Max-Age 0 is gone. Values are kept decoded, as a browser's document.cookie readers decode them.
export class CookieJar extends Map<string, string> {
  remember(setCookie: string | readonly string[] | undefined): void {
    const lines = typeof setCookie === 'string' ? [setCookie] : (setCookie ?? []);
    for (const line of lines) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const raw = pair.slice(eq + 1).trim();
      let value = raw;
      try {
        value = decodeURIComponent(raw);
      } catch {
        // not percent-encoded: kept as sent
      }
      const attribute = (key: string) =>
        attributes.find((a) => a.trim().toLowerCase().startsWith(`${key}=`))?.split('=')[1];
      const expires = attribute('expires');
      const maxAge = attribute('max-age');
      const gone =
        value === '' ||
        (expires !== undefined && new Date(expires).getTime() < Date.now()) ||
        (maxAge !== undefined && Number(maxAge) <= 0);
      if (gone) this.delete(name);
      else this.set(name, value);
    }
  }

  /** The Cookie header's value ('' when there is none). */
  header(): string {
    return [...this].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
