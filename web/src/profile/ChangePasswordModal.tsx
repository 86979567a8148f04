import { useState } from 'react';
import type { FormEvent } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { PASSWORD_MIN_LENGTH, PASSWORD_MISMATCH, PASSWORD_TOO_SHORT } from '../../../shared/constants';
import { errorText } from '../api/api-error';
import { useChangePassword } from '../auth/auth-api';

/** The two spec rules, checked in the spec's order on trimmed values. */
export function passwordProblem(password: string, confirmation: string): string | null {
  const first = password.trim();
  if (first.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (first !== confirmation.trim()) return PASSWORD_MISMATCH;
  return null;
}

interface Props {
  visible: boolean;
  onClose: () => void;
  onChanged: () => void;
}

export function ChangePasswordModal({ visible, onClose, onChanged }: Props) {
  const change = useChangePassword();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setPassword('');
    setConfirmation('');
    setProblem(null);
    change.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = passwordProblem(password, confirmation);
    setProblem(found);
    if (found) return;
    change.mutate(password.trim(), {
      onSuccess: () => {
        setPassword('');
        setConfirmation('');
        onChanged();
      },
    });
  };

  // Too short belongs to the first field; a mismatch or a server refusal to the confirmation.
  const message = problem === PASSWORD_TOO_SHORT ? null : problem ?? (change.error ? errorText(change.error) : null);
  return (
    <Modal
      visible={visible}
      onDismiss={close}
      header="Change Password"
      closeAriaLabel="Close"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={close}>Cancel</Button>
            <Button variant="primary" form="change-password-form" formAction="submit" loading={change.isPending}>Change Password</Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form id="change-password-form" onSubmit={submit} noValidate>
        <SpaceBetween size="l">
          <FormField label="New password" constraintText={`At least ${PASSWORD_MIN_LENGTH} characters.`} errorText={problem === PASSWORD_TOO_SHORT ? problem : undefined}>
            <Input type="password" value={password} onChange={({ detail }) => setPassword(detail.value)} autoComplete="new-password" />
          </FormField>
          <FormField label="Confirm new password" errorText={message ?? undefined}>
            <Input type="password" value={confirmation} onChange={({ detail }) => setConfirmation(detail.value)} autoComplete="new-password" />
          </FormField>
        </SpaceBetween>
      </form>
    </Modal>
  );
}
