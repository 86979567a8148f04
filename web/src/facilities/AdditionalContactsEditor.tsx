/**
 * Additional-contacts editor (spec §2 Other widgets): one row per contact with five columns (title,
 * name, email, phone, delete) and an add row whose title offers suggestions on focus. Spec §5: title,
 * name and email are trimmed and must not be empty (checked in that order, error toasts); the phone
 * keeps its digits only and may be empty.
 */
import { useState } from 'react';
import Autosuggest from '@cloudscape-design/components/autosuggest';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { AdditionalContact } from '../../../shared/contracts/program';
import { formatPhone } from '../../../shared/format';
import { useToast } from '../shell/toasts';

export const TITLE_SUGGESTIONS = ['District Manager', 'Operations Manager', 'Owner'];
export const digitsOnly = (s: string) => s.replace(/\D/g, '');

/** Spec §5 'Additional contact add'; null when the contact may be added. */
export function contactProblem(c: { title: string; name: string; email: string }): string | null {
  if (!c.title.trim()) return 'Title cannot be empty';
  if (!c.name.trim()) return 'Name cannot be empty';
  if (!c.email.trim()) return 'Email cannot be empty';
  return null;
}

const BLANK = { title: '', name: '', email: '', phone: '' };

export function AdditionalContactsEditor({ contacts, onChange }: { contacts: AdditionalContact[]; onChange: (next: AdditionalContact[]) => void }) {
  const toast = useToast();
  const [draft, setDraft] = useState(BLANK);
  const set = (name: keyof typeof BLANK, value: string) => setDraft((d) => ({ ...d, [name]: value }));

  const add = () => {
    const problem = contactProblem(draft);
    if (problem) {
      toast(problem, 'error');
      return;
    }
    onChange([...contacts, { title: draft.title.trim(), name: draft.name.trim(), email: draft.email.trim(), phone: digitsOnly(draft.phone) }]);
    setDraft(BLANK);
  };
  const onEnter = (event: { detail: { key: string }; preventDefault: () => void }) => {
    if (event.detail.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <SpaceBetween size="s">
      <Table
        variant="embedded"
        contentDensity="compact"
        ariaLabels={{ tableLabel: 'Additional contacts' }}
        items={contacts}
        columnDefinitions={[
          { id: 'title', header: 'Title', cell: (c) => c.title },
          { id: 'name', header: 'Name', cell: (c) => c.name },
          { id: 'email', header: 'Email', cell: (c) => c.email },
          { id: 'phone', header: 'Phone', cell: (c) => formatPhone(c.phone) || '--' },
          {
            id: 'delete',
            header: '',
            width: 70,
            cell: (c) => (
              <Button variant="icon" iconName="remove" ariaLabel={`Delete contact ${c.name}`} onClick={() => onChange(contacts.filter((x) => x !== c))} />
            ),
          },
        ]}
        empty={<Box textAlign="center" color="text-body-secondary">No additional contacts.</Box>}
      />
      <div role="group" aria-label="Add a contact">
        <SpaceBetween direction="horizontal" size="xs" alignItems="end">
          <FormField label="Contact title">
            <Autosuggest
              value={draft.title}
              options={TITLE_SUGGESTIONS.map((value) => ({ value }))}
              enteredTextLabel={(v) => `Use: "${v}"`}
              placeholder="Title"
              onChange={({ detail }) => set('title', detail.value)}
            />
          </FormField>
          <FormField label="Contact name">
            <Input value={draft.name} onChange={({ detail }) => set('name', detail.value)} onKeyDown={onEnter} />
          </FormField>
          <FormField label="Contact email">
            <Input type="email" value={draft.email} onChange={({ detail }) => set('email', detail.value)} onKeyDown={onEnter} />
          </FormField>
          <FormField label="Contact phone">
            <Input
              inputMode="tel"
              value={draft.phone}
              onChange={({ detail }) => set('phone', digitsOnly(detail.value))}
              onKeyDown={onEnter}
            />
          </FormField>
          <Button iconName="add-plus" onClick={add}>Add contact</Button>
        </SpaceBetween>
      </div>
    </SpaceBetween>
  );
}
