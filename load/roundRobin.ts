import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from '../api/test/closeServer';

/**
 * A load balancer for tests: each request goes to the next upstream in turn (round-robin), body
 * and answer streamed through untouched. `served` lists which upstream took each request.
 */
export async function startRoundRobin(upstreams: string[]) {
  const served: { upstream: number; method: string; path: string }[] = [];
  let next = 0;
  const server = http.createServer((req, res) => {
    const upstream = next++ % upstreams.length;
    served.push({ upstream, method: req.method ?? 'GET', path: req.url ?? '/' });
    const target = new URL(req.url ?? '/', upstreams[upstream]);
    // The Host header stays the balancer's, as a real one leaves it: the instances check origins against it.
    const forwarded = http.request(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forwarded.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forwarded);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () => closeServer(server),
  };
}
