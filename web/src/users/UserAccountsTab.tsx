/**
 * User Accounts: the server-paged user table (100 per page) with the username filter, refresh, Add
 * User for admins, edit and delete per row, and the clicked user's details in the split panel. The
 * applied filter and the page live in the address under 'users.' (useListUrl).
 */
import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { UserView } from '../../../shared/contracts/users';
import { errorText } from '../api/api-error';
import { useAuth } from '../auth/auth-context';
import { usePageSplitPanel } from '../shell/split-panel';
import { useToast } from '../shell/toasts';
import { DeleteUserModal } from './DeleteUserModal';
import { userColumns } from './user-columns';
import { UserDetailPanel } from './UserDetailPanel';
import { UserFormModal } from './UserFormModal';
import { useUserList } from './users-api';
import { textParam } from '../widgets/list-url';
import { ServerPagination } from '../widgets/ServerPagination';
import { useListUrl } from '../widgets/use-list-url';
import { useSearchFilters } from '../widgets/use-search-filters';
import { RefreshButton } from '../widgets/RefreshButton';

const PARAMS = { username: textParam('username') };
const filtersOf = ({ username }: { username: string }) => ({ username: username.trim() });

const isStaffAccount = (u: UserView) => u.is_admin || u.is_monitor;

export function UserAccountsTab() {
  const { user: me, isAdmin } = useAuth();
  const toast = useToast();
  const url = useListUrl(PARAMS, { prefix: 'users.' });
  const form = useSearchFilters(url, filtersOf);
  const [showFilters, setShowFilters] = useState(true);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<UserView | null>(null);
  const [deleting, setDeleting] = useState<UserView | null>(null);
  const list = useUserList({ ...form.filters, page: url.page });

  const users = list.isError ? [] : list.data?.data ?? [];
  const pagination = list.data?.pagination;
  const selected = users.find((u) => u.id === selectedId) ?? null;
  const panel = useMemo(() => (selected ? { element: <UserDetailPanel user={selected} />, onClose: () => setSelectedId(null) } : null), [selected]);
  usePageSplitPanel(panel);

  // The same rules the server enforces, so buttons that would only earn a refusal are disabled.
  const columns = userColumns({
    canEdit: (u) => isAdmin || !isStaffAccount(u) || u.id === me?.id,
    canDelete: (u) => u.id !== me?.id && (isAdmin || !isStaffAccount(u)),
    edit: setEditing,
    remove: setDeleting,
  });

  const search = (event: FormEvent) => {
    event.preventDefault();
    form.search();
  };

  return (
    <>
      <Table
        variant="container"
        trackBy="id"
        items={users}
        columnDefinitions={columns}
        loading={list.isLoading}
        loadingText="Loading users"
        onRowClick={({ detail }) => setSelectedId(detail.item.id === selectedId ? null : detail.item.id)}
        header={
          <Header
            counter={pagination ? `(${pagination.total})` : undefined}
            description="Click a user to view their facility information."
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button iconName="filter" onClick={() => setShowFilters((v) => !v)}>{showFilters ? 'Hide filters' : 'Show filters'}</Button>
                <RefreshButton list={list} ariaLabel="Refresh users" />
                {isAdmin && <Button variant="primary" onClick={() => setCreating(true)}>Add User</Button>}
              </SpaceBetween>
            }
          >
            User Accounts
          </Header>
        }
        filter={
          showFilters ? (
            <form onSubmit={search} noValidate>
              <SpaceBetween direction="horizontal" size="xs">
                <Input type="search" value={form.draft.username} placeholder="Username" ariaLabel="Filter by username" onChange={({ detail }) => form.setDraft({ username: detail.value })} />
                <Button formAction="none" onClick={form.reset}>Reset</Button>
                <Button formAction="submit">Search</Button>
              </SpaceBetween>
            </form>
          ) : undefined
        }
        pagination={
          <ServerPagination page={url.page} lastPage={pagination?.last_page} onChange={url.setPage} />
        }
        empty={
          list.isError ? (
            <Box textAlign="center" color="text-status-error" data-testid="users-error">
              <SpaceBetween size="xs">
                <span>{errorText(list.error, 'Unknown error loading users.')}</span>
                <Box textAlign="center"><Button onClick={() => void list.refetch()}>Retry</Button></Box>
              </SpaceBetween>
            </Box>
          ) : (
            <Box textAlign="center" color="inherit">No users to show.</Box>
          )
        }
      />
      {creating && (
        <UserFormModal
          onClose={() => setCreating(false)}
          onSaved={(username) => {
            setCreating(false);
            toast(`User ${username} has been created!`);
          }}
        />
      )}
      {editing && (
        <UserFormModal
          key={editing.id}
          user={editing}
          onClose={() => setEditing(null)}
          onSaved={(username) => {
            setEditing(null);
            toast(`User ${username} has been updated!`);
          }}
        />
      )}
      {deleting && (
        <DeleteUserModal
          key={deleting.id}
          user={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            toast(`User ${deleting.username} has been deleted!`);
            setDeleting(null);
          }}
        />
      )}
    </>
  );
}
