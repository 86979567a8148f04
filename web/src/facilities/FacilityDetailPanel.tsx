/**
 * The clicked facility's detail (spec §2 'Facility detail row'), shown in the layout's split panel like
 * the other lists' row details (docs/decisions.md): address with a maps link, contacts, the stats blocks
 * Active In Program and Results, and the row's actions (Download SiteLink Rent Roll and Download StorEdge
 * Ledger open the ledger report modal; Archive Facility is the single-step archive of web/src/archives).
 */
import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import SplitPanel from '@cloudscape-design/components/split-panel';
import Table from '@cloudscape-design/components/table';
import type { FacilityView } from '../../../shared/contracts/facilities';
import { formatPhone } from '../../../shared/format';
import { ArchiveFacilityButton } from '../archives/ArchiveFacilityButton';
import { useFollow } from '../shell/follow';
import { LEDGER_REPORT_TITLES, ledgerReportOf } from './ledger-report';
import type { LedgerReportKind } from './ledger-report';
import { LedgerReportModal } from './LedgerReportModal';

const PANEL_STRINGS = {
  closeButtonAriaLabel: 'Close facility details',
  openButtonAriaLabel: 'Open facility details',
  preferencesTitle: 'Panel preferences',
  preferencesPositionLabel: 'Panel position',
  preferencesPositionDescription: 'Choose the default panel position.',
  preferencesPositionSide: 'Side',
  preferencesPositionBottom: 'Bottom',
  preferencesConfirm: 'Confirm',
  preferencesCancel: 'Cancel',
  resizeHandleAriaLabel: 'Resize facility details',
};

