import Box from '@cloudscape-design/components/box';
import Spinner from '@cloudscape-design/components/spinner';

export function PageLoading() {
  return (
    <Box textAlign="center" padding="xxl" color="text-body-secondary">
      <Spinner size="large" /> Loading...
    </Box>
  );
}
