/** User accounts: the paged list and the three changes, each refreshing the list when done. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserView } from '../../../shared/contracts/users';
import { call } from '../api/client';
import type { BodyOf, ResponseOf } from '../api/client';
import { useAuth } from '../auth/auth-context';

export interface UserListFilter {
  username: string;
  page: number;
}

export function useUserList(filter: UserListFilter) {
  return useQuery({
    queryKey: ['users', filter],
    // Without tenants=true the server answers user accounts (the union's other side is the Tenant Accounts list).
    queryFn: async () => (await call('GET /api/users', { query: { username: filter.username || undefined, page: filter.page } })) as ResponseOf<'GET /api/users'> & { data: UserView[] },
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export type UserFields = BodyOf<'POST /api/users'>;

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserFields) => call('POST /api/users', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  const { session, updateUser, signIn } = useAuth();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BodyOf<'POST /api/users/{id}'> }) =>
      call('POST /api/users/{id}', { params: { id }, body }),
    onSuccess: ({ user, token }) => {
      // Editing one's own account here changes the greeting too; a new own password ended the session
      // this page held, and the answer carries its successor.
      if (session && user.id === session.user.id) {
        if (token) signIn({ ...session, token, user: sessionUserOf(user) });
        else updateUser(sessionUserOf(user));
      }
      return queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: UserView) => call('DELETE /api/users/{id}', { params: { id: user.id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

function sessionUserOf(user: UserView) {
  const { id, username, real_name, email, is_admin, is_monitor, facility_id, has_changed_password } = user;
  return { id, username, real_name, email, is_admin, is_monitor, facility_id, has_changed_password };
}
