#!/usr/bin/env node
/* global process, console, URL */
// A tiny static server for developing the Notes example app (no build step, no dependencies).
//   PLATFORM_URL=http://127.0.0.1:8080 PORT=5173 node examples/notes-app/serve.mjs
// It serves this folder, plus /config.js telling the page where the platform's API is, with a strict CSP.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.json': 'application/json' };
const FILES = new Set(['/index.html', '/app.js', '/style.css', '/icon.svg', '/manifest.json']);

/** Starts the server; resolves with its URL once it listens (port 0 picks a free one). */
export function serveNotesApp({ platformUrl, port = 5173, host = '127.0.0.1' }) {
  const api = new URL(platformUrl).origin;
  const server = createServer(async (req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const headers = {
      // The page talks to the platform only, and shows pictures from blob: URLs it made itself.
      'content-security-policy': `default-src 'self'; connect-src 'self' ${api}; img-src 'self' blob:; style-src 'self'; frame-ancestors 'none'`,
      'referrer-policy': 'no-referrer', // the launch URL carries a token until the page removes it
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    };
    if (pathname === '/config.js') {
      res.writeHead(200, { ...headers, 'content-type': TYPES['.js'] });
      return res.end(`export const API_BASE = ${JSON.stringify(api)};\n`);
    }
    const file = pathname === '/' ? '/index.html' : pathname;
    if (!FILES.has(file)) {
      res.writeHead(404, { ...headers, 'content-type': 'text/plain' });
      return res.end('not found');
    }
    res.writeHead(200, { ...headers, 'content-type': TYPES[path.extname(file)] });
    res.end(await readFile(path.join(ROOT, file)));
  });
  return new Promise((resolve) => {
    server.listen(port, host, () => {
      const address = server.address();
      resolve({ url: `http://${host}:${address.port}/`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { url } = await serveNotesApp({ platformUrl: process.env.PLATFORM_URL ?? 'http://127.0.0.1:8080', port: Number(process.env.PORT ?? 5173) });
  console.log(`Notes app on ${url} (API: ${process.env.PLATFORM_URL ?? 'http://127.0.0.1:8080'})`);
}
