/**
 * New User and Edit User share one form: username, password, email, real name and the two permission
 * flags. On edit a blank password keeps the current one. Server errors show inside the modal.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from '../../../shared/constants';
import { CURRENT_PASSWORD_REQUIRED } from '../../../shared/contracts/auth';
import type { UserView } from '../../../shared/contracts/users';
import { ApiError, errorText } from '../api/api-error';
import { useAuth } from '../auth/auth-context';
import { useCreateUser, useUpdateUser } from './users-api';
import { useRevealFirstInvalid } from '../widgets/form-validation';

type Fields = {
  username: string; password: string; current_password: string; email: string; real_name: string; is_admin: boolean; is_monitor: boolean;
};
type FieldName = keyof Fields;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `own`: the caller's own account, whose new password needs the current one. */
function problemsOf(fields: Fields, passwordRequired: boolean, own: boolean): Partial<Record<FieldName, string>> {
  const problems: Partial<Record<FieldName, string>> = {};
  if (!fields.username.trim()) problems.username = 'Username is required.';
  const password = fields.password.trim();
  if (passwordRequired && !password) problems.password = 'Password is required.';
  else if (password && password.length < PASSWORD_MIN_LENGTH) problems.password = PASSWORD_TOO_SHORT;
  if (own && password && !fields.current_password.trim()) problems.current_password = CURRENT_PASSWORD_REQUIRED;
  if (!fields.email.trim()) problems.email = 'Email is required.';
  else if (!EMAIL.test(fields.email.trim())) problems.email = 'Enter a valid email address.';
  return problems;
}

interface Props {
  /** The user to edit; none to create a new one. */
  user?: UserView;
  onClose: () => void;
  onSaved: (username: string) => void;
}

export function UserFormModal({ user, onClose, onSaved }: Props) {
  const { isAdmin, user: me } = useAuth();
  const own = !!user && user.id === me?.id;
  const create = useCreateUser();
  const update = useUpdateUser();
  const saving = user ? update : create;
  const [fields, setFields] = useState<Fields>({
    username: user?.username ?? '',
    password: '',
    current_password: '',
    email: user?.email ?? '',
    real_name: user?.real_name ?? '',
    is_admin: user?.is_admin ?? false,
    is_monitor: user?.is_monitor ?? false,
  });
  const [submitted, setSubmitted] = useState(false);
  const { ref, reveal } = useRevealFirstInvalid<HTMLFormElement>();
  const problems = submitted ? problemsOf(fields, !user, own) : {};
  const serverError = saving.error;
  const serverField = serverError instanceof ApiError ? serverError.field : undefined;

  const set = <K extends FieldName>(name: K, value: Fields[K]) => setFields((f) => ({ ...f, [name]: value }));
  const fieldError = (name: FieldName) => problems[name] ?? (serverField === name ? errorText(serverError) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problemsOf(fields, !user, own)).length > 0) {
      reveal();
      return;
    }
    const body = {
      username: fields.username.trim(),
      email: fields.email.trim(),
      real_name: fields.real_name.trim(),
      is_admin: fields.is_admin,
      is_monitor: fields.is_monitor,
    };
    const password = fields.password.trim();
    if (user) {
      const passwords = password ? { password, ...(own ? { current_password: fields.current_password.trim() } : {}) } : {};
      update.mutate({ id: user.id, body: { ...body, ...passwords } }, { onSuccess: () => onSaved(body.username), onError: reveal });
    } else {
      create.mutate({ ...body, password }, { onSuccess: (created) => onSaved(created.username), onError: reveal });
    }
  };

  const formId = user ? 'edit-user-form' : 'new-user-form';
  return (
    <Modal
      visible
      onDismiss={onClose}
      closeAriaLabel="Close"
      header={
        user ? <Header variant="h2" description={user.email}>Edit User {user.username}</Header> : <Header variant="h2">New User</Header>
      }
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>Cancel</Button>
            <Button variant="primary" form={formId} formAction="submit" loading={saving.isPending}>
              {user ? 'Update' : 'Create'}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form ref={ref} id={formId} onSubmit={submit} noValidate>
        <Form errorText={serverError && !serverField ? errorText(serverError) : undefined} errorIconAriaLabel="Error">
          <SpaceBetween size="l">
            <FormField label="Username" errorText={fieldError('username')}>
              <Input value={fields.username} onChange={({ detail }) => set('username', detail.value)} autoComplete="off" />
            </FormField>
            <FormField
              label="Password"
              constraintText={user ? 'Leave blank to keep the current password.' : `At least ${PASSWORD_MIN_LENGTH} characters.`}
              errorText={fieldError('password')}
            >
              <Input value={fields.password} onChange={({ detail }) => set('password', detail.value)} autoComplete="new-password" />
            </FormField>
            {own && fields.password.trim() && (
              <FormField label="Current password" description="Your own new password needs the one you use now." errorText={fieldError('current_password')}>
                <Input
                  type="password" value={fields.current_password} autoComplete="current-password"
                  onChange={({ detail }) => set('current_password', detail.value)}
                />
              </FormField>
            )}
            <FormField label="Email" errorText={fieldError('email')}>
              <Input type="email" value={fields.email} onChange={({ detail }) => set('email', detail.value)} autoComplete="off" />
            </FormField>
            <FormField label={<>Real name <i>- optional</i></>} errorText={fieldError('real_name')}>
              <Input value={fields.real_name} onChange={({ detail }) => set('real_name', detail.value)} autoComplete="off" />
            </FormField>
            <FormField
              label="Permissions"
              description={isAdmin ? undefined : 'Only administrators can change permissions.'}
              errorText={fieldError('is_admin') ?? fieldError('is_monitor')}
            >
              <SpaceBetween size="xs">
                <Checkbox checked={fields.is_admin} disabled={!isAdmin} onChange={({ detail }) => set('is_admin', detail.checked)}>
                  Administrator
                </Checkbox>
                <Checkbox checked={fields.is_monitor} disabled={!isAdmin} onChange={({ detail }) => set('is_monitor', detail.checked)}>
                  Monitor
                </Checkbox>
              </SpaceBetween>
            </FormField>
          </SpaceBetween>
        </Form>
      </form>
    </Modal>
  );
}
