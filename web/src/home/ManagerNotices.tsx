import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { CycleView } from '../../../shared/contracts/cycles';
import { useFollow } from '../shell/follow';
import { formatWireDate, todayWire } from '../widgets/date-format';
import { cyclesRequiringSetup, markNoticeSeen, noticeSeen, recentCycles } from './manager-notices';
import type { Notice } from './manager-notices';
import './manager-notices.css';

/** M/DD/YYYY, the spec's display format. */
const shown = (wire: string | null) => (wire ? formatWireDate(wire, 'M/dd/yyyy') : '--');

export function setupSentence(cycle: CycleView): string {
  const n = cycle.stats.requires_setup;
  return `${n} ${n === 1 ? 'tenant still requires' : 'tenants still require'} setup for coverage before ${shown(cycle.setup_coverage_end_date)}.`;
}

/** Closable only through Acknowledge (spec §2): Escape and clicks outside do nothing, the close icon is hidden. */
function TenantsRequireSetupModal({ cycles, onAcknowledge }: { cycles: CycleView[]; onAcknowledge: () => void }) {
  return (
    <Modal
      visible
      closeAriaLabel="Acknowledge to close"
      onDismiss={() => undefined}
      header="Tenants Require Setup"
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onAcknowledge}>Acknowledge</Button>
        </Box>
      }
    >
      {cycles.length === 1 ? (
        <Box variant="p">{setupSentence(cycles[0]!)}</Box>
      ) : (
        <SpaceBetween size="xs">
          {cycles.map((c) => (
            <Box key={c.id} variant="p">
              <b>{c.label || 'Unnamed'}:</b> {setupSentence(c)}
            </Box>
          ))}
        </SpaceBetween>
      )}
    </Modal>
  );
}

function RecentCycleModal({ cycles, onClose }: { cycles: CycleView[]; onClose: () => void }) {
  const follow = useFollow();
  return (
    <Modal
      visible
      onDismiss={onClose}
      closeAriaLabel="Close notice"
      header={cycles.length === 1 ? 'A new cycle has started' : 'New cycles have started'}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onClose}>Close</Button>
        </Box>
      }
    >
      <SpaceBetween size="s">
        {cycles.map((c) => (
          <SpaceBetween key={c.id} direction="horizontal" size="s" alignItems="center">
            <Box variant="p">
              The letters of cycle <b>{c.label || 'Unnamed'}</b> took effect on {shown(c.letter_effective_date)}. Please review your tenants&apos; responses.
            </Box>
            <Button href={`/cycle-audit/${encodeURIComponent(c.id)}`} onFollow={follow}>Enter Audit</Button>
          </SpaceBetween>
        ))}
      </SpaceBetween>
    </Modal>
  );
}

/** Shows the setup notice, then the recent-cycle notice, each once per session. */
export function ManagerNotices({ userId, cycles }: { userId: string; cycles: CycleView[] }) {
  const [queue, setQueue] = useState<Notice[]>(() => {
    const today = todayWire();
    const due: Notice[] = [];
    if (!noticeSeen(userId, 'requires-setup') && cyclesRequiringSetup(cycles, today).length > 0) due.push('requires-setup');
    if (!noticeSeen(userId, 'recent-cycle') && recentCycles(cycles, today).length > 0) due.push('recent-cycle');
    return due;
  });
  const current = queue[0];
  const done = () => {
    if (current) markNoticeSeen(userId, current);
    setQueue((q) => q.slice(1));
  };
  const today = todayWire();
  if (current === 'requires-setup') return <TenantsRequireSetupModal cycles={cyclesRequiringSetup(cycles, today)} onAcknowledge={done} />;
  if (current === 'recent-cycle') return <RecentCycleModal cycles={recentCycles(cycles, today)} onClose={done} />;
  return null;
}
