import { Type } from 'typebox';
import { Secret } from '../../../platform/http/secret.js';

/** TypeBox schemas of the viewer endpoints: validation, types and the OpenAPI document. */

export const ViewerTokenResponse = Type.Object({
  viewer_token: Secret(Type.String({ description: 'Send as the X-Viewer-Token header of the view request' })),
  token_type: Type.Literal('viewer'),
  expires_in: Type.Integer({ description: 'Seconds; 600' }),
  expires_at: Type.String({ format: 'date-time' }),
  view_url: Type.String({ description: 'The view endpoint of this document' }),
});
export const ViewHeaders = Type.Object({
  'x-viewer-token': Type.Optional(Type.String({ description: 'The viewer token (preferred over the query parameter)' })),
});
export const ViewQuery = Type.Object({
  viewer_token: Type.Optional(
    Type.String({
      deprecated: true,
      description: 'Deprecated: the viewer token as a query parameter ends up in logs and browser history; send the X-Viewer-Token header instead',
    }),
  ),
});
