/** Login, logout, password change and profile update, each storing what the server answers. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client';
import type { BodyOf } from '../api/client';
import { useAuth } from './auth-context';

export function useLogin() {
  const { signIn } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'POST /api/login'>) => call('POST /api/login', { body, token: null }),
    onSuccess: (session) => {
      // Nothing cached for a previous user may show to this one.
      queryClient.clear();
      signIn(session);
    },
  });
}

/** Auth is cleared before the server call (spec §4), so the call carries the token it took. */
export async function logOut(token: string | null): Promise<void> {
  if (!token) return;
  await call('POST /api/logout', { token }).catch(() => undefined);
}

export function useChangePassword() {
  const { signIn } = useAuth();
  return useMutation({
    mutationFn: (body: BodyOf<'POST /api/change-password'>) => call('POST /api/change-password', { body }),
    // The server ends the old session and answers with a new one.
    onSuccess: (session) => signIn(session),
  });
}

export function useUpdateProfile() {
  const { updateUser } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'POST /api/update-profile'>) => call('POST /api/update-profile', { body }),
    onSuccess: ({ user }) => {
      updateUser(user);
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
