import { formatWireDate } from './date-format';

/** Tables show a missing cycle or facility date as the literal 'NULL' (spec §2 Manage cycles). */
export function NullableDate({ value, format = 'M/dd/yyyy' }: { value: string | null | undefined; format?: string }) {
  return <>{value ? formatWireDate(value, format) : 'NULL'}</>;
}
