import type { Dispatch, SetStateAction } from 'react';
import type { ListUrl } from './use-list-url';
import { useFormDraft } from './use-list-url';

/**
 * The filters of a list that applies them on Search rather than as one types (FacilityFilterForm):
 * `draft` is what the form shows, `filters` what the list was last asked for (useServerTable's query).
 * The applied filters live in the address (useListUrl), so Back and a shared link bring them back.
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

/** `filtersOf` turns the applied draft (the address's values) into the list's query (trimmed, blanks left out). */
export function useSearchFilters<D, F>(url: Pick<ListUrl<D>, 'values' | 'setValues' | 'defaults'>, filtersOf: (draft: D) => F): SearchFilters<D, F> {
  const { draft, setDraft, sent } = useFormDraft(url.values);
  return {
    draft,
    setDraft,
    filters: filtersOf(url.values),
    search: () => {
      sent(draft);
      url.setValues(draft);
    },
    reset: () => {
      // As Search does: the emptied address, arriving a render later, must not empty what was typed
      // since the click (seen in CI under load: a name typed right after Reset was wiped before Search).
      sent(url.defaults);
      setDraft(url.defaults);
      url.setValues(url.defaults);
    },
  };
}
