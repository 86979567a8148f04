/**
 * Idle detection (spec: idle after 5000 ms without input). Coming back after 4 hours or more reloads
 * the page, so a tab left open overnight never works on with an old build or stale data. The overlay
 * is a different matter: it shows only after IDLE_OVERLAY_AFTER_MS (minutes), since five seconds
 * without input is someone reading a page, and greying it then got in their way (issue 24).
 */
import { useEffect, useState } from 'react';
import { IDLE_OVERLAY_AFTER_MS, IDLE_RELOAD_AFTER_MS } from '../../../shared/constants';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart', 'scroll', 'input', 'focusin'] as const;

/** True once the user has been away long enough for the overlay. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);

  useEffect(() => {
    let lastActivity = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setIdle(true), IDLE_OVERLAY_AFTER_MS);
    };
    arm();

    const onActivity = () => {
      const now = Date.now();
      const idleFor = now - lastActivity;
      lastActivity = now;
      if (idleFor >= IDLE_RELOAD_AFTER_MS) {
        window.location.reload();
        return;
      }
      setIdle(false);
      arm();
    };

    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { capture: true, passive: true });
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, []);

  return idle;
}
