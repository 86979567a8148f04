import { useState } from 'react';
import type { Dispatch, SetStateAction } from 'react';

/**
 * The filters of a list that applies them on Search rather than as one types (FacilityFilterForm):
 * `draft` is what the form shows, `filters` what the list was last asked for (useServerTable's query).
 */
export interface SearchFilters<D, F> {
  draft: D;
  setDraft: Dispatch<SetStateAction<D>>;
  filters: F;
  /** Applies the draft. */
  search: () => void;
  /** Empties the form and shows the list unfiltered. */
  reset: () => void;
}

/** `filtersOf` turns a draft into the list's query (trimmed, blanks left out). */
export function useSearchFilters<D, F>(empty: D, filtersOf: (draft: D) => F): SearchFilters<D, F> {
  const [draft, setDraft] = useState(empty);
  const [filters, setFilters] = useState(() => filtersOf(empty));
  return {
    draft,
    setDraft,
    filters,
    search: () => setFilters(filtersOf(draft)),
    reset: () => {
      setDraft(empty);
      setFilters(filtersOf(empty));
    },
  };
}
