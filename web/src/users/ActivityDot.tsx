import { useRef, useState } from 'react';
import Tooltip from '@cloudscape-design/components/tooltip';
import { activityOf, elapsedText } from '../../../shared/activity';
import type { Activity, Elapsed } from '../../../shared/activity';
import './activity-dot.css';

const LABELS: Record<Exclude<Activity, 'never'>, string> = {
  active: 'Active',
  recent: 'Recently active',
  offline: 'Offline',
  rogue: 'Inactive for 3 days or more',
};

/** A coloured dot for how recently the user was active, with the elapsed time on hover or focus. */
export function ActivityDot({ elapsed }: { elapsed: Elapsed }) {
  const activity = activityOf(elapsed);
  const ref = useRef<HTMLSpanElement>(null);
  const [showTip, setShowTip] = useState(false);
  if (activity === 'never') return <span title="Never active">--</span>;
  const text = elapsedText(elapsed);
  return (
    <>
      <span
        ref={ref}
        className={`activity-dot activity-dot--${activity}`}
        data-activity={activity}
        role="img"
        aria-label={`${LABELS[activity]}, ${text}`}
        tabIndex={0}
        onMouseEnter={() => setShowTip(true)}
        onMouseLeave={() => setShowTip(false)}
        onFocus={() => setShowTip(true)}
        onBlur={() => setShowTip(false)}
      />
      {showTip && <Tooltip content={`${LABELS[activity]}: ${text}`} getTrack={() => ref.current} onEscape={() => setShowTip(false)} />}
    </>
  );
}
