/** The refresh button of every list: spins while a reload runs (not the first load, which the list shows itself). */
import Button from '@cloudscape-design/components/button';

interface Reloadable {
  isFetching: boolean;
  isLoading: boolean;
  refetch: () => Promise<unknown>;
}

/** An icon button named by `ariaLabel`, or, with `text`, a button that reads 'Refresh' (inside a form: formAction none). */
export function RefreshButton({ list, ariaLabel, text }: { list: Reloadable; ariaLabel?: string; text?: boolean }) {
  return (
    <Button iconName="refresh" ariaLabel={ariaLabel} formAction="none" loading={list.isFetching && !list.isLoading} onClick={() => void list.refetch()}>
      {text ? 'Refresh' : undefined}
    </Button>
  );
}
