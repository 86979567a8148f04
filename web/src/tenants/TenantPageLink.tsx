/**
 * The way from a tenant list's row to the tenant's page (issue 24, "One tenant's whole story"): an icon
 * link before the name, the same in every staff list. An icon, not the name, so a list whose row click
 * opens Edit Tenant keeps doing so; its click stays out of the row's. Kept to a few elements: a list
 * shows it on each of its 100 rows.
 */
import Icon from '@cloudscape-design/components/icon';
import Link from '@cloudscape-design/components/link';
import { useFollow } from '../shell/follow';
import { TruncatedText } from '../widgets/TruncatedText';
import { tenantPagePath } from './tenant-story-api';

export function TenantPageLink({ id, name }: { id: string; name: string }) {
  const follow = useFollow();
  return (
    <span onClick={(event) => event.stopPropagation()}>
      <Link href={tenantPagePath(id)} onFollow={follow} ariaLabel={`Open the tenant page of ${name}`}>
        <Icon name="file-open" />
      </Link>
    </span>
  );
}

/** A list's name cell: the link to the tenant page, then the name (cut with a tooltip when long). */
export function TenantNameCell({ id, name }: { id: string; name: string }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <TenantPageLink id={id} name={name} />
      <TruncatedText text={name} />
    </span>
  );
}