export function mapsUrl(f: Pick<FacilityView, 'address' | 'city' | 'state' | 'zip_code'>): string {
  const query = [f.address, f.city, `${f.state} ${f.zip_code}`.trim()].filter(Boolean).join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

export const contactsLabel = (n: number) => `View ${n} ${n === 1 ? 'contact' : 'contacts'}`;

const withPercent = (count: number, percent: number) => `${count} (${Math.floor(percent)}%)`;

export function ContactsModal({ facility, onClose }: { facility: FacilityView; onClose: () => void }) {
  return (
    <Modal visible size="large" onDismiss={onClose} closeAriaLabel="Close" header={`Contacts of ${facility.facility_number}`}
      footer={<Box float="right"><Button variant="primary" onClick={onClose}>Close</Button></Box>}>
      <SpaceBetween size="l">
        <Container header={<Header variant="h3">Manager</Header>}>
          <KeyValuePairs
            columns={3}
            items={[
              { label: 'Name', value: facility.contact_name || '--' },
              { label: 'Email', value: facility.email ? <Link href={`mailto:${facility.email}`}>{facility.email}</Link> : '--' },
              { label: 'Phone', value: formatPhone(facility.phone) || '--' },
            ]}
          />
        </Container>
        <Table
          variant="container"
          header={<Header variant="h3" counter={`(${facility.additional_contacts.length})`}>Additional Contacts</Header>}
          items={facility.additional_contacts}
          columnDefinitions={[
            { id: 'name', header: 'Name', cell: (c) => c.name },
            { id: 'title', header: 'Title', cell: (c) => c.title },
            { id: 'email', header: 'Email', cell: (c) => <Link href={`mailto:${c.email}`}>{c.email}</Link> },
            { id: 'phone', header: 'Phone', cell: (c) => formatPhone(c.phone) || '--' },
          ]}
          empty={<Box textAlign="center">No additional contacts.</Box>}
        />
      </SpaceBetween>
    </Modal>
  );
}

export function FacilityDetailPanel({ facility: f }: { facility: FacilityView }) {
  const follow = useFollow();
  const [contactsOpen, setContactsOpen] = useState(false);
  const [report, setReport] = useState<LedgerReportKind | null>(null);
  const s = f.stats;
  const number = encodeURIComponent(f.facility_number);
  const contacts = f.additional_contacts.length;
  const ownReport = ledgerReportOf(f.software);

  return (
    <SplitPanel header={`Facility ${f.facility_number}${f.account_name ? ` — ${f.account_name}` : ''}`} closeBehavior="hide" hidePreferencesButton i18nStrings={PANEL_STRINGS}>
      <div data-testid="facility-detail">
        <SpaceBetween size="l">
          <SpaceBetween direction="horizontal" size="xs">
            <Button iconName="search" href={`/tenant-list?facility_number=${number}`} onFollow={follow}>View Tenants</Button>
            <Button iconName="calendar" href={`/manage-cycles?facility_number=${number}`} onFollow={follow}>View Cycles</Button>
            {/* Only the report of the facility's own software: the other could only fail (issue 24). */}
            {ownReport && <Button iconName="download" onClick={() => setReport(ownReport)}>{`Download ${LEDGER_REPORT_TITLES[ownReport]}`}</Button>}
            <ArchiveFacilityButton facility={f} />
          </SpaceBetween>
          <ColumnLayout columns={3} variant="text-grid">
            <KeyValuePairs
              columns={2}
              items={[
                {
                  label: 'Address',
                  value: (
                    <>
                      {f.address}
                      <br />
                      {f.city}, {f.state} {f.zip_code}
                      <br />
                      <Link href={mapsUrl(f)} external target="_blank">Open in Google Maps</Link>
                    </>
                  ),
                },
                { label: 'Contact', value: f.contact_name || '--' },
                { label: 'Email', value: f.email ? <Link href={`mailto:${f.email}`}>{f.email}</Link> : '--' },
                { label: 'Phone', value: formatPhone(f.phone) || '--' },
                ...(f.fax !== null ? [{ label: 'Fax', value: formatPhone(f.fax) || '--' }] : []),
                {
                  label: 'Additional Contacts',
                  value: contacts === 0 ? '--' : <Button variant="inline-link" onClick={() => setContactsOpen(true)}>{contactsLabel(contacts)}</Button>,
                },
              ]}
            />
            <section aria-label="Active In Program">
              <SpaceBetween size="s">
                <Box variant="h3">Active In Program</Box>
                <KeyValuePairs
                  columns={2}
                  items={[
                    { label: 'Total Uploaded', value: s.upload_count },
                    { label: 'Total In Program', value: s.tenant_count },
                    { label: 'Audit Letters Sent', value: s.audit_letters_sent },
                    { label: 'Reminder Letters Sent', value: s.reminder_letters_sent },
                    { label: 'Welcome Letters Sent', value: s.welcome_letters_sent },
                  ]}
                />
              </SpaceBetween>
            </section>
            <section aria-label="Results">
              <SpaceBetween size="s">
                <Box variant="h3">Results</Box>
                <KeyValuePairs
                  columns={2}
                  items={[
                    { label: 'Selected Coverage', value: withPercent(s.selected_coverage, s.selected_coverage_percentage) },
                    { label: 'Coverage Confirmed', value: withPercent(s.confirmed_payment, s.confirmed_payment_percentage) },
                    { label: 'Provided Proof', value: withPercent(s.provided_proof, s.provided_proof_percentage) },
                    { label: 'Opted Out', value: withPercent(s.opted_out, s.opted_out_percentage) },
                    { label: 'Moved Out', value: withPercent(s.moved_out, s.moved_out_percentage) },
                    { label: 'Bad Address', value: withPercent(s.bad_address, s.bad_address_percentage) },
                  ]}
                />
              </SpaceBetween>
            </section>
          </ColumnLayout>
        </SpaceBetween>
      </div>
      {contactsOpen && <ContactsModal facility={f} onClose={() => setContactsOpen(false)} />}
      {report && <LedgerReportModal facility={f} kind={report} onClose={() => setReport(null)} />}
    </SplitPanel>
  );
}
