/**
 * A reference point for bench/llm-overhead.ts: the least any Node.js gateway can do per call, in its own process. It
 * reads the request body and parses it, forwards it to the provider (argv[2], a base URL ending in /v1) over a
 * keep-alive node:http agent, parses the answer (as a gateway must, to read usage) and sends it back. No framework,
 * no authentication, no validation, no bookkeeping. Prints its base URL on stdout, then serves until killed.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const target = new URL(`${process.argv[2]}/chat/completions`);
const agent = new http.Agent({ keepAlive: true, scheduling: 'lifo' });

const server = http.createServer({ keepAlive: true }, (req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = JSON.stringify(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    const headers = { 'content-type': 'application/json', authorization: 'Bearer sk-bench', 'content-length': Buffer.byteLength(body) };
    const upstream = http.request(target, { method: 'POST', agent, headers }, (answer) => {
      const parts: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => parts.push(chunk));
      answer.on('end', () => {
        const raw = Buffer.concat(parts);
        JSON.parse(raw.toString('utf8'));
        res.writeHead(answer.statusCode ?? 502, { 'content-type': 'application/json', 'content-length': raw.length }).end(raw);
      });
    });
    upstream.on('error', () => res.writeHead(502).end());
    upstream.end(body);
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`http://127.0.0.1:${(server.address() as AddressInfo).port}\n`));
process.on('SIGTERM', () => process.exit(0));
