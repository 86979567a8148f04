/**
 * Pages show row details in the layout's split panel (Manage Users: a user's facility). The shell owns
 * the AppLayout, so a page hands its panel up through this context and takes it back on unmount.
 */
import { createContext, useContext, useEffect, useState } from 'react';
import type { Dispatch, ReactNode, SetStateAction } from 'react';

export interface PagePanel {
  element: ReactNode;
  onClose: () => void;
}

type SetPanel = Dispatch<SetStateAction<PagePanel | null>>;
const SetPanelContext = createContext<SetPanel | null>(null);

export function useSplitPanelState(): [PagePanel | null, SetPanel, (children: ReactNode) => ReactNode] {
  const [panel, setPanel] = useState<PagePanel | null>(null);
  const provide = (children: ReactNode) => <SetPanelContext.Provider value={setPanel}>{children}</SetPanelContext.Provider>;
  return [panel, setPanel, provide];
}

/** Shows `panel` in the split panel while it is not null and the page is mounted. */
export function usePageSplitPanel(panel: PagePanel | null): void {
  const setPanel = useContext(SetPanelContext);
  useEffect(() => {
    setPanel?.(panel);
  }, [panel, setPanel]);
  useEffect(() => () => setPanel?.(null), [setPanel]);
}

/** Put on an element inside a page's panel, so the page can find where the open panel begins. */
export const PANEL_BODY_MARK = { 'data-page-panel-body': '' } as const;

/**
 * The bottom split panel opens over the lower part of the page: once it has (after its opening motion),
 * scroll the window so `target` (the row whose details it shows) sits above it instead of behind it.
 */
export function keepAbovePagePanel(target: () => Element | null | undefined): () => void {
  const timer = setTimeout(() => {
    const row = target();
    const panel = document.querySelector('[data-page-panel-body]')?.closest('[role="region"]');
    if (!row || !panel) return;
    const hidden = row.getBoundingClientRect().bottom - panel.getBoundingClientRect().top;
    if (hidden > 0) window.scrollBy({ top: hidden + 16, behavior: 'smooth' });
  }, PANEL_OPENING_MS);
  return () => clearTimeout(timer);
}

/** A little longer than the panel's opening motion, so its final place is measured. */
const PANEL_OPENING_MS = 300;
