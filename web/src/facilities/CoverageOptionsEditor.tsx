/**
 * Coverage options component (spec §2 Other widgets): premium and coverage pairs with a $ prefix, a
 * delete button per row and an add form (to edit a coverage, delete it and add it again). Options can
 * also be loaded from the facility's SiteLink or StorEdge account, replacing the options that came from
 * the same software (spec §4), or from the state's default list.
 */
import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { CoverageOption } from '../../../shared/contracts/program';
import { errorText } from '../api/api-error';
import { call } from '../api/client';
import type { ResponseOf } from '../api/client';
import { useToast } from '../shell/toasts';
import { ErrorModal } from './dialogs';

export type CoverageSoftware = 'sitelink' | 'storedge';
export const SOFTWARE_NAME: Record<CoverageSoftware, string> = { sitelink: 'SiteLink', storedge: 'StorEdge' };

/** Trimmed, an optional leading $ and thousands commas allowed; null when it is not a decimal number. */
export function parseDecimal(raw: string): number | null {
  const s = raw.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(s)) return null;
  return Number(s);
}

/** Spec §5 'Coverage option add', checked in the spec's order; null when the pair is fine. */
export function coverageProblem(coverage: string, premium: string): string | null {
  if (!coverage.trim()) return 'Coverage cannot be empty';
  if (!premium.trim()) return 'Premium cannot be empty';
  if (parseDecimal(coverage) === null) return 'Coverage is an invalid number';
  if (parseDecimal(premium) === null) return 'Premium is an invalid number';
  return null;
}

export const money = (n: number) =>
  `$${n.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(n) ? 0 : 2, maximumFractionDigits: 2 })}`;

/** The software answers in its own shape (spec §7); both become coverage options tagged with their id. */
export function optionsFromSoftware(answer: ResponseOf<'GET /api/coverages/fetch-from-api'>): CoverageOption[] {
  if (Array.isArray(answer)) {
    return answer.map((r) => ({ coverage: r.dcCoverage, premium: r.dcPremium, sitelink_coverage_id: r.InsurCoverageID }));
  }
  return answer.invoiceable_items.map((r) => ({ coverage: r.coverage_amount, premium: r.amount, storedge_coverage_id: r.id }));
}

const fromSoftware = (o: CoverageOption, software: CoverageSoftware) =>
  software === 'sitelink' ? Boolean(o.sitelink_coverage_id) : Boolean(o.storedge_coverage_id);

export function replaceFromSoftware(current: CoverageOption[], loaded: CoverageOption[], software: CoverageSoftware): CoverageOption[] {
  return [...current.filter((o) => !fromSoftware(o, software)), ...loaded];
}

const sameOption = (a: CoverageOption, b: CoverageOption) => a.coverage === b.coverage && a.premium === b.premium;

function sourceOf(o: CoverageOption): string {
  if (o.sitelink_coverage_id) return `SiteLink #${o.sitelink_coverage_id}`;
  if (o.storedge_coverage_id) return `StorEdge #${o.storedge_coverage_id}`;
  return 'Entered';
}

interface Props {
  coverages: CoverageOption[];
  onChange: (next: CoverageOption[]) => void;
  /** Needed to load options from SiteLink or StorEdge. */
  facilityNumber: string;
  /** Needed to load the state's default options. */
  state: string;
  errorText?: string;
}

