import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@cloudscape-design/components/box';
import Spinner from '@cloudscape-design/components/spinner';
import { logOut } from './auth-api';
import { sessionStore } from './session-store';

/** Clears auth first (spec §4), then tells the server, then goes to /login. */
export default function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    // Runs once even when React mounts effects twice in development.
    if (started.current) return;
    started.current = true;
    const token = sessionStore.token();
    sessionStore.clear();
    queryClient.clear();
    void logOut(token).then(() => navigate('/login', { replace: true }));
  }, [navigate, queryClient]);

  return (
    <Box textAlign="center" padding="xxl" variant="h2">
      <Spinner size="large" /> Logging you out now...
    </Box>
  );
}
