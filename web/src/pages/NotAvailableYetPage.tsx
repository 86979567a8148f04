import Alert from '@cloudscape-design/components/alert';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useFollow, usePageTitle } from '../shell/follow';

export const NOT_AVAILABLE_YET = 'This page is not available yet.';

/**
 * The honest stand-in for pages of later releases: their routes and guards exist today, their
 * screens do not, and the page says so instead of showing made-up content.
 */
export function NotAvailableYet({ what }: { what: string }) {
  return (
    <Alert type="info" header={NOT_AVAILABLE_YET}>
      {what} arrives with a later release of the Audit Letter Program.
    </Alert>
  );
}

export default function NotAvailableYetPage() {
  const title = usePageTitle();
  const follow = useFollow();
  return (
    <ContentLayout header={<Header variant="h1">{title}</Header>}>
      <SpaceBetween size="m">
        <NotAvailableYet what={title} />
        <Link href="/" onFollow={follow}>Go back home</Link>
      </SpaceBetween>
    </ContentLayout>
  );
}
