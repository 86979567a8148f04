import Badge from '@cloudscape-design/components/badge';
import Button from '@cloudscape-design/components/button';
import Icon from '@cloudscape-design/components/icon';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import type { UserView } from '../../../shared/contracts/users';
import { ActivityDot } from './ActivityDot';

export interface RowActions {
  canEdit: (user: UserView) => boolean;
  canDelete: (user: UserView) => boolean;
  edit: (user: UserView) => void;
  remove: (user: UserView) => void;
}

/** Clicks inside this cell do their own thing and do not open the user's details. */
function NoRowClick({ children }: { children: React.ReactNode }) {
  return <span onClick={(event) => event.stopPropagation()}>{children}</span>;
}

export function userColumns(actions: RowActions): TableProps.ColumnDefinition<UserView>[] {
  return [
    {
      id: 'username',
      header: 'Username',
      cell: (u) => (
        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
          <span>{u.username}</span>
          {u.is_admin ? <Badge color="blue">Admin</Badge> : u.is_monitor ? <Badge color="grey">Monitor</Badge> : null}
        </SpaceBetween>
      ),
      isRowHeader: true,
    },
    { id: 'activity', header: 'Activity', cell: (u) => <ActivityDot elapsed={u} />, width: 100 },
    { id: 'real_name', header: 'Real Name', cell: (u) => u.real_name || '--' },
    { id: 'email', header: 'Email', cell: (u) => u.email },
    {
      id: 'owns_facility',
      header: 'Owns Facility',
      cell: (u) => (u.facility_id ? <Icon name="check" variant="success" ariaLabel="Owns a facility" /> : null),
      width: 140,
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (u) => (
        <NoRowClick>
          <SpaceBetween direction="horizontal" size="xxs">
            <Button variant="icon" iconName="edit" ariaLabel={`Edit ${u.username}`} disabled={!actions.canEdit(u)} onClick={() => actions.edit(u)} />
            <Button variant="icon" iconName="remove" ariaLabel={`Delete ${u.username}`} disabled={!actions.canDelete(u)} onClick={() => actions.remove(u)} />
          </SpaceBetween>
        </NoRowClick>
      ),
      width: 120,
    },
  ];
}
