import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';

/** The program's video showcase, hosted outside this app. */
export const HELP_VIDEOS_URL = 'https://vimeo.com/showcase/audit-letter-program/embed';

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
