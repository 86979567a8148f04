import { useRef, useState } from 'react';
import Tooltip from '@cloudscape-design/components/tooltip';
import { TOOLTIP_MIN_CHARS } from '../../../shared/constants';

/**
 * Long names and labels are cut to the column with an ellipsis, and the whole text shows in a tooltip
 * on hover or focus once it reaches TOOLTIP_MIN_CHARS (spec §9: 35 characters).
 */
export function TruncatedText({ text, maxWidth = 260 }: { text: string | null | undefined; maxWidth?: number }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  const value = text ?? '';
  if (value.length < TOOLTIP_MIN_CHARS) return <>{value}</>;
  return (
    <>
      <span
        ref={ref}
        tabIndex={0}
        data-tooltip={value}
        onMouseEnter={() => setOpen(true)}
        onMouseLeave={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        style={{ display: 'inline-block', maxWidth, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'bottom' }}
      >
        {value}
      </span>
      {open && <Tooltip content={value} getTrack={() => ref.current} onEscape={() => setOpen(false)} />}
    </>
  );
}
