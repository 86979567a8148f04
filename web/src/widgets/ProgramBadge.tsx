import Badge from '@cloudscape-design/components/badge';

/** The insurance program beside a facility number; the AIG program stands out (spec §2, §9). */
export const HIGHLIGHTED_PROGRAM = 'aig';

export function ProgramBadge({ programKey, label }: { programKey: string; label: string }) {
  if (!label && !programKey) return null;
  const highlighted = programKey === HIGHLIGHTED_PROGRAM;
  return (
    <Badge color={highlighted ? 'red' : 'grey'} data-program={programKey} data-highlighted={highlighted ? 'true' : undefined}>
      {label || programKey}
    </Badge>
  );
}
