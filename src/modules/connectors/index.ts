// Connectors as the composition root sees them. Kinds are registered in ./kinds/index.ts.
export { createConnectors } from './connectors.module.js';
