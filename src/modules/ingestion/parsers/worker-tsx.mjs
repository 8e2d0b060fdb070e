// Entry of the parser pool's workers when running from TypeScript sources (tsx in development, vitest).
// Worker threads do not inherit tsx, so pool.ts starts them with `--import tsx`. Without this file piscina
// would first try require('worker.ts'), which tsx's CommonJS hook accepts; the extractors that index.ts
// imports lazily would then load a second time as ESM, with a second ParseError class, and instanceof
// checks would fail. Top-level await makes require() refuse this module, so piscina falls back to import()
// and the whole graph loads once, as ESM, as it does in production (worker.js).
const { default: runParseTask } = await import('./worker.ts');
export default runParseTask;
