import Box from '@cloudscape-design/components/box';
import './idle-overlay.css';

/**
 * Shown while the user is idle. It lets every click through (pointer-events: none): the first input
 * both wakes the page and does what the user meant, instead of being swallowed by the overlay.
 */
export function IdleOverlay({ visible }: { visible: boolean }) {
  if (!visible) return null;
  return (
    <div className="idle-overlay" data-testid="idle-overlay" role="status" aria-live="polite">
      <div className="idle-overlay__card">
        <div className="idle-overlay__dots" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
        <Box variant="h3" padding="n">Are you still there?</Box>
        <Box variant="p" color="text-body-secondary" padding="n">Move the mouse or press a key to continue.</Box>
      </div>
    </div>
  );
}
