// The SSO module as other modules and the composition root see it.
export { createSso } from './sso.module.js';
export { refuseUnlessSsoAllows } from './enforcement.js';
