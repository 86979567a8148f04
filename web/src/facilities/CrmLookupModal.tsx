/**
 * 'Load data from the CRM' (spec §2): a required Facility Number and Search; then 'Loading facility...',
 * an error in danger text, the result cards, or the empty hint. 'Use facility data' hands the record to
 * the form and closes the modal.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import type { CrmFacility } from '../../../shared/contracts/facilities';
import { errorText } from '../api/api-error';
import { call } from '../api/client';

/** Where a CRM account record is shown to people (the CRM's own web app). */
export const crmAccountUrl = (id: string) => `https://crm.zoho.com/crm/tab/Accounts/${encodeURIComponent(id)}`;

type LookupState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'found'; facilities: CrmFacility[] };

function PrimaryContact({ f }: { f: CrmFacility }) {
  const lines = [f.Property_Mgr, f.Site_Email].map((l) => (l ?? '').trim()).filter(Boolean);
  return lines.length ? <>{lines.map((l) => <div key={l}>{l}</div>)}</> : <>--</>;
}

function CrmAddress({ f }: { f: CrmFacility }) {
  const line3 = [[f.City, f.State].map((p) => (p ?? '').trim()).filter(Boolean).join(', '), (f.ZIP_Code ?? '').trim()].filter(Boolean).join(' ');
  const lines = [f.Address, f.Address_2, line3].map((l) => (l ?? '').trim()).filter(Boolean);
  return lines.length ? <>{lines.map((l) => <div key={l}>{l}</div>)}</> : <>--</>;
}

export function CrmLookupModal({ onUse, onClose }: { onUse: (facility: CrmFacility) => void; onClose: () => void }) {
  const [number, setNumber] = useState('');
  const [touched, setTouched] = useState(false);
  const [state, setState] = useState<LookupState>({ kind: 'idle' });
  const loading = state.kind === 'loading';
  const missing = touched && !number.trim();

  const search = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!number.trim()) return;
    setState({ kind: 'loading' });
    try {
      const { data } = await call('GET /api/facilities/from-zoho', { query: { facility_number: number.trim() } });
      setState({ kind: 'found', facilities: data });
    } catch (err) {
      setState({ kind: 'error', message: errorText(err) });
    }
  };

  return (
    <Modal visible size="medium" onDismiss={onClose} closeAriaLabel="Close" header="Load data from the CRM">
      <SpaceBetween size="m">
        <Box variant="p">Enter the facility number to look up its account in the CRM, then choose the record to fill the form with.</Box>
        <form onSubmit={(e) => void search(e)} noValidate>
          <SpaceBetween direction="horizontal" size="xs" alignItems="end">
            <FormField label="Facility Number" errorText={missing ? 'Facility number is required.' : undefined}>
              <Input value={number} disabled={loading} onChange={({ detail }) => setNumber(detail.value)} ariaRequired autoFocus />
            </FormField>
            <Button formAction="submit" variant="primary" disabled={loading}>Search</Button>
          </SpaceBetween>
        </form>
        {state.kind === 'loading' && (
          <Box color="text-body-secondary"><Spinner /> Loading facility...</Box>
        )}
        {state.kind === 'error' && (
          <Box color="text-status-error" data-testid="crm-error">{state.message}</Box>
        )}
        {state.kind === 'found' && state.facilities.length > 0 && (
          <SpaceBetween size="s">
          <Box variant="h3">Found {state.facilities.length} {state.facilities.length === 1 ? 'facility' : 'facilities'}:</Box>
            <Cards
              items={state.facilities}
              trackBy="id"
              cardsPerRow={[{ cards: 1 }]}
              ariaLabels={{ itemSelectionLabel: () => '', selectionGroupLabel: 'CRM facilities' }}
              cardDefinition={{
                header: (f) => f.Account_Name || f.Facility_Number,
                sections: [
                  { id: 'number', header: 'Facility Number', content: (f) => f.Facility_Number },
                  { id: 'account', header: 'Account Name', content: (f) => f.Account_Name || '--' },
                  { id: 'address', header: 'Address', content: (f) => <CrmAddress f={f} /> },
                  { id: 'contact', header: 'Primary Contact', content: (f) => <PrimaryContact f={f} /> },
                  {
                    id: 'actions',
                    content: (f) => (
                      <SpaceBetween direction="horizontal" size="s" alignItems="center">
                        <Button
                          variant="primary"
                          ariaLabel={`Use facility data of ${f.Facility_Number}`}
                          onClick={() => {
                            onUse(f);
                            onClose();
                          }}
                        >
                          Use facility data
                        </Button>
                        <Link href={crmAccountUrl(f.id)} external target="_blank">See in CRM</Link>
                      </SpaceBetween>
                    ),
                  },
                ],
              }}
            />
          </SpaceBetween>
        )}
        {(state.kind === 'idle' || (state.kind === 'found' && state.facilities.length === 0)) && (
          <Box textAlign="center" color="text-body-secondary" padding="l">
            {state.kind === 'found' ? 'No CRM account has this facility number.' : 'Facility data will be shown here.'}
          </Box>
        )}
      </SpaceBetween>
    </Modal>
  );
}
