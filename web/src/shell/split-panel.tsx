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
