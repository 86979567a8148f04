import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { redirectFor } from './access';
import type { RouteAccess } from './access';

export function Guard({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const { session } = useAuth();
  const location = useLocation();
  const target = redirectFor(access, session, location);
  return target ? <Navigate to={target} replace /> : <>{children}</>;
}
