// The SSO module as other modules and the composition root see it.
export { createSso, type SsoPorts } from './sso.module.js';
export { refuseUnlessSsoAllows } from './enforcement.js';
export type { IssueTokens, StartSession } from './sign-in.service.js';
