import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import type { ServerPage, ServerTable } from './use-server-table';

/**
 * The alert of a refused selection (spec §5, §9: at most 300 tenants per selection, to conserve system
 * resources), shown while useServerTable's `refusedSelection` is set.
 */
export function SelectionLimitModal<T, R extends ServerPage<T>>({ table, noun }: { table: ServerTable<T, R>; noun: string }) {
  const { refusedSelection, selectionLimit, dismissRefusal } = table;
  return (
    <Modal
      visible={refusedSelection !== null}
      onDismiss={dismissRefusal}
      closeAriaLabel="Close"
      header="Selection limit"
      footer={<Box float="right"><Button variant="primary" onClick={dismissRefusal}>OK</Button></Box>}
    >
      You can select at most {selectionLimit} {noun} at a time, to conserve system resources
      {refusedSelection !== null ? ` (this would have selected ${refusedSelection}).` : '.'}
    </Modal>
  );
}
