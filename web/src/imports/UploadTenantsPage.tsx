/** /upload-tenants (staff): import a facility's rent roll into its newest open cycle (spec §2 Upload Tenants). */
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useFollow } from '../shell/follow';
import { ImportForm } from './ImportForm';

export default function UploadTenantsPage() {
  const follow = useFollow();
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="The tenants join the newest cycle of the facility named by the file's Prime Site ID."
          actions={<Button iconName="file-open" href="/import-history" onFollow={follow}>Import History</Button>}
        >
          Upload Tenants
        </Header>
      }
    >
      <Container>
        <ImportForm />
      </Container>
    </ContentLayout>
  );
}
