/**
 * A group of routes beyond the spec whose only clients are the program's own pages, sending JSON (the
 * tenant portal, Proof Review), or whose routes are all GETs, which carry no body (letters): the chain of api-chain.ts with the JSON parser alone, so the group's
 * bundle carries no form or multipart parser (docs/decisions.md "Lambda bundles: JSON-only groups").
 */
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { ApiGroup } from '../../shared/routes';
import { createHandler } from './api-chain';
import type { ApiMiddleware } from './api-chain';
import type { RouteImpl } from './route';

export function createJsonApiHandler(group: ApiGroup, impls: Partial<Record<string, RouteImpl>>) {
  return createHandler(group, impls, {
    parsers: [httpJsonBodyParser({ disableContentTypeError: true }) as ApiMiddleware],
    accepts: 'JSON (application/json)',
  });
}
