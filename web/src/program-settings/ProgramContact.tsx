/**
 * How to reach the program office, as Program Settings hold it (the Need Help dialog, before login too,
 * and the manager home), read from the public app status. While it is not set, it says so instead of
 * showing a made-up number.
 */
import Link from '@cloudscape-design/components/link';
import { formatPhone } from '../../../shared/format';
import { useAppStatus } from '../shell/status-banners';

export interface ProgramContactDetails {
  name: string;
  phone: string;
  email: string;
}

/** The program's name, phone and e-mail; null while loading or not set. */
export function useProgramContact(): ProgramContactDetails | null {
  return useAppStatus().data?.program_contact ?? null;
}

export const telHref = (phone: string) => `tel:${phone.replace(/\D/g, '')}`;

/** 'Demo Tenant Protection Program at (800) 555-0100 or letters@...' inside a sentence. */
export function ProgramContactText() {
  const contact = useProgramContact();
  if (!contact) return <>the program office</>;
  return (
    <>
      {contact.name} at <Link href={telHref(contact.phone)}>{formatPhone(contact.phone)}</Link> or{' '}
      <Link href={`mailto:${contact.email}`}>{contact.email}</Link>
    </>
  );
}
