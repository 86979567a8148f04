import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import { useFollow } from '../shell/follow';

export default function NotFoundPage() {
  const follow = useFollow();
  return (
    <Box margin={{ top: 'l' }}>
      <Container header={<Header variant="h1">Page Not Found</Header>}>
        <Box variant="p">There is no page at this address.</Box>
        <Link href="/" onFollow={follow}>Go back home</Link>
      </Container>
    </Box>
  );
}
