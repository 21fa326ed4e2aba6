// How the test journeys reach the app: in process through Fastify's `inject`, or over real HTTP
// to a live server. Both answer the same shape, so one journey serves the API, security and
// browser tests.
import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';

export type ResponseHeaders = Record<string, string | string[] | undefined>;

export interface TransportRequest {
  headers?: Record<string, string>;
  /** The body exactly as sent (the caller sets its content-type). */
  body?: string;
}

export interface TransportResponse {
  status: number;
  headers: ResponseHeaders;
  body: string;
}

export interface Transport {
  request(method: string, url: string, init?: TransportRequest): Promise<TransportResponse>;
}

/** In process: no socket, light-my-request's defaults (Host localhost:80) unless a header says. */
export function injectTransport(app: FastifyInstance): Transport {
  return {
    async request(method, url, { headers = {}, body } = {}) {
      const response = await app.inject({
        method: method as 'GET',
        url,
        headers,
        ...(body !== undefined ? { payload: body } : {}),
      });
      return {
        status: response.statusCode,
        headers: response.headers as ResponseHeaders,
        body: response.body,
      };
    },
  };
}

/**
 * Over real HTTP with node:http, so every header (Host and X-Forwarded-For included) is the
 * caller's to choose; Host is `host` unless the request names one. No redirects are followed.
 */
export function httpTransport(
  target: { port: number; hostname?: string },
  host = 'localhost',
): Transport {
  return {
    request(method, url, { headers = {}, body } = {}) {
      return new Promise((resolve, reject) => {
        const req = httpRequest(
          {
            host: target.hostname ?? '127.0.0.1',
            port: target.port,
            method,
            path: url,
            headers: {
              host,
              ...(body !== undefined ? { 'content-length': Buffer.byteLength(body) } : {}),
              ...headers,
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                body: Buffer.concat(chunks).toString('utf8'),
              }),
            );
          },
        );
        req.on('error', reject);
        req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${url} timed out`)));
        if (body !== undefined) req.write(body);
        req.end();
      });
    },
  };
}

/** Over real HTTP with Node's fetch (Host from the URL), as the browser tests call the server. */
export function fetchTransport(origin: string): Transport {
  return {
    async request(method, url, { headers = {}, body } = {}) {
      const response = await fetch(`${origin}${url}`, {
        method,
        redirect: 'manual',
        headers,
        ...(body !== undefined ? { body } : {}),
      });
      const answered: ResponseHeaders = {};
      response.headers.forEach((value, name) => (answered[name] = value));
      const setCookie = response.headers.getSetCookie();
      if (setCookie.length > 0) answered['set-cookie'] = setCookie;
      return { status: response.status, headers: answered, body: await response.text() };
    },
  };
}
