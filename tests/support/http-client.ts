// A recipient's browser over real HTTP, for the e2e tests, the bench and the soak: a cookie jar,
// the CSRF header on writes (XSRF-TOKEN echoed in x-csrf-token, as the portal does) and the login
// page's form post. Written once; each caller adds what only it needs.
import { CookieJar } from './cookie-jar';
import { PASSWORD } from './journeys';

type Json = Record<string, unknown>;
export const LOGIN_PATH = '/master/auth-app/v1/login';

export interface Answer<T> {
  status: number;
  body: { data: T } & Json;
}

export class HttpClient {
  readonly cookies = new CookieJar();
  /** Mutable: a client of several processes (scripts/soak) sends each call to another one. */
  constructor(public origin: string) {}

  remember(response: Response): void {
    this.cookies.remember(response.headers.getSetCookie());
  }

  cookieHeader(): string {
    return this.cookies.header();
  }

  csrfToken(): string {
    return this.cookies.get('XSRF-TOKEN') ?? '';
  }

  async request<T = unknown>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const csrf = this.csrfToken();
    const response = await fetch(`${this.origin}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        cookie: this.cookieHeader(),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(csrf && method !== 'GET' ? { 'x-csrf-token': csrf } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    this.remember(response);
    const text = await response.text();
    let json: { data: T } & Json;
    try {
      json = JSON.parse(text) as { data: T } & Json;
    } catch {
      json = { data: undefined as T, text };
    }
    return { status: response.status, body: json };
  }

  /** A funnel call: `/master/funnel/v1` + path. */
  api<T = unknown>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    return this.request<T>(method, `/master/funnel/v1${path}`, body);
  }

  /** Posts the login page's form, as the browser would; answers its status (303 when signed in). */
  async signIn(email: string, password = PASSWORD, state = '/'): Promise<number> {
    const response = await fetch(`${this.origin}${LOGIN_PATH}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        // Node's fetch sends no Origin; the login page's own origin, as a browser sends it.
        origin: new URL(this.origin).origin,
        cookie: this.cookieHeader(),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ email, password, state }).toString(),
    });
    this.remember(response);
    await response.arrayBuffer();
    return response.status;
  }
}
