/** Cycle Audit's three read-only date cards (spec §2): planned audit and reminder letter dates, letter effective date. */
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import type { CycleView } from '../../../shared/contracts/cycles';
import { formatWireDate } from '../widgets/date-format';

function DateCard({ title, date }: { title: string; date: string | null }) {
  return (
    <Container header={<Header variant="h3">{title}</Header>}>
      <Box variant="p" fontSize="heading-m">{date ? formatWireDate(date, 'M/d/yyyy') : 'No date set.'}</Box>
    </Container>
  );
}

export function CycleDateCards({ cycle }: { cycle: CycleView }) {
  return (
    <ColumnLayout columns={3}>
      <DateCard title="Planned Audit Letter Date" date={cycle.initial_letter_send_date} />
      <DateCard title="Planned Reminder Letter Date" date={cycle.reminder_letter_send_date} />
      <DateCard title="Letter Effective Date" date={cycle.letter_effective_date} />
    </ColumnLayout>
  );
}
