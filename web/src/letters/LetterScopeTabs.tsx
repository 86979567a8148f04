/**
 * The two ways to choose whose letters to send (spec §2): 'By Facility' (the facility finder with
 * partial matching, its facility dropdown and the facility's cycles) and 'By State' (a state and its
 * facilities). Both tabs stay mounted, so switching back keeps what was found and chosen.
 */
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import Tabs from '@cloudscape-design/components/tabs';
import { STATES } from '../../../shared/states';
import type { StateCode } from '../../../shared/states';
import { FindFacilityCard } from '../facilities/FindFacilityCard';
import type { FoundFacility } from '../facilities/FindFacilityCard';
import { useFacilityCycles, useStateFacilities } from './letters-api';
import type { LetterTab } from './letter-scope';

const ALL_CYCLES = { value: '', label: 'All cycles' };
const STATE_OPTIONS = STATES.map(([code, name]) => ({ value: code, label: `${name} (${code})` }));

function CycleCard({ facility, cycleId, onCycle }: { facility: FoundFacility | null; cycleId: string; onCycle: (id: string) => void }) {
  const cycles = useFacilityCycles(facility?.id);
  const options = [ALL_CYCLES, ...(cycles.data ?? []).map((c) => ({ value: c.id, label: c.label || 'Unnamed', description: `${c.tenant_count} tenants` }))];
  return (
    <Container header={<Header variant="h2">Cycle</Header>}>
      <FormField label="Cycle" description={facility ? `Facility ${facility.facility_number}` : 'Find a facility first.'}>
        <Select
          selectedOption={options.find((o) => o.value === cycleId) ?? ALL_CYCLES}
          options={options}
          disabled={!facility}
          ariaLabel="Cycle"
          statusType={cycles.isFetching ? 'loading' : cycles.isError ? 'error' : 'finished'}
          loadingText="Loading cycles"
          errorText="The cycles could not be loaded."
          onChange={({ detail }) => onCycle(detail.selectedOption.value ?? '')}
        />
      </FormField>
    </Container>
  );
}

function StateCard({ state, onState }: { state: StateCode | null; onState: (state: StateCode) => void }) {
  const facilities = useStateFacilities(state);
  const count = facilities.data?.length;
  const description = !state
    ? 'Every facility of the state, its tenants in one list.'
    : facilities.isError
      ? 'The facilities of the state could not be loaded.'
      : count === undefined
        ? 'Loading facilities…'
        : `${count} ${count === 1 ? 'facility' : 'facilities'}${count ? `: ${facilities.data!.map((f) => f.facility_number).join(', ')}` : ''}`;
  return (
    <Container header={<Header variant="h2">Choose a state</Header>}>
      <FormField label="State" description={description}>
        <Select
          selectedOption={STATE_OPTIONS.find((o) => o.value === state) ?? null}
          options={STATE_OPTIONS}
          filteringType="auto"
          placeholder="Choose a state"
          ariaLabel="State"
          onChange={({ detail }) => onState(detail.selectedOption.value as StateCode)}
        />
      </FormField>
    </Container>
  );
}

interface Props {
  tab: LetterTab;
  onTab: (tab: LetterTab) => void;
  facility: FoundFacility | null;
  onFacility: (facility: FoundFacility | null) => void;
  cycleId: string;
  onCycle: (cycleId: string) => void;
  state: StateCode | null;
  onState: (state: StateCode) => void;
}

export function LetterScopeTabs({ tab, onTab, facility, onFacility, cycleId, onCycle, state, onState }: Props) {
  return (
    <Tabs
      activeTabId={tab}
      onChange={({ detail }) => onTab(detail.activeTabId as LetterTab)}
      ariaLabel="Send letters by"
      tabs={[
        {
          id: 'facility',
          label: 'By Facility',
          contentRenderStrategy: 'lazy',
          content: (
            <ColumnLayout columns={2}>
              <FindFacilityCard onSelect={onFacility} chosen={facility} />
              <CycleCard facility={facility} cycleId={cycleId} onCycle={onCycle} />
            </ColumnLayout>
          ),
        },
        {
          id: 'state',
          label: 'By State',
          contentRenderStrategy: 'lazy',
          content: <StateCard state={state} onState={onState} />,
        },
      ]}
    />
  );
}
