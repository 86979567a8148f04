import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import type { InputProps } from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { NEXT_PARAM, returnPathOf } from '../../../shared/return-path';
import { errorText } from '../api/api-error';
import { useRevealFirstInvalid } from '../widgets/form-validation';
import { useLogin } from './auth-api';
import { sessionStore } from './session-store';

const SESSION_ENDED_TEXT = 'Your session has ended. Please log in again.';
const RETURN_TEXT = 'Please log in to open that page. You will be taken there once you are logged in.';

/**
 * Beyond the spec, which has a login always go home and an ended session arrive here silently: the page
 * says why it came, and the login returns to the page it came from (the guard, on the session's arrival,
 * follows `next`; see docs/decisions.md "Finding your way").
 */
export default function LoginPage() {
  const [params] = useSearchParams();
  // Read once: the note stays while the user types, and a login clears the store's flag.
  const [sessionEnded] = useState(sessionStore.wasEnded);
  const returning = returnPathOf(params.get(NEXT_PARAM)) !== null;
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const { ref, reveal } = useRevealFirstInvalid<HTMLFormElement>();
  const passwordInput = useRef<InputProps.Ref>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!username.trim() || !password) return reveal();
    // The session's arrival makes the guard of this page move on: to `next`, or home. A refused login
    // leaves the user in the password, the field to type again (issue 24: focus after a failed submit).
    login.mutate({ username: username.trim(), password }, { onError: () => passwordInput.current?.select() });
  };

  return (
    <Box margin={{ top: 'xxxl' }}>
      <div style={{ maxWidth: 440, margin: '0 auto' }}>
        <form ref={ref} onSubmit={submit} noValidate>
          <Form
            actions={
              <SpaceBetween direction="horizontal" size="m" alignItems="center">
                {login.error && (
                  <Box color="text-status-error" data-testid="login-error">
                    <span role="alert">{errorText(login.error)}</span>
                  </Box>
                )}
                <Button variant="primary" formAction="submit" loading={login.isPending}>Login</Button>
              </SpaceBetween>
            }
          >
            <Container header={<Header variant="h1" description="Log in with the account you were given.">Login</Header>}>
              <SpaceBetween size="l">
                {sessionEnded ? (
                  <Alert type="warning" data-testid="login-reason">{SESSION_ENDED_TEXT}</Alert>
                ) : returning ? (
                  <Alert type="info" data-testid="login-reason">{RETURN_TEXT}</Alert>
                ) : null}
                <FormField label="Username" errorText={submitted && !username.trim() ? 'Username is required.' : undefined}>
                  <Input value={username} onChange={({ detail }) => setUsername(detail.value)} autoComplete="username" autoFocus />
                </FormField>
                <FormField label="Password" errorText={submitted && !password ? 'Password is required.' : undefined}>
                  <Input ref={passwordInput} type="password" value={password} onChange={({ detail }) => setPassword(detail.value)} autoComplete="current-password" />
                </FormField>
              </SpaceBetween>
            </Container>
          </Form>
        </form>
      </div>
    </Box>
  );
}
