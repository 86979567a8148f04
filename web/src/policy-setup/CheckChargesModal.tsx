/**
 * The Check Charges modal (spec §2 'Check Charges modal', §4 'Charge check', §8, §9): it starts the
 * check 150 ms after it opens, shows loading, then 'Error!' with the message, or 'Check complete!',
 * 'Confirmed N tenants.' and the confirmed tenants (Unit, Tenant Name, Insurance Effective Date with
 * the update icon when the software's start date replaced an earlier one). Closing calls onClose; a
 * check still running goes on on the server and is simply no longer shown.
 */
import { useEffect, useRef, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Icon from '@cloudscape-design/components/icon';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Table from '@cloudscape-design/components/table';
import Tooltip from '@cloudscape-design/components/tooltip';
import { CHECK_CHARGES_START_DELAY_MS } from '../../../shared/contracts/policy-setup';
import type { ConfirmedCharge } from '../../../shared/contracts/policy-setup';
import { errorText } from '../api/api-error';
import { useMounted } from '../jobs/wait-for-job';
import { formatWireDate } from '../widgets/date-format';
import { checkCharges, dateWasUpdated, tenantNameOf } from './charge-check';
import type { ChargeCheckResult } from './charge-check';

export interface CheckChargesModalProps {
  facility: { id: string; facility_number: string };
  onClose: () => void;
}

type CheckState = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'complete'; result: ChargeCheckResult };

/** Spec §9: M/dd/yyyy for the insurance effective date. */
const showDate = (wire: string | null) => (wire ? formatWireDate(wire, 'M/dd/yyyy') : '');

/** The effective date, with the update icon and its 'Original Date: {date}' tooltip (hover or focus). */
function EffectiveDate({ charge }: { charge: ConfirmedCharge }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  if (!dateWasUpdated(charge)) return <>{showDate(charge.insurance_effective_date)}</>;
  const original = `Original Date: ${showDate(charge.original_insurance_effective_date)}`;
  return (
    <SpaceBetween direction="horizontal" size="xxs" alignItems="center">
      <span>{showDate(charge.insurance_effective_date)}</span>
      <span
        ref={ref}
        tabIndex={0}
        role="img"
        aria-label={original}
        data-testid="original-date"
        onMouseEnter={() => setOpen(true)}
        onMouseLeave={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      >
        <Icon name="refresh" variant="subtle" />
      </span>
      {open && <Tooltip content={original} getTrack={() => ref.current} onEscape={() => setOpen(false)} />}
    </SpaceBetween>
  );
}

const COLUMNS = [
  { id: 'unit', header: 'Unit', cell: (t: ConfirmedCharge) => t.unit },
  { id: 'name', header: 'Tenant Name', cell: (t: ConfirmedCharge) => tenantNameOf(t) },
  { id: 'insurance_effective_date', header: 'Insurance Effective Date', width: 200, cell: (t: ConfirmedCharge) => <EffectiveDate charge={t} /> },
];

export function CheckChargesModal({ facility, onClose }: CheckChargesModalProps) {
  const [state, setState] = useState<CheckState>({ kind: 'loading' });
  const mounted = useMounted();

  useEffect(() => {
    let current = true;
    const wanted = () => current && mounted.current;
    const timer = setTimeout(() => {
      checkCharges(facility.id, wanted)
        .then((result) => {
          if (result && wanted()) setState({ kind: 'complete', result });
        })
        .catch((err: unknown) => {
          if (wanted()) setState({ kind: 'error', message: errorText(err) });
        });
    }, CHECK_CHARGES_START_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [facility.id, mounted]);

  return (
    <Modal
      visible
      size="large"
      onDismiss={onClose}
      closeAriaLabel="Close"
      header={`Checking Charges for ${facility.facility_number}`}
      footer={<Box float="right"><Button variant="primary" onClick={onClose}>Close</Button></Box>}
    >
      <div data-testid="check-charges">
        {state.kind === 'loading' && (
          <Box textAlign="center" padding="l"><Spinner size="large" /><Box variant="p">Checking charges…</Box></Box>
        )}
        {state.kind === 'error' && (
          <Box color="text-status-error"><Box variant="strong" color="inherit">Error!</Box> {state.message}</Box>
        )}
        {state.kind === 'complete' && (
          <SpaceBetween size="s">
            <Box variant="h3">Check complete!</Box>
            <Box variant="p">{`Confirmed ${state.result.confirmed_count.toLocaleString()} ${state.result.confirmed_count === 1 ? 'tenant' : 'tenants'}.`}</Box>
            {state.result.confirmed.length < state.result.confirmed_count && (
              <Box variant="small">
                {`The first ${state.result.confirmed.length.toLocaleString()} by unit are listed; every tenant confirmed shows API Confirmed in the tenant list.`}
              </Box>
            )}
            <Table
              variant="embedded"
              items={state.result.confirmed}
              columnDefinitions={COLUMNS}
              trackBy="id"
              empty={<Box textAlign="center" color="inherit">No charges were confirmed.</Box>}
            />
          </SpaceBetween>
        )}
      </div>
    </Modal>
  );
}
