/**
 * The one way a group of the spec's /api routes becomes a Lambda handler: the chain of api-chain.ts
 * with the bodies the spec sends (JSON, and forms urlencoded or multipart, files included).
 */
import httpJsonBodyParser from '@middy/http-json-body-parser';
import httpMultipartBodyParser from '@middy/http-multipart-body-parser';
import httpUrlencodeBodyParser from '@middy/http-urlencode-body-parser';
import type { ApiGroup } from '../../shared/routes';
import { createHandler } from './api-chain';
import type { ApiMiddleware } from './api-chain';
import type { RouteImpl } from './route';

export { json } from './api-chain';

export function createApiHandler(group: ApiGroup, impls: Partial<Record<string, RouteImpl>>) {
  return createHandler(group, impls, {
    parsers: [
      httpJsonBodyParser({ disableContentTypeError: true }),
      httpUrlencodeBodyParser({ disableContentTypeError: true }),
      httpMultipartBodyParser({ disableContentTypeError: true }),
    ] as ApiMiddleware[],
    accepts: 'JSON, application/x-www-form-urlencoded or multipart/form-data',
  });
}
