import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
// The site's CSP lets this one origin be framed (shared/security-headers.ts).
import { HELP_VIDEOS_URL } from '../../../shared/security-headers';

export default function HelpVideosPage() {
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={<>Short videos that walk through the program. <Link href={HELP_VIDEOS_URL} external>Open the showcase</Link></>}
        >
          Help Videos
        </Header>
      }
    >
      <Container disableContentPaddings>
        <iframe
          title="Audit Letter Program help videos"
          src={HELP_VIDEOS_URL}
          style={{ display: 'block', width: '100%', height: '70vh', border: 0 }}
          allow="autoplay; fullscreen; picture-in-picture"
        />
      </Container>
    </ContentLayout>
  );
}
