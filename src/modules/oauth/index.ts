// The oauth module as other modules see it.
export { createOAuth } from './oauth.module.js';
export { isGrantRevoked } from './grants.query.js';
export { clientServes } from './clients.query.js';

