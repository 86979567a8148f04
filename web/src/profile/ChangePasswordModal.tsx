import { useState } from 'react';
import type { FormEvent } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { PASSWORD_MIN_LENGTH, PASSWORD_MISMATCH, PASSWORD_TOO_SHORT } from '../../../shared/constants';
import { CURRENT_PASSWORD_REQUIRED } from '../../../shared/contracts/auth';
import { ApiError, errorText } from '../api/api-error';
import { useChangePassword } from '../auth/auth-api';
import { useAuth } from '../auth/auth-context';

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
  // Until the generated password is changed, that is the one to prove.
  const currentLabel = useAuth().user?.has_changed_password === false ? 'Generated password' : 'Current password';
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [currentMissing, setCurrentMissing] = useState(false);

  const close = () => {
    setCurrent('');
    setPassword('');
    setConfirmation('');
    setProblem(null);
    setCurrentMissing(false);
    change.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = passwordProblem(password, confirmation);
    setProblem(found);
    setCurrentMissing(!current.trim());
    if (found || !current.trim()) return;
    change.mutate({ current_password: current.trim(), password: password.trim() }, {
      onSuccess: () => {
        setCurrent('');
        setPassword('');
        setConfirmation('');
        onChanged();
      },
    });
  };

  // Too short (or too common) belongs to the new password, a wrong current password to its field, and a
  // mismatch or any other server refusal to the confirmation.
  const serverField = change.error instanceof ApiError ? change.error.field : undefined;
  const serverError = (field: string) => (change.error && serverField === field ? errorText(change.error) : undefined);
  const currentError = currentMissing ? CURRENT_PASSWORD_REQUIRED : serverError('current_password');
  const newError = problem === PASSWORD_TOO_SHORT ? problem : serverError('password');
  const message = problem === PASSWORD_TOO_SHORT ? null
    : problem ?? (change.error && serverField !== 'current_password' && serverField !== 'password' ? errorText(change.error) : null);
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
          <FormField label={currentLabel} errorText={currentError}>
            <Input type="password" value={current} onChange={({ detail }) => setCurrent(detail.value)} autoComplete="current-password" />
          </FormField>
          <FormField label="New password" constraintText={`At least ${PASSWORD_MIN_LENGTH} characters.`} errorText={newError}>
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
