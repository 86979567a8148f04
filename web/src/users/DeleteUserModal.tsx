import { useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { UserView } from '../../../shared/contracts/users';
import { errorText } from '../api/api-error';
import { useDeleteUser } from './users-api';

/** Deleting asks for the username to be typed, so a slip of the mouse deletes nobody. */
export function DeleteUserModal({ user, onClose, onDeleted }: { user: UserView; onClose: () => void; onDeleted: () => void }) {
  const remove = useDeleteUser();
  const [typed, setTyped] = useState('');
  const confirmed = typed.trim() === user.username;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmed) remove.mutate(user, { onSuccess: onDeleted });
  };

  return (
    <Modal
      visible
      onDismiss={onClose}
      closeAriaLabel="Close"
      header="Delete user"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>Cancel</Button>
            <Button variant="primary" form="delete-user-form" formAction="submit" disabled={!confirmed} loading={remove.isPending}>
              Delete
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form id="delete-user-form" onSubmit={submit} noValidate>
        <SpaceBetween size="m">
          <Box variant="p">
            Are you sure you want to permanently delete the user <b>{user.username}</b>? This cannot be undone.
          </Box>
          <FormField label={<>To confirm, type the username <b>{user.username}</b>.</>}>
            <Input value={typed} onChange={({ detail }) => setTyped(detail.value)} placeholder={user.username} ariaLabel="Username to confirm" autoComplete="off" />
          </FormField>
          {remove.error && <Alert type="error">{errorText(remove.error)}</Alert>}
        </SpaceBetween>
      </form>
    </Modal>
  );
}
