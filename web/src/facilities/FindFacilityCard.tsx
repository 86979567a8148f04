/**
 * Find-a-facility card (spec §2): 'Facility Number' with a hint that partial queries work, Search
 * (disabled while the box is empty or a search runs), and a dropdown of the results as
 * '{facility_number} - {account_name}'. Exactly one result is selected at once. The query is sent
 * wrapped in % wildcards (spec §5); a failed search goes to the parent's onError when it has one.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { errorText } from '../api/api-error';
import { call } from '../api/client';
import type { QueryOf, ResponseOf } from '../api/client';

export type FoundFacility = ResponseOf<'GET /api/facilities/search'>[number];

export const foundLabel = (f: FoundFacility) => `${f.facility_number} - ${f.account_name || 'No account name'}`;
export const wildcard = (query: string) => `%${query.trim()}%`;

interface Props {
  onSelect: (facility: FoundFacility | null) => void;
  /** A failed search is handed to the parent; without a handler the card shows it. */
  onError?: (error: unknown) => void;
  /** Narrows the search to facilities running this software. */
  software?: QueryOf<'GET /api/facilities/search'>['software'];
  header?: string;
  /** A facility chosen before the card was shown (Send Letters' address): shown found and selected until the card searches. */
  chosen?: FoundFacility | null;
}

export function FindFacilityCard({ onSelect, onError, software, header = 'Find a facility', chosen }: Props) {
  const [query, setQuery] = useState('');
  const [loading, setLoading] = useState(false);
  const [results, setResults] = useState<FoundFacility[] | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (chosen && results === null) {
    setQuery(chosen.facility_number);
    setResults([chosen]);
    setSelectedId(chosen.id);
  }

  const choose = (facility: FoundFacility | null) => {
    setSelectedId(facility?.id ?? null);
    onSelect(facility);
  };

  const search = async (event: FormEvent) => {
    event.preventDefault();
    if (!query.trim() || loading) return;
    setLoading(true);
    setFailure(null);
    try {
      const found = await call('GET /api/facilities/search', { query: { facility_number: wildcard(query), software } });
      setResults(found);
      choose(found.length === 1 ? found[0]! : null);
    } catch (err) {
      setResults(null);
      choose(null);
      if (onError) onError(err);
      else setFailure(errorText(err));
    } finally {
      setLoading(false);
    }
  };

  const options = (results ?? []).map((f) => ({ value: f.id, label: foundLabel(f) }));
  const selected = options.find((o) => o.value === selectedId) ?? null;

  return (
    <Container header={<Header variant="h2">{header}</Header>} data-testid="find-facility">
      <SpaceBetween size="m">
        <form onSubmit={(e) => void search(e)} noValidate>
          <FormField
            label="Facility Number"
            constraintText="Hint: Partial queries are supported."
            secondaryControl={<Button formAction="submit" disabled={!query.trim() || loading} loading={loading}>Search</Button>}
          >
            <Input type="search" value={query} onChange={({ detail }) => setQuery(detail.value)} />
          </FormField>
        </form>
        {failure && <Box color="text-status-error">{failure}</Box>}
        {results !== null && (
          results.length === 0 ? (
            <Box color="text-body-secondary">No facility number matches '{query.trim()}'.</Box>
          ) : (
            <FormField label={`Found ${results.length} ${results.length === 1 ? 'facility' : 'facilities'}`}>
              <Select
                selectedOption={selected}
                options={options}
                placeholder="Choose a facility"
                filteringType={options.length > 8 ? 'auto' : 'none'}
                ariaLabel="Found facilities"
                onChange={({ detail }) => choose(results.find((f) => f.id === detail.selectedOption.value) ?? null)}
              />
            </FormField>
          )
        )}
      </SpaceBetween>
    </Container>
  );
}
