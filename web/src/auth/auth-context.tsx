/** React access to the session store: who is logged in and what they may do. */
import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { SessionUser } from '../../../shared/contracts/auth';
import { hasAnyPermission } from '../../../shared/permissions';
import type { Permission } from '../../../shared/permissions';
import { sessionStore } from './session-store';
import type { Session } from './session-store';

export interface Auth {
  session: Session | null;
  user: SessionUser | null;
  /** Admin passes every check, as in the route guard. */
  can: (...required: Permission[]) => boolean;
  isStaff: boolean;
  isAdmin: boolean;
  signIn: (session: Session) => void;
  signOut: () => void;
  updateUser: (user: SessionUser) => void;
}

const AuthContext = createContext<Auth | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
  const auth = useMemo<Auth>(() => {
    const held = session?.permissions ?? [];
    return {
      session,
      user: session?.user ?? null,
      can: (...required) => hasAnyPermission(held, required),
      isStaff: hasAnyPermission(held, ['monitor']),
      isAdmin: held.includes('admin'),
      signIn: sessionStore.set,
      signOut: sessionStore.clear,
      updateUser: sessionStore.updateUser,
    };
  }, [session]);
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>');
  return auth;
}
