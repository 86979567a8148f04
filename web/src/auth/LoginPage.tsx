import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { errorText } from '../api/api-error';
import { useLogin } from './auth-api';

export default function LoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!username.trim() || !password) return;
    login.mutate({ username: username.trim(), password }, { onSuccess: () => void navigate('/', { replace: true }) });
  };

  return (
    <Box margin={{ top: 'xxxl' }}>
      <div style={{ maxWidth: 440, margin: '0 auto' }}>
        <form onSubmit={submit} noValidate>
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
                <FormField label="Username" errorText={submitted && !username.trim() ? 'Username is required.' : undefined}>
                  <Input value={username} onChange={({ detail }) => setUsername(detail.value)} autoComplete="username" autoFocus />
                </FormField>
                <FormField label="Password" errorText={submitted && !password ? 'Password is required.' : undefined}>
                  <Input type="password" value={password} onChange={({ detail }) => setPassword(detail.value)} autoComplete="current-password" />
                </FormField>
              </SpaceBetween>
            </Container>
          </Form>
        </form>
      </div>
    </Box>
  );
}
