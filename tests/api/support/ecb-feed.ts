// A stand-in for the European Central Bank's rate feed: files in its XML, served over real HTTP
// (node:http) so that the server's own fetch code runs against it.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FeedDay {
  date: string;
  /** Units per one euro. */
  rates: Record<string, string>;
}

/** A reference rate file as the ECB writes it (single-quoted attributes, tabs). */
export function ecbXml(days: FeedDay[], sender = 'European Central Bank'): string {
  const cubes = days
    .map(
      ({ date, rates }) =>
        `\t\t<Cube time='${date}'>\n${Object.entries(rates)
          .map(([currency, rate]) => `\t\t\t<Cube currency='${currency}' rate='${rate}'/>`)
          .join('\n')}\n\t\t</Cube>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>${sender}</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
${cubes}
\t</Cube>
</gesmes:Envelope>
`;
}

/** What a path answers: a file, a status code, or no answer at all ('hang'). */
export type FeedAnswer = string | number | 'hang';

export interface FeedServer {
  /** The URL of a path on the server ("/eurofxref-daily.xml"). */
  url(path: string): string;
  /** Sets what a path answers from now on. */
  serve(path: string, answer: FeedAnswer): void;
  /** Every path asked for, in order. */
  requests: string[];
  /** Waits this long before answering (to make two fetches overlap). */
  delayMs: number;
  close(): Promise<void>;
}

export async function startFeedServer(): Promise<FeedServer> {
  const answers = new Map<string, FeedAnswer>();
  const hanging = new Set<ServerResponse>();
  const requests: string[] = [];
  const feed: FeedServer = {
    url: (path) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    serve: (path, answer) => answers.set(path, answer),
    requests,
    delayMs: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push(path);
    const answer = answers.get(path) ?? 404;
    if (answer === 'hang') {
      hanging.add(response);
      return;
    }
    setTimeout(() => {
      if (typeof answer === 'number') response.writeHead(answer).end();
      else response.writeHead(200, { 'content-type': 'text/xml' }).end(answer);
    }, feed.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return feed;
}
