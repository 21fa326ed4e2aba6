// A local stand-in of Stripe Identity's endpoints, as its API documents them, for the tests to run
// the real adapter (src/server/services/identity/stripe.ts) against: POST and GET
// /v1/identity/verification_sessions (form-encoded, Bearer secret key), a hosted-flow `url` per
// read, and signed `identity.verification_session.*` event deliveries to our webhook
// (`Stripe-Signature: t=…,v1=…`). Built on node:http; nothing of the server is shared.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, randomBytes } from 'node:crypto';

export interface FakeSession {
  id: string;
  object: 'identity.verification_session';
  type: string;
  status: 'requires_input' | 'processing' | 'verified' | 'canceled';
  client_reference_id: string | null;
  metadata: Record<string, string>;
  last_error: { code: string; reason: string } | null;
  url: string | null;
  livemode: false;
  created: number;
}

export interface SignedDelivery {
  eventId: string;
  body: string;
  signature: string;
}

export interface StripeIdentityFake {
  url: string;
  /** Every API request received, in order (method, path, form fields). */
  requests: { method: string; path: string; form: Record<string, string> }[];
  /** The sessions created for a profile (client_reference_id), oldest first. */
  sessionsOf(profileId: string): FakeSession[];
  /**
   * The event Stripe would send for the session now (updating the session as Stripe does) and
   * its signature under `secret` at `signedAt` (unix seconds; now by default).
   */
  event(
    sessionId: string,
    type: 'verified' | 'requires_input' | 'processing' | 'canceled',
    options?: { lastErrorCode?: string; secret?: string; signedAt?: number },
  ): SignedDelivery;
  close(): Promise<void>;
}

const id = (prefix: string): string => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = (): number => Math.floor(Date.now() / 1000);

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startStripeIdentityFake(options: {
  apiKey: string;
  webhookSecret: string;
}): Promise<StripeIdentityFake> {
  const sessions = new Map<string, FakeSession>();
  const requests: StripeIdentityFake['requests'] = [];
  let base = '';
  const hostedUrl = (sessionId: string) => `${base}/verify/${sessionId}/${id('attempt')}`;

  const server = createServer((request, response) => {
    void (async () => {
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const path = (request.url ?? '').split('?')[0] ?? '';
      const raw = await readBody(request);
      const form = Object.fromEntries(new URLSearchParams(raw));
      requests.push({ method: request.method ?? '', path, form });
      if (request.headers.authorization !== `Bearer ${options.apiKey}`)
        return answer(401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
        });
      if (request.method === 'POST' && path === '/v1/identity/verification_sessions') {
        if (request.headers['content-type'] !== 'application/x-www-form-urlencoded')
          return answer(400, { error: { type: 'invalid_request_error', message: 'form body' } });
        if (!['document', 'id_number'].includes(form.type ?? ''))
          return answer(400, {
            error: { type: 'invalid_request_error', message: 'Missing required param: type.' },
          });
        const metadata: Record<string, string> = {};
        for (const [key, value] of Object.entries(form)) {
          const match = /^metadata\[(.+)\]$/.exec(key);
          if (match) metadata[match[1]!] = value;
        }
        const session: FakeSession = {
          id: id('vs'),
          object: 'identity.verification_session',
          type: form.type!,
          status: 'requires_input',
          client_reference_id: form.client_reference_id ?? null,
          metadata,
          last_error: null,
          url: null,
          livemode: false,
          created: now(),
        };
        sessions.set(session.id, session);
        return answer(200, { ...session, url: hostedUrl(session.id) });
      }
      const read = /^\/v1\/identity\/verification_sessions\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && read) {
        const session = sessions.get(decodeURIComponent(read[1]!));
        if (!session)
          return answer(404, {
            error: { type: 'invalid_request_error', code: 'resource_missing' },
          });
        // A fresh URL while the session takes input, as Stripe answers on retrieve.
        const url = session.status === 'requires_input' ? hostedUrl(session.id) : null;
        return answer(200, { ...session, url });
      }
      return answer(404, { error: { type: 'invalid_request_error', message: 'Unrecognized' } });
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    requests,
    sessionsOf: (profileId) =>
      [...sessions.values()].filter((s) => s.client_reference_id === profileId),
    event(sessionId, type, { lastErrorCode, secret, signedAt } = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = type;
      session.last_error =
        type === 'requires_input'
          ? { code: lastErrorCode ?? 'document_unverified_other', reason: 'Could not verify.' }
          : null;
      const eventId = id('evt');
      const body = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: '2024-06-20',
        created: now(),
        livemode: false,
        type: `identity.verification_session.${type}`,
        data: { object: { ...session } },
      });
      // Stripe's scheme, written here independently of the server's check.
      const t = signedAt ?? now();
      const v1 = createHmac('sha256', secret ?? options.webhookSecret)
        .update(`${t}.${body}`)
        .digest('hex');
      const signature = `t=${t},v1=${v1}`;
      return { eventId, body, signature };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
