/**
 * Object-level access: a manager reaches only its own facility's records, whatever id it sends.
 * Each kind of object has a resolver that names the facility owning it; capabilities register theirs.
 */
import type { OwnershipScope } from '../../shared/routes';
import { getFacility } from '../facilities/facility-store';
import { forbidden, notFound } from './http-error';
import type { Caller } from './route';

/** Returns the owning facility id, or null when the object does not exist. */
type Resolver = (id: string) => Promise<string | null>;

const resolvers: Partial<Record<OwnershipScope['kind'], Resolver>> = {
  facility: async (id) => (await getFacility(id))?.id ?? null,
};

export function registerOwnershipResolver(kind: OwnershipScope['kind'], resolver: Resolver): void {
  resolvers[kind] = resolver;
}

export const hasOwnershipResolver = (kind: OwnershipScope['kind']): boolean => Boolean(resolvers[kind]);

export async function checkOwnership(scope: OwnershipScope, input: Record<'params' | 'query' | 'body', unknown>, caller: Caller): Promise<void> {
  // Staff reach every facility.
  if (caller.permissions.includes('admin') || caller.permissions.includes('monitor')) return;
  const part = scope.from === 'path' ? input.params : scope.from === 'query' ? input.query : input.body;
  const id = (part as Record<string, unknown> | undefined)?.[scope.name];
  if (typeof id !== 'string' || id === '') throw forbidden();
  const resolver = resolvers[scope.kind];
  if (!resolver) throw new Error(`no ownership resolver for ${scope.kind}`);
  const facilityId = await resolver(id);
  if (facilityId === null) throw notFound();
  if (facilityId !== caller.user.facility_id) throw forbidden('This record belongs to another facility.');
}
