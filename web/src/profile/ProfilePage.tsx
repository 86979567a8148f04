import { useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { errorText } from '../api/api-error';
import { useUpdateProfile } from '../auth/auth-api';
import { useAuth } from '../auth/auth-context';
import { useToast } from '../shell/toasts';
import { ChangePasswordModal } from './ChangePasswordModal';

export const CHANGE_PASSWORD_ADVICE = 'To improve security, please consider changing the password that was generated for your account.';

export default function ProfilePage() {
  const { user } = useAuth();
  const toast = useToast();
  const update = useUpdateProfile();
  const [realName, setRealName] = useState(user?.real_name ?? '');
  const [changingPassword, setChangingPassword] = useState(false);
  if (!user) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ real_name: realName.trim() }, { onSuccess: () => toast('Profile has been updated!') });
  };

  return (
    <ContentLayout header={<Header variant="h1">Profile</Header>}>
      <SpaceBetween size="l">
        {!user.has_changed_password && (
          <Alert type="warning" data-testid="change-password-advice">{CHANGE_PASSWORD_ADVICE}</Alert>
        )}
        {update.error && (
          <Alert type="error" header="Your profile was not updated">{errorText(update.error)}</Alert>
        )}
        <form onSubmit={submit} noValidate>
          <Form
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button formAction="none" onClick={() => setChangingPassword(true)}>Change Password</Button>
                <Button variant="primary" formAction="submit" loading={update.isPending}>Update</Button>
              </SpaceBetween>
            }
          >
            <Container header={<Header variant="h2">Account</Header>}>
              <SpaceBetween size="l">
                <FormField label="Username">
                  <Input value={user.username} readOnly />
                </FormField>
                <FormField label="Email">
                  <Input value={user.email} readOnly />
                </FormField>
                <FormField label="Manager Name">
                  <Input value={realName} onChange={({ detail }) => setRealName(detail.value)} />
                </FormField>
              </SpaceBetween>
            </Container>
          </Form>
        </form>
      </SpaceBetween>
      <ChangePasswordModal
        visible={changingPassword}
        onClose={() => setChangingPassword(false)}
        onChanged={() => {
          setChangingPassword(false);
          toast('Password has been updated!');
        }}
      />
    </ContentLayout>
  );
}
