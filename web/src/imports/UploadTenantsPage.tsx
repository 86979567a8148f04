/** /upload-tenants (staff): import a facility's rent roll into its newest open cycle (spec §2 Upload Tenants). */
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { ImportForm } from './ImportForm';

export default function UploadTenantsPage() {
  return (
    <ContentLayout header={<Header variant="h1" description="The tenants join the newest cycle of the facility named by the file's Prime Site ID.">Upload Tenants</Header>}>
      <Container>
        <ImportForm />
      </Container>
    </ContentLayout>
  );
}