export function CoverageOptionsEditor({ coverages, onChange, facilityNumber, state, errorText: fieldError }: Props) {
  const toast = useToast();
  const [coverage, setCoverage] = useState('');
  const [premium, setPremium] = useState('');
  const [loading, setLoading] = useState<CoverageSoftware | 'state' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const add = () => {
    const problem = coverageProblem(coverage, premium);
    if (problem) {
      toast(problem, 'error');
      return;
    }
    const option = { coverage: parseDecimal(coverage)!, premium: parseDecimal(premium)! };
    if (coverages.some((o) => sameOption(o, option))) {
      toast('That coverage option is already in the list.', 'error');
      return;
    }
    onChange([...coverages, option]);
    setCoverage('');
    setPremium('');
  };

  const loadFromSoftware = async (software: CoverageSoftware) => {
    const number = facilityNumber.trim();
    if (!number) {
      toast('A facility number is required to load coverages.', 'error');
      return;
    }
    setLoading(software);
    try {
      const loaded = optionsFromSoftware(await call('GET /api/coverages/fetch-from-api', { query: { facility_number: number, software } }));
      onChange(replaceFromSoftware(coverages, loaded, software));
      toast(`Loaded ${loaded.length} coverage option${loaded.length === 1 ? '' : 's'} from ${SOFTWARE_NAME[software]}.`);
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setLoading(null);
    }
  };

  const loadStateDefaults = async () => {
    if (!state) {
      toast('Choose the facility\'s state to load its default coverages.', 'error');
      return;
    }
    setLoading('state');
    try {
      const defaults = await call('GET /api/coverages/available', { query: { state: state as never } });
      const missing = defaults.filter((d) => !coverages.some((o) => sameOption(o, d)));
      onChange([...coverages, ...missing.map(({ coverage: c, premium: p }) => ({ coverage: c, premium: p }))]);
      toast(`Added ${missing.length} default coverage option${missing.length === 1 ? '' : 's'} for ${state}.`);
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setLoading(null);
    }
  };

  const onEnter = (event: { detail: { key: string }; preventDefault: () => void }) => {
    if (event.detail.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <>
      <SpaceBetween size="s">
        <FormField stretch errorText={fieldError} label="Coverage options" description="Each option is a monthly premium and the coverage it buys. To change one, delete it and add it again.">
          <Table
            variant="embedded"
            contentDensity="compact"
            ariaLabels={{ tableLabel: 'Coverage options' }}
            items={coverages}
            trackBy={(o) => `${o.premium}-${o.coverage}-${o.sitelink_coverage_id ?? ''}-${o.storedge_coverage_id ?? ''}`}
            columnDefinitions={[
              { id: 'premium', header: 'Premium', cell: (o) => money(o.premium) },
              { id: 'coverage', header: 'Coverage', cell: (o) => money(o.coverage) },
              { id: 'source', header: 'Source', cell: sourceOf },
              {
                id: 'delete',
                header: '',
                width: 70,
                cell: (o) => (
                  <Button
                    variant="icon"
                    iconName="remove"
                    ariaLabel={`Delete coverage ${money(o.coverage)} for ${money(o.premium)}`}
                    onClick={() => onChange(coverages.filter((x) => x !== o))}
                  />
                ),
              },
            ]}
            empty={<Box textAlign="center" color="text-body-secondary">No coverage options yet. Add one below or load them.</Box>}
          />
        </FormField>
        <div role="group" aria-label="Add a coverage option">
          <SpaceBetween direction="horizontal" size="xs" alignItems="end">
            <FormField label="Premium ($)">
              <Input value={premium} placeholder="$ 12.00" inputMode="decimal" onChange={({ detail }) => setPremium(detail.value)}
                onKeyDown={onEnter} />
            </FormField>
            <FormField label="Coverage ($)">
              <Input value={coverage} placeholder="$ 2,000" inputMode="decimal" onChange={({ detail }) => setCoverage(detail.value)}
                onKeyDown={onEnter} />
            </FormField>
            <Button iconName="add-plus" onClick={() => add()}>Add coverage</Button>
          </SpaceBetween>
        </div>
        <SpaceBetween direction="horizontal" size="xs">
          <Button loading={loading === 'sitelink'} disabled={loading !== null && loading !== 'sitelink'} onClick={() => void loadFromSoftware('sitelink')}>
            Load from SiteLink
          </Button>
          <Button loading={loading === 'storedge'} disabled={loading !== null && loading !== 'storedge'} onClick={() => void loadFromSoftware('storedge')}>
            Load from StorEdge
          </Button>
          <Button loading={loading === 'state'} disabled={loading !== null && loading !== 'state'} onClick={() => void loadStateDefaults()}>
            Load defaults for {state || 'the state'}
          </Button>
        </SpaceBetween>
      </SpaceBetween>
      <ErrorModal message={failure} onClose={() => setFailure(null)} />
    </>
  );
}
